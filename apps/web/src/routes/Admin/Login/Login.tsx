import { Link, Navigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth } from '../../../auth/AuthProvider';

/**
 * Opened by "Sign in again" (AdminLayout) in a new tab, beside a tab whose sign-in ended: '1' on the way to
 * the provider, 'done' on the way back. Always through the provider, even with a stored sign-in: the server may
 * have refused its token (the tab that asked got a 401).
 */
function signInAgainStep(): 'start' | 'done' | null {
  const again = new URLSearchParams(window.location.search).get('again');
  return again === '1' ? 'start' : again === 'done' ? 'done' : null;
}
export const SIGNED_IN_AGAIN_PATH = '/Admin/Login?again=done';

/**
 * The sign-in page of the admin area: one button that goes to the identity provider. Opened by "Sign in
 * again" it goes to the provider at once and, back here signed in, says so: the tab that asked carries on.
 */
export function Login() {
  const auth = useAuth();
  const again = signInAgainStep();
  const startAgain = again === 'start' && !auth.isLoading && !auth.error;
  useEffect(() => {
    if (startAgain) void auth.login(SIGNED_IN_AGAIN_PATH);
  }, [startAgain, auth.login]);

  if (again === 'start' && !auth.error) {
    return (
      <p className="loading-block" role="status">
        <span className="spinner" aria-hidden="true" /> Going to the sign-in…
      </p>
    );
  }
  if (auth.isAuthenticated && again === 'done') {
    return (
      <section className="admin-signin panel">
        <div className="panel-body">
          <h1>Signed in again</h1>
          <p role="status">
            You are signed in again. Go back to the tab you were working in to save your work; you can close
            this one.
          </p>
        </div>
      </section>
    );
  }
  if (auth.isAuthenticated) return <Navigate to="/Admin/Products" replace />;
  return (
    <section className="admin-signin panel">
      <div className="panel-body">
        <h1>Staff sign-in</h1>
        <p>Sign in to manage products, stock, orders and settings.</p>
        {auth.error && (
          <p className="alert alert-danger" role="alert">
            Login failed: {auth.error.message}
          </p>
        )}
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={auth.isLoading}
          onClick={() => void auth.login('/Admin/Products')}
        >
          {auth.isLoading ? 'Checking your sign-in…' : 'Sign in'}
        </button>
        <p className="admin-signin-back">
          <Link to="/">Back to the shop</Link>
        </p>
      </div>
    </section>
  );
}
