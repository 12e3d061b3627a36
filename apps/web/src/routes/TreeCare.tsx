export function TreeCare() {
  return <h1>TreeCare</h1>;
}
