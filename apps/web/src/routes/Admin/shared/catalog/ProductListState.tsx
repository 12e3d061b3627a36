import type { ReactNode } from 'react';
import type { AdminProduct } from './types';
import type { useAdminProducts } from './useAdminProducts';

/**
 * What the three catalogue screens show before their list: a spinner while it loads, and when it
 * cannot be loaded the reason with a way to try again; otherwise the screen's own table.
 */
export function ProductListState({
  products,
  children,
}: {
  products: ReturnType<typeof useAdminProducts>;
  children: (list: AdminProduct[]) => ReactNode;
}) {
  if (products.isPending) {
    return (
      <div className="loading-block">
        <span className="spinner" aria-hidden="true" /> Loading products...
      </div>
    );
  }
  if (products.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        The products could not be loaded: {products.error.message}{' '}
        <button type="button" className="btn btn-sm btn-secondary" onClick={() => void products.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children(products.data)}</>;
}
