export function AdminOrders() {
  return <h1>AdminOrders</h1>;
}
