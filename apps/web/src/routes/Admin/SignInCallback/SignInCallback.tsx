import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth } from '../../../auth/AuthProvider';

/**
 * /Admin: where the identity provider sends the browser back. The start-up in AuthProvider completes the
 * sign-in; this screen then goes on to the path and query the person first asked for.
 */
export function SignInCallback() {
  const auth = useAuth();
  const router = useRouter();
  const inFrame = typeof window !== 'undefined' && window.self !== window.top;

  useEffect(() => {
    if (inFrame || auth.isLoading || auth.error) return;
    if (auth.isAuthenticated) router.history.replace(auth.returnTo ?? '/Admin/Products');
    else void auth.login(auth.returnTo ?? '/Admin/Products');
  }, [inFrame, auth.isLoading, auth.error, auth.isAuthenticated, auth.returnTo, auth.login, router]);

  if (inFrame) return null;
  if (auth.error) {
    return (
      <div className="admin-signin">
        <p className="alert alert-danger" role="alert">
          Login failed: {auth.error.message}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void auth.login('/Admin/Products')}>
          Try signing in again
        </button>
      </div>
    );
  }
  return (
    <p className="loading-block" role="status">
      <span className="spinner" aria-hidden="true" /> Signing you in…
    </p>
  );
}
