import { readStoredUser, USER_KEY_PREFIX } from './storedUser';

// The access token of the signed-in staff member, kept where every API call can read it. It is restored from
// the stored sign-in on first use, so the storefront (an admin opening an order without its phone number)
// sends it too, not only the admin area.
let accessToken: string | null | undefined;
/** Seconds since the epoch; null when unknown. */
let expiresAt: number | null = null;
const listeners = new Set<() => void>();

function restore(): void {
  const stored = readStoredUser();
  accessToken = stored?.accessToken ?? null;
  expiresAt = stored?.expiresAt ?? null;
}

export function getAccessToken(): string | null {
  if (accessToken === undefined) restore();
  // An expired token would only earn a 401; calls go out anonymous instead.
  if (accessToken && expiresAt !== null && expiresAt * 1000 <= Date.now()) return null;
  return accessToken ?? null;
}

export function setAccessToken(token: string | null, tokenExpiresAt: number | null = null): void {
  if (token === accessToken && tokenExpiresAt === expiresAt) return;
  accessToken = token;
  expiresAt = token ? tokenExpiresAt : null;
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
      const stored = readStoredUser();
      setAccessToken(stored?.accessToken ?? null, stored?.expiresAt ?? null);
    }
  });
}
