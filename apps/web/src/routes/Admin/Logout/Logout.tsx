import { useEffect, useState } from 'react';
import { setAccessToken } from '../../../auth/token';
import { getUserManager } from '../../../auth/userManager';

// Marks a sign-out sent to the provider, so the return to this page ends it instead of starting another.
const RETURNING_KEY = 'nursery.signOutPending';

// One sign-out per page load, even when React runs the effect twice.
let signingOut = false;

function returningFromProvider(): boolean {
  try {
    const pending = sessionStorage.getItem(RETURNING_KEY) !== null;
    sessionStorage.removeItem(RETURNING_KEY);
    return pending || new URLSearchParams(window.location.search).has('state');
  } catch {
    return new URLSearchParams(window.location.search).has('state');
  }
}

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
    setAccessToken(null);
    void (async () => {
      const returning = returningFromProvider();
      // Before the provider's page: the pick-up days the counter kept leave the phone (taps waiting to be sent
      // stay, docs/decisions.md). A failure here must not keep anyone signed in.
      await import('../shared/pickup/counterStore')
        .then((store) => store.forgetKeptDaysUnlessWaiting())
        .catch(() => undefined);
      try {
        const userManager = await getUserManager();
        if (returning) {
          if (new URLSearchParams(window.location.search).has('state')) {
            await userManager.signoutCallback().catch(() => undefined);
          }
          await userManager.removeUser();
          home();
          return;
        }
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
