/**
 * Reads the signed-in user that oidc-client-ts keeps in localStorage (key `oidc.user:{authority}:{client}`)
 * without importing oidc-client-ts, so the storefront can know about a sign-in while its bundle stays small.
 */
export const USER_KEY_PREFIX = 'oidc.user:';

export interface StoredUser {
  accessToken: string;
  /** Seconds since the epoch. */
  expiresAt: number | null;
  name: string;
  email: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (private modes, strict settings): then nobody is remembered.
    return null;
  }
}

/** The stored user whose access token has not expired yet, if any. */
export function readStoredUser(now = Date.now()): StoredUser | null {
  const store = storage();
  if (!store) return null;
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(USER_KEY_PREFIX)) continue;
    try {
      const value = JSON.parse(store.getItem(key) ?? 'null') as {
        access_token?: unknown;
        expires_at?: unknown;
        profile?: { name?: unknown; email?: unknown };
      } | null;
      if (!value || typeof value.access_token !== 'string') continue;
      const expiresAt = typeof value.expires_at === 'number' ? value.expires_at : null;
      if (expiresAt !== null && expiresAt * 1000 <= now) continue;
      return {
        accessToken: value.access_token,
        expiresAt,
        name: typeof value.profile?.name === 'string' ? value.profile.name : '',
        email: typeof value.profile?.email === 'string' ? value.profile.email : '',
      };
    } catch {
      // A damaged entry is ignored; oidc-client-ts replaces it at the next sign-in.
    }
  }
  return null;
}
