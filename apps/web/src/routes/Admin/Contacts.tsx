export function AdminContacts() {
  return <h1>AdminContacts</h1>;
}
