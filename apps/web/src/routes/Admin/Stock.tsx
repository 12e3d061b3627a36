export function AdminStock() {
  return <h1>AdminStock</h1>;
}
