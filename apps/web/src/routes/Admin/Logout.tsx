import { useEffect, useState } from 'react';
import { setAccessToken } from '../../auth/token';
import { getUserManager } from '../../auth/userManager';

/**
 * /Admin/Logout, outside the admin layout: clears the stored token, ends the session at the identity provider,
 * and, when the provider sends the browser back here, returns to the shop's home page.
 */
// One sign-out per page load, even when React runs the effect twice.
let signingOut = false;

export function Logout() {
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (signingOut) return;
    signingOut = true;
    let cancelled = false;
    const home = () => window.location.replace(`${window.location.origin}/`);
    setAccessToken(null);
    (async () => {
      try {
        const userManager = await getUserManager();
        if (new URLSearchParams(window.location.search).has('state')) {
          // Back from the provider's end-session page.
          await userManager.signoutCallback().catch(() => undefined);
          await userManager.removeUser();
          if (!cancelled) home();
          return;
        }
        const user = await userManager.getUser();
        await userManager.removeUser();
        await userManager.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
      } catch (error) {
        // No end-session endpoint at the provider, or it is unreachable: the local sign-out stands.
        console.error(error);
        if (!cancelled) setProblem('You are signed out on this device.');
        home();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <p className="loading-block" role="status">
      <span className="spinner" aria-hidden="true" /> {problem ?? 'Signing you out…'}
    </p>
  );
}
