/** The phone's sign-out mark, read where a sign-in could be taken up again (signOut.ts, userManager.ts). */

// Set by a sign-out on this phone and cleared by the next sign-in that completes. The provider may still hold
// the session (its end-session page never reached from the yard, or a provider without one): until someone
// signs in again the phone never reuses it, so the next person types their own password.
export const SIGNED_OUT_KEY = 'nursery.signedOut';

/** Whether the last thing done on this browser was a sign-out, with no sign-in since. */
export function signedOutOnThisPhone(): boolean {
  try {
    return localStorage.getItem(SIGNED_OUT_KEY) !== null;
  } catch {
    return false;
  }
}

/** A sign-in completed: the session the provider hands over is the one to renew from now on. */
export function signedInOnThisPhone(): void {
  try {
    localStorage.removeItem(SIGNED_OUT_KEY);
  } catch {
    // Without storage there was no mark to clear.
  }
}
