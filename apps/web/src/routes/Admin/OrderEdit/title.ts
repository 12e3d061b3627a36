/** The editor's title and heading (the spec's words): its route shows it as the page title too. */
export function orderEditTitle(orderId: string | undefined): string {
  return orderId ? `Modifying Order ${orderId}` : 'Creating new Order';
}
