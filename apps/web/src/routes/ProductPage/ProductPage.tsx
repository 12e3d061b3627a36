import { productIdParam, productSlug } from '@nursery/domain';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ProductCard } from '../../components/ProductCard';
import { useSizeClass } from '../../components/useSizeClass';
import { usePageTitle, useProducts, useSiteConfig } from '../../lib/site';
import { showApiFailure } from '../../lib/toast';
import { useRememberedZone } from '../../storefront/hardinessZone';
import { zoneNote } from '../../storefront/zoneNote';
import { NotFound } from '../NotFound/NotFound';
import { ZoneEntry } from '../Products/ZonePanel';

const routeApi = getRouteApi('/Products/$productId/{-$slug}');

/**
 * A product's own page, /Products/{id}/{slug}: the product as its card on the list shows it (photo, species,
 * zones, size, description, price tiers, the same cart button), with the name as the page's heading. It reads
 * the product from the storefront's list, the answer the cart prices from too; the server announces that
 * list in the page's head and writes the product's title, description and structured data there
 * (apps/server/src/productHead.ts).
 */
export function ProductPage() {
  const { productId, slug } = routeApi.useParams();
  const id = productIdParam(productId);
  const products = useProducts();
  const config = useSiteConfig();
  const { showQuantityInput } = useSizeClass();
  const { zone } = useRememberedZone();
  const product = id === null ? undefined : products.data?.find((p) => p.productId === id);
  usePageTitle(product ? product.name : null);

  useEffect(() => {
    if (products.error) showApiFailure(products.error);
  }, [products.error]);

  if (id === null || (products.data && !product)) return <NotFound />;
  if (!product) {
    return (
      <div className="container product-page">
        {products.isError ? (
          <div className="alert alert-danger">
            We could not load this product.{' '}
            <button type="button" className="btn btn-sm" onClick={() => void products.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <div className="loading-block" role="status">
            <span className="spinner" aria-hidden="true" /> Loading product…
          </div>
        )}
      </div>
    );
  }
  // The server sends a visitor at another spelling of the address to this one (301); a link inside the app
  // with an old name's slug gets the same, without a history entry.
  const canonicalSlug = productSlug(product.name);
  if (slug !== canonicalSlug) {
    return (
      <Navigate
        to="/Products/$productId/{-$slug}"
        params={{ productId: String(product.productId), slug: canonicalSlug }}
        replace
      />
    );
  }

  return (
    <div className="container product-page">
      <header className="page-header">
        <Breadcrumb above={['/', '/Products']} here={product.name} />
      </header>
      <ProductZone zone={zone} />
      <ProductCard
        product={product}
        showQuantityInput={showQuantityInput}
        phone={config.data?.shop.phone ?? ''}
        eagerImage
        onPage
        zoneNote={zoneNote(product.zones, zone)}
      />
    </div>
  );
}

/**
 * The customer's zone on a product's page: someone arriving on a shared link can ask whether this plant grows
 * where they live without going to the list first. Closed to one line until asked for, so the product comes first.
 */
function ProductZone({ zone }: { zone: string | null }) {
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <div className="zone-panel panel product-zone">
        <div className="panel-body">
          <ZoneEntry autoFocus onSet={() => setOpen(false)} />
        </div>
      </div>
    );
  }
  if (zone === null) {
    return (
      <button
        type="button"
        className="btn btn-sm btn-secondary zone-open product-zone"
        onClick={() => setOpen(true)}
      >
        Will it grow here? Set your zone
      </button>
    );
  }
  return (
    <div className="zone-panel zone-compact panel product-zone">
      <p className="zone-compact-line">
        Your zone: <strong>{zone}</strong>
      </p>
      <button type="button" className="btn btn-sm btn-link" onClick={() => setOpen(true)}>
        Change zone
      </button>
    </div>
  );
}
