import { DELETED_PRODUCT, FLAGS_UPDATED } from '@nursery/domain';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef, FilterFn } from '@tanstack/react-table';
import type { FuseOptionKey } from 'fuse.js';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useFuzzyMatches } from '../../admin/catalog/fuzzy';
import { ProductModal } from '../../admin/catalog/ProductModal';
import { ProductOrdersModal } from '../../admin/catalog/ProductOrdersModal';
import { StatusDropdown } from '../../admin/catalog/StatusDropdown';
import type { AdminProduct } from '../../admin/catalog/types';
import {
  useAdminProducts,
  useBrandFlagLabel,
  useReloadCatalog,
  useReplaceProduct,
} from '../../admin/catalog/useAdminProducts';
import '../../admin/catalog/catalog.css';
import { confirm } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { notify, showApiFailure } from '../../lib/toast';
import { trpc } from '../../trpc';

const productId = (p: AdminProduct) => p.productId;
const SEARCH_KEYS: FuseOptionKey<AdminProduct>[] = [
  'name',
  'species',
  'description',
  'productType',
  'productSize',
  'zones',
  'displayProductStatus',
];

/** The product management screen: every product with this season's figures, status, flags and actions. */
export function AdminProducts() {
  useEffect(() => {
    document.title = 'Products - Admin';
  }, []);
  const products = useAdminProducts();
  const brandLabel = useBrandFlagLabel();
  const reloadCatalog = useReloadCatalog();
  const replaceProduct = useReplaceProduct();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ product: AdminProduct | null } | null>(null);
  const [ordersOf, setOrdersOf] = useState<AdminProduct | null>(null);
  // The delete buttons are hidden behind Ctrl+Shift+` so a busy morning cannot lose a product by a slip.
  const [showDelete, setShowDelete] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && event.code === 'Backquote') {
        event.preventDefault();
        setShowDelete((v) => !v);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const matches = useFuzzyMatches(products.data, SEARCH_KEYS, filter, productId);
  const fuzzyFilter = useCallback<FilterFn<AdminProduct>>(
    (row) => matches === null || matches.has(row.original.productId),
    [matches],
  );

  const updateFlags = useMutation(
    trpc.catalog.updateFlags.mutationOptions({
      onSuccess: (product) => {
        replaceProduct(product.productId, product);
        notify.success(FLAGS_UPDATED);
      },
      onError: (error) => {
        showApiFailure(error);
        void reloadCatalog();
      },
    }),
  );
  const deleteProduct = useMutation(
    trpc.catalog.delete.mutationOptions({
      onSuccess: ({ productId: id }) => {
        replaceProduct(id, null);
        notify.success(DELETED_PRODUCT);
        void reloadCatalog();
      },
      onError: showApiFailure,
    }),
  );

  const columns = useMemo<ColumnDef<AdminProduct>[]>(
    () => [
      { id: 'productId', header: 'Id', accessorKey: 'productId', meta: { width: '4.5rem' } },
      {
        id: 'name',
        header: 'Name',
        accessorKey: 'name',
        cell: ({ row }) => (
          <>
            <strong>{row.original.name}</strong>
            {row.original.productSize ? <div className="text-muted">{row.original.productSize}</div> : null}
          </>
        ),
      },
      { id: 'productType', header: 'Type', accessorKey: 'productType' },
      { id: 'species', header: 'Species', accessorKey: 'species' },
      {
        id: 'productStatus',
        header: 'Status',
        accessorKey: 'displayProductStatus',
        cell: ({ row }) => <StatusDropdown product={row.original} />,
      },
      {
        id: 'numSold',
        header: 'Num Sold',
        accessorKey: 'numSold',
        cell: ({ row }) => row.original.displayNumSold,
        meta: { className: 'text-right' },
      },
      {
        id: 'productRevenue',
        header: 'Revenue',
        accessorKey: 'productRevenue',
        cell: ({ row }) => row.original.displayProductRevenue,
        meta: { className: 'text-right' },
      },
      {
        id: 'calculatedStock',
        header: 'Stock',
        accessorFn: (p) => p.calculatedStock ?? Number.POSITIVE_INFINITY,
        cell: ({ row }) => row.original.displayCalculatedStock,
        meta: { className: 'text-right' },
      },
      {
        id: 'flags',
        header: 'Flags',
        accessorKey: 'isDougs',
        cell: ({ row }) => (
          <label className="form-check nowrap">
            <input
              type="checkbox"
              checked={row.original.isDougs}
              disabled={updateFlags.isPending}
              onChange={(e) =>
                updateFlags.mutate({ productId: row.original.productId, isDougs: e.target.checked })
              }
            />
            <span>{brandLabel}</span>
          </label>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <div className="action-buttons">
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => setEditing({ product: row.original })}
              aria-label={`Edit ${row.original.name}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-sm btn-info"
              onClick={() => setOrdersOf(row.original)}
              aria-label={`Show orders of ${row.original.name}`}
            >
              Orders
            </button>
            {showDelete ? (
              <button
                type="button"
                className="btn btn-sm btn-danger"
                disabled={deleteProduct.isPending}
                aria-label={`Delete ${row.original.name}`}
                onClick={async () => {
                  const yes = await confirm(
                    `Are you sure you want to delete ${row.original.displayNameAndSize}? It leaves the shop but stays on past orders.`,
                    { tone: 'danger', confirmText: 'Delete' },
                  );
                  if (yes) deleteProduct.mutate({ productId: row.original.productId });
                }}
              >
                Delete
              </button>
            ) : null}
          </div>
        ),
      },
    ],
    [brandLabel, showDelete, updateFlags, deleteProduct],
  );

  return (
    <section>
      <h1>Products - Admin</h1>
      <div className="admin-toolbar">
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ product: null })}>
          Add Product...
        </button>
        <input
          type="search"
          className="form-control"
          placeholder="Filter Products..."
          aria-label="Filter Products"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <span className="spacer" />
        {showDelete ? <span className="label label-danger">Delete enabled</span> : null}
      </div>
      {products.isPending ? (
        <div className="loading-block">
          <span className="spinner" aria-hidden="true" /> Loading products...
        </div>
      ) : products.isError ? (
        <div className="alert alert-danger" role="alert">
          The products could not be loaded: {products.error.message}{' '}
          <button type="button" className="btn btn-sm btn-secondary" onClick={() => void products.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <DataTable
          data={products.data}
          columns={columns}
          globalFilter={filter}
          globalFilterFn={fuzzyFilter}
          initialSorting={[{ id: 'name', desc: false }]}
          getRowId={(p) => String(p.productId)}
          emptyText={filter ? 'No products match the filter.' : 'No products yet: use Add Product...'}
          caption="Products"
          testId="admin-products-table"
        />
      )}
      <ProductModal
        open={editing !== null}
        product={editing?.product ?? null}
        onClose={() => setEditing(null)}
      />
      <ProductOrdersModal product={ordersOf} onClose={() => setOrdersOf(null)} />
    </section>
  );
}
