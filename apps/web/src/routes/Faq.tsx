export function Faq() {
  return <h1>Faq</h1>;
}
