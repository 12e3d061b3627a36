export function SignInCallback() {
  return <h1>SignInCallback</h1>;
}
