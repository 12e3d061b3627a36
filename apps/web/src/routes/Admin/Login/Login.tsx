import { Link, Navigate } from '@tanstack/react-router';
import { useAuth } from '../../../auth/AuthProvider';

/** The sign-in page of the admin area: one button that goes to the identity provider. */
export function Login() {
  const auth = useAuth();
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
