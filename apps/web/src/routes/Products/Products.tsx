import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  lazy,
  type ReactNode,
  Suspense,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Breadcrumb } from '../../components/Breadcrumb';
import { ProductCard } from '../../components/ProductCard';
import { useSizeClass } from '../../components/useSizeClass';
import { useAdoptingServerPage } from '../../lib/adoption';
import { publicQueryKey } from '../../lib/publicApi';
import { useProducts, useSiteConfig } from '../../lib/site';
import { showApiFailure } from '../../lib/toast';
import { useTypedBeforeAdoption } from '../../lib/typedBeforeAdoption';
import { createSearchIndex, loadFuse, searchProducts, useFuse } from '../../storefront/search';
import { storedZone } from '../../storefront/zoneKey';
import { filterActions, useFilters } from './filterStore';
import {
  isTypeActive,
  isUnfiltered,
  type ProductTypeCount,
  productTypeCounts,
  visibleProducts,
} from './filters';
import { REVEAL_PLACEHOLDER_HEIGHT_PX, useDrawnCount, useProgressiveReveal } from './useProgressiveReveal';
import type { ZoneView } from './ZonePanel';

/** Its own chunk: loaded when the customer asks for it or has a zone remembered (./ZonePanel.tsx). */
const ZonePanel = lazy(() => import('./ZonePanel').then((m) => ({ default: m.ZonePanel })));

const routeApi = getRouteApi('/Products');

/** Cards above the fold on a wide screen load their images at once. */
const EAGER_IMAGES = 6;

/** One empty list while none has come: a new [] each render restarted the reveal (keyed on the list) forever. */
const NO_PRODUCTS: NonNullable<ReturnType<typeof useProducts>['data']> = [];

export function Products() {
  const { ignoreCache } = routeApi.useSearch();
  const products = useProducts(ignoreCache === true);
  const queryClient = useQueryClient();
  const config = useSiteConfig();
  const { activeProductTypes, filterText } = useFilters();
  const deferredText = useDeferredValue(filterText);
  const { sizeClass, showQuantityInput } = useSizeClass();

  useEffect(() => {
    if (products.error) showApiFailure(products.error);
  }, [products.error]);

  // A list fetched past the cache is the freshest there is: the cart reads it too.
  useEffect(() => {
    if (ignoreCache && products.data) {
      queryClient.setQueryData(publicQueryKey('catalog.productsToShow'), products.data);
    }
  }, [ignoreCache, products.data, queryClient]);

  const fetched = products.data ?? NO_PRODUCTS;
  // The list is drawn in a deferred render, which React does in slices of a few milliseconds: drawn in one go,
  // a phone's main thread was held for its whole first render of a hundred and more cards (Lighthouse counted
  // it all as blocking time). The loading state stays until that render is done. A list already in the cache
  // when the page opens (Back from a product page) is drawn at once: a first render of only the loading state
  // left the page too short for the browser to put the customer back where they were in the list.
  const [inCacheAtOpen] = useState(fetched);
  const list = useDeferredValue(fetched, inCacheAtOpen);
  const loading = products.isLoading || (list.length === 0 && fetched.length > 0);
  const counts = useMemo(() => productTypeCounts(list), [list]);
  const allTypeIds = useMemo(() => counts.map((c) => c.productTypeId), [counts]);
  const searching = deferredText.trim() !== '';
  const FuseCtor = useFuse(searching);
  const index = useMemo(() => (FuseCtor ? createSearchIndex(FuseCtor, list) : null), [FuseCtor, list]);
  // Until Fuse has loaded (a moment after the first focus on the box) the list stays as it was.
  const results = useMemo(() => (index ? searchProducts(index, deferredText) : null), [index, deferredText]);
  const visible = useMemo(
    () => visibleProducts(list, results, activeProductTypes),
    [list, results, activeProductTypes],
  );
  // A zone remembered when the page opens opens its panel; read once the page is drawn, since the page the server
  // wrote knows of none (before the first paint on any other opening).
  const [zonePanel, setZonePanel] = useState<'closed' | 'asked' | 'remembered'>('closed');
  useLayoutEffect(() => {
    if (storedZone() !== null) setZonePanel((panel) => (panel === 'closed' ? 'remembered' : panel));
  }, []);
  const [zoneView, setZoneView] = useState<ZoneView | null>(null);
  const listed = useMemo(
    () => (zoneView ? visible.filter((p) => !zoneView.hides(p.productId)) : visible),
    [visible, zoneView],
  );
  const unfiltered = isUnfiltered(activeProductTypes, deferredText, allTypeIds);
  const listedIds = useMemo(() => listed.map((p) => p.productId), [listed]);
  const reveal = useProgressiveReveal(listedIds, unfiltered, list);
  // The whole list at once when it was in the cache at open (Back from a product), but not on a page the server
  // wrote, which holds the first products only: in one go, its adoption held a phone's main thread.
  const adopting = useAdoptingServerPage();
  const drawnCount = useDrawnCount(listed.length, !adopting && inCacheAtOpen.length > 0);
  const phone = config.data?.shop.phone ?? '';
  const zoneFiltering = zoneView?.filtering === true;
  // Every filter, the zone panel's "Only plants for my zone" too; the remembered zone itself stays.
  const clearFilters = () => {
    filterActions.clear();
    zoneView?.stopFiltering();
  };

  return (
    <div className="container products-page">
      <header className="page-header">
        <Breadcrumb above={['/']} here="Products" />
        <h1>Products</h1>
      </header>

      <div className="products-layout">
        <aside className="products-sidebar" aria-label="Search and categories">
          <ProductFilters
            counts={counts}
            allTypeIds={allTypeIds}
            collapsible={sizeClass !== 'desktop'}
            resultCount={listed.length}
            loading={loading}
            zoneFiltering={zoneFiltering}
            onClear={clearFilters}
          />
          {zonePanel === 'closed' ? (
            <button
              type="button"
              className="btn btn-sm btn-secondary zone-open"
              onClick={() => setZonePanel('asked')}
            >
              Will it grow here? Set your zone
            </button>
          ) : (
            <Suspense fallback={null}>
              <ZonePanel
                products={list}
                onView={setZoneView}
                autoFocus={zonePanel === 'asked'}
                compact={sizeClass !== 'desktop'}
              />
            </Suspense>
          )}
        </aside>

        <section className="products-list" aria-label="Product list" aria-busy={loading}>
          {loading ? (
            <div className="loading-block" role="status">
              <span className="spinner" aria-hidden="true" /> Loading products…
            </div>
          ) : products.isError && list.length === 0 ? (
            <div className="alert alert-danger">
              We could not load the product list.{' '}
              <button type="button" className="btn btn-sm" onClick={() => void products.refetch()}>
                Try again
              </button>
            </div>
          ) : list.length === 0 ? (
            <NoResults
              title="No products yet"
              text="There is nothing in the catalogue yet. Please check back soon."
            />
          ) : listed.length === 0 ? (
            <NoResults title="No products match" text="Try a different spelling, or show every category.">
              <button type="button" className="btn btn-primary" onClick={clearFilters}>
                Clear Filters
              </button>
            </NoResults>
          ) : (
            <div className="product-grid" ref={reveal.listRef}>
              {listed.slice(0, drawnCount).map((product, i) => (
                <ProductCard
                  key={product.productId}
                  product={product}
                  showQuantityInput={showQuantityInput}
                  phone={phone}
                  eagerImage={i < EAGER_IMAGES}
                  zoneNote={zoneView?.note(product.productId) ?? null}
                  placeholderHeight={
                    reveal.isDrawn(product.productId, i) ? undefined : REVEAL_PLACEHOLDER_HEIGHT_PX
                  }
                />
              ))}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function ProductFilters({
  counts,
  allTypeIds,
  collapsible,
  resultCount,
  loading,
  zoneFiltering,
  onClear,
}: {
  counts: readonly ProductTypeCount[];
  allTypeIds: readonly number[];
  collapsible: boolean;
  resultCount: number;
  loading: boolean;
  zoneFiltering: boolean;
  onClear: () => void;
}) {
  const { activeProductTypes, filterText } = useFilters();
  const searchId = useId();
  const searchField = useRef<HTMLInputElement>(null);
  useTypedBeforeAdoption(searchField, filterText, filterActions.setFilterText);
  const filtered = zoneFiltering || !isUnfiltered(activeProductTypes, filterText, allTypeIds);

  const categories = (
    <fieldset className="category-list">
      <legend className="sidebar-heading">Categories</legend>
      <ul>
        {counts.map((type) => {
          const checked = isTypeActive(activeProductTypes, type.productTypeId);
          const inputId = `${searchId}-type-${type.productTypeId}`;
          return (
            <li key={type.productTypeId} className="category-item">
              <input
                id={inputId}
                type="checkbox"
                checked={checked}
                onChange={() => filterActions.toggle(type.productTypeId, allTypeIds)}
              />
              <label htmlFor={inputId}>
                {type.productType} <span className="category-count">({type.count})</span>
              </label>
              <button
                type="button"
                className="btn btn-sm btn-link category-solo"
                onClick={() => filterActions.solo(type.productTypeId)}
                aria-label={`Show only ${type.productType}`}
              >
                Only
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );

  return (
    <div className="filters panel">
      <div className="panel-body">
        <div className="form-group">
          <label className="sidebar-heading" htmlFor={searchId}>
            Search
          </label>
          <input
            ref={searchField}
            id={searchId}
            type="search"
            className="form-control"
            placeholder="Name, species, zone…"
            value={filterText}
            autoComplete="off"
            maxLength={100}
            onFocus={() => void loadFuse()}
            onPointerDown={() => void loadFuse()}
            onChange={(event) => filterActions.setFilterText(event.target.value)}
          />
        </div>
        {collapsible ? (
          <details className="category-details">
            <summary>Categories{counts.length ? ` (${counts.length})` : ''}</summary>
            {categories}
          </details>
        ) : (
          categories
        )}
        <div className="filters-footer">
          <p className="result-count" aria-live="polite">
            {loading ? '' : `${resultCount} ${resultCount === 1 ? 'product' : 'products'}`}
          </p>
          <button type="button" className="btn btn-sm btn-secondary" onClick={onClear} disabled={!filtered}>
            Clear Filters
          </button>
        </div>
      </div>
    </div>
  );
}

/** In place of the list when it shows nothing: why, and what to do. */
function NoResults({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="no-results panel">
      <div className="panel-body">
        <h2>{title}</h2>
        <p>{text}</p>
        {children}
      </div>
    </div>
  );
}
