import { useEffect, useState } from 'react';
import { forgetSignInOnThisPhone, returningFromProvider, signOutAtProvider } from '../../../auth/signOut';
import { getUserManager } from '../../../auth/userManager';

// One sign-out per page load, even when React runs the effect twice.
let signingOut = false;

/**
 * /Admin/Logout, outside the admin layout: clears the stored token, ends the session at the identity provider,
 * and, when the provider sends the browser back here, returns to the shop's home page.
 */
export function Logout() {
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (signingOut) return;
    signingOut = true;
    const home = () => window.location.replace(`${window.location.origin}/`);
    void (async () => {
      const returning = returningFromProvider();
      await forgetSignInOnThisPhone();
      try {
        const userManager = await getUserManager();
        // No more quiet renewals by a manager made before this sign-out (on the page the Logout link left); a
        // sign-in one of them stores anyway is dropped by the next start-up while the phone is marked signed out.
        userManager.stopSilentRenew();
        if (returning) {
          if (new URLSearchParams(window.location.search).has('state')) {
            await userManager.signoutCallback().catch(() => undefined);
          }
          await userManager.removeUser();
          home();
          return;
        }
        await signOutAtProvider(userManager);
      } catch (error) {
        // No end-session endpoint at the provider, or it is unreachable: the local sign-out stands.
        console.error(error);
        setProblem('You are signed out on this device.');
        home();
      }
    })();
  }, []);

  return (
    <p className="loading-block" role="status">
      <span className="spinner" aria-hidden="true" /> {problem ?? 'Signing you out…'}
    </p>
  );
}
