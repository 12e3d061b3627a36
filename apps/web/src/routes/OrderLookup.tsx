export function OrderLookup() {
  return <h1>OrderLookup</h1>;
}
