import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        We could not find that page. <Link to="/Products">Browse our plants</Link> or go back{' '}
        <Link to="/">home</Link>.
      </p>
    </section>
  );
}
