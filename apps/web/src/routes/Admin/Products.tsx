export function AdminProducts() {
  return <h1>AdminProducts</h1>;
}
