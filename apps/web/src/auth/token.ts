import { readStoredUser, USER_KEY_PREFIX } from './storedUser';

// The access token of the signed-in staff member, kept where every API call can read it. It is restored from
// the stored sign-in on first use, so the storefront (an admin opening an order without its phone number)
// sends it too, not only the admin area.
let accessToken: string | null | undefined;
const listeners = new Set<() => void>();

export function getAccessToken(): string | null {
  if (accessToken === undefined) accessToken = readStoredUser()?.accessToken ?? null;
  return accessToken;
}

export function setAccessToken(token: string | null): void {
  if (token === accessToken) return;
  accessToken = token;
  for (const listener of listeners) listener();
}

/** Called whenever the token changes (sign-in, renewal, sign-out, another tab). Answers the unsubscribe. */
export function onAccessTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab signed in, renewed or signed out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(USER_KEY_PREFIX)) {
      setAccessToken(readStoredUser()?.accessToken ?? null);
    }
  });
}
