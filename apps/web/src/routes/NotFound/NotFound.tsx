import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/site';

export function NotFound() {
  usePageTitle('Page not found');
  return (
    <div className="container narrow-page not-found">
      <h1>Page not found</h1>
      <p className="lead">We could not find that page. It may have moved, or the address may be mistyped.</p>
      <p className="row-gap">
        <Link to="/Products" className="btn btn-primary">
          Browse our plants
        </Link>
        <Link to="/" className="btn">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
