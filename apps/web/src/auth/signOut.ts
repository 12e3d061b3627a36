import type { UserManager } from 'oidc-client-ts';
import { SIGNED_OUT_KEY, signedOutOnThisPhone } from './signedOutMark';
import { setAccessToken } from './token';
import type { SignInState } from './userManager';

// Marks a sign-out sent to the provider, so the return to /Admin/Logout ends it instead of starting another.
const RETURNING_KEY = 'nursery.signOutPending';
/**
 * Sends the browser to the provider's sign-in, coming back to `returnTo`. After a sign-out on this phone the
 * provider is asked for its sign-in page even if it kept a session.
 */
export async function signInAtProvider(userManager: UserManager, returnTo: string): Promise<void> {
  // A nonce binds the ID token to this request, on top of PKCE and the state.
  const state: SignInState = { returnTo };
  await userManager.signinRedirect({
    state,
    nonce: crypto.randomUUID(),
    ...(signedOutOnThisPhone() ? { prompt: 'login' } : {}),
  });
}

/**
 * What a sign-out leaves on this phone, whichever screen starts it, before anything at the provider: no token,
 * and the pick-up days the counter kept deleted unless taps still wait to be sent (docs/decisions.md). It
 * comes first because the provider may be out of reach (the yard's network): the phone is cleared anyway.
 * A failure here must not keep anyone signed in.
 */
export async function forgetSignInOnThisPhone(): Promise<void> {
  setAccessToken(null);
  try {
    localStorage.setItem(SIGNED_OUT_KEY, new Date().toISOString());
  } catch {
    // Private browsing without storage: the provider's end-session is then the only guard.
  }
  // Loaded only now: the counter's store stays out of every screen that never signs out.
  await import('../routes/Admin/shared/pickup/counterStore')
    .then((store) => store.forgetKeptDaysUnlessWaiting())
    .catch(() => undefined);
}

/** Whether this load of /Admin/Logout is the provider sending the browser back after the sign-out. */
export function returningFromProvider(): boolean {
  const withState = new URLSearchParams(window.location.search).has('state');
  try {
    const pending = sessionStorage.getItem(RETURNING_KEY) !== null;
    sessionStorage.removeItem(RETURNING_KEY);
    return pending || withState;
  } catch {
    return withState;
  }
}

/**
 * Forgets the stored sign-in and ends the session at the provider, which sends the browser back through
 * /Admin/Logout to the shop's home. Throws when the provider has no end-session endpoint or cannot be reached:
 * the local sign-out then stands.
 */
export async function signOutAtProvider(userManager: UserManager): Promise<void> {
  // A renewal would store the sign-in again at the provider's still-open session (docs/decisions.md).
  userManager.stopSilentRenew();
  const user = await userManager.getUser();
  await userManager.removeUser();
  try {
    sessionStorage.setItem(RETURNING_KEY, '1');
  } catch {
    // Without session storage the provider's state parameter still marks the return.
  }
  await userManager.signoutRedirect({
    ...(user?.id_token ? { id_token_hint: user.id_token } : {}),
    state: { returnTo: '/' },
  });
}
