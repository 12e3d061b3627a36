import { useSyncExternalStore } from 'react';
import { getAccessToken, onAccessTokenChange } from './token';

/**
 * Whether a staff member is signed in on this browser, for the public navigation's Admin link.
 * Light on purpose: it reads the stored token and never loads the OpenID client into the storefront.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    onAccessTokenChange,
    () => getAccessToken() !== null,
    () => false,
  );
}
