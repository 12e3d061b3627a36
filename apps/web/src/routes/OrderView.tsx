export function OrderView() {
  return <h1>OrderView</h1>;
}
