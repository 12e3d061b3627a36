import { Link, Outlet } from '@tanstack/react-router';
import { AppToaster } from './AppToaster';
import { ConfirmHost } from './ConfirmDialog';

export function RootLayout() {
  return (
    <>
      <nav aria-label="Main">
        <Link to="/">Home</Link> <Link to="/Products">Products</Link> <Link to="/FAQ">FAQ</Link>{' '}
        <Link to="/TreeCare">Tree Care</Link> <Link to="/Contact">Contact</Link>
      </nav>
      <main>
        <Outlet />
      </main>
      <AppToaster />
      <ConfirmHost />
    </>
  );
}
