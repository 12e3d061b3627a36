export function AdminOrderEdit() {
  return <h1>AdminOrderEdit</h1>;
}
