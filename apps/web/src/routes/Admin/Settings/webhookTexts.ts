// The Webhooks section's texts, apart from the component so the browser test can compare against them.

export const WEBHOOK_SECRET_SHOWN_ONCE =
  'This signing secret is shown only once: copy it now into the receiver’s configuration. The receiver checks every delivery with it (a Standard Webhooks library does this); if it is lost, remove the endpoint and add it again.';

export function removeEndpointQuestion(url: string): string {
  return `Remove the endpoint ${url}? Nothing more is sent to it, and its deliveries are removed from this list. This cannot be undone.`;
}

export const DELIVERY_STATUS_TEXT = {
  pending: 'waiting',
  delivered: 'delivered',
  failed: 'given up',
} as const;
