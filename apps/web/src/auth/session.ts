/**
 * Placeholder written by the storefront work so the navigation can ask "is someone signed in?";
 * the sign-in work owns this file and replaces it with the real session.
 */
export function useSignedIn(): boolean {
  return false;
}
