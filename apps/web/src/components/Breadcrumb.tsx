import { Link } from '@tanstack/react-router';

/**
 * Where a storefront page stands: Home, the pages above it as links, and the page itself (aria-current), so a
 * customer who came in from a search sees the way back to the whole catalogue.
 */
export function Breadcrumb({ above, here }: { above: readonly ('/' | '/Products')[]; here: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="breadcrumb">
        {above.map((to) => (
          <li key={to}>
            <Link to={to}>{to === '/' ? 'Home' : 'Products'}</Link>
          </li>
        ))}
        <li aria-current="page">{here}</li>
      </ol>
    </nav>
  );
}
