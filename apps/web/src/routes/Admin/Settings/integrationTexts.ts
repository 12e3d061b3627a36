// The Integrations section's texts, apart from the component so the browser test can compare against them.

export const SECRET_SHOWN_ONCE =
  'This secret is shown only once: copy it now into the program’s secret store. The shop keeps only a hash of it, so it cannot be shown again; if it is lost, revoke the client and create a new one.';

export function revokeQuestion(name: string): string {
  return `Revoke ${name}? Its tokens stop working at once and it cannot get new ones. This cannot be undone.`;
}
