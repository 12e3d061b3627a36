export function AdminSettings() {
  return <h1>AdminSettings</h1>;
}
