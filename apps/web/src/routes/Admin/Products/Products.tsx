import { DELETED_PRODUCT, FLAGS_UPDATED } from '@nursery/domain';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { PRODUCTS_SEARCH_KEYS } from '../shared/catalog/fuzzy';
import { ProductModal } from '../shared/catalog/ProductModal';
import { idAndNameColumns, ProductTable } from '../shared/catalog/ProductTable';
import { StatusDropdown } from '../shared/catalog/StatusDropdown';
import type { AdminProduct } from '../shared/catalog/types';
import { useBrandFlagLabel, useReloadCatalog, useReplaceProduct } from '../shared/catalog/useAdminProducts';
import { ProductOrdersModal } from './ProductOrdersModal';
import '../shared/catalog/catalog.css';
import { confirm } from '../../../components/ConfirmDialog';
import { SmallButton } from '../../../components/SmallButton';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';

/**
 * What the Flags and action cells need from the screen. The cells read it from context so the column
 * definitions never change: a new cell function would make the table remount every cell, destroying the
 * button that has focus (a modal could not hand focus back, a toggled checkbox would lose it).
 */
interface RowActions {
  brandLabel: string;
  showDelete: boolean;
  flagsPending: boolean;
  deletePending: boolean;
  setFlag: (product: AdminProduct, isDougs: boolean) => void;
  edit: (product: AdminProduct) => void;
  showOrders: (product: AdminProduct) => void;
  remove: (product: AdminProduct) => void;
}
const RowActionsContext = createContext<RowActions | null>(null);

function useRowActions(): RowActions {
  const actions = useContext(RowActionsContext);
  if (!actions) throw new Error('Product row cells render inside the products table only');
  return actions;
}

function FlagsCell({ product }: { product: AdminProduct }) {
  const { brandLabel, flagsPending, setFlag } = useRowActions();
  return (
    <label className="form-check nowrap">
      <input
        type="checkbox"
        checked={product.isDougs}
        disabled={flagsPending}
        onChange={(e) => setFlag(product, e.target.checked)}
      />
      <span>{brandLabel}</span>
    </label>
  );
}

function ActionsCell({ product }: { product: AdminProduct }) {
  const { showDelete, deletePending, edit, showOrders, remove } = useRowActions();
  return (
    <div className="action-buttons">
      <SmallButton tone="primary" onClick={() => edit(product)} aria-label={`Edit ${product.name}`}>
        Edit
      </SmallButton>
      <SmallButton
        tone="info"
        onClick={() => showOrders(product)}
        aria-label={`Show orders of ${product.name}`}
      >
        Orders
      </SmallButton>
      {showDelete ? (
        <SmallButton
          tone="danger"
          disabled={deletePending}
          aria-label={`Delete ${product.name}`}
          onClick={() => remove(product)}
        >
          Delete
        </SmallButton>
      ) : null}
    </div>
  );
}

/** The product management screen: every product with this season's figures, status, flags and actions. */
export function AdminProducts() {
  const brandLabel = useBrandFlagLabel();
  const reloadCatalog = useReloadCatalog();
  const replaceProduct = useReplaceProduct();
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
      ...idAndNameColumns((p) => (
        <>
          <strong>{p.name}</strong>
          {p.productSize ? <div className="text-muted">{p.productSize}</div> : null}
        </>
      )),
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
        cell: ({ row }) => <FlagsCell product={row.original} />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        cell: ({ row }) => <ActionsCell product={row.original} />,
      },
    ],
    [],
  );

  const { mutate: mutateFlags, isPending: flagsPending } = updateFlags;
  const { mutate: mutateDelete, isPending: deletePending } = deleteProduct;
  const rowActions = useMemo<RowActions>(
    () => ({
      brandLabel,
      showDelete,
      flagsPending,
      deletePending,
      setFlag: (product, isDougs) => mutateFlags({ productId: product.productId, isDougs }),
      edit: (product) => setEditing({ product }),
      showOrders: setOrdersOf,
      remove: async (product) => {
        const yes = await confirm(
          `Are you sure you want to delete ${product.displayNameAndSize}? It leaves the shop but stays on past orders.`,
          { tone: 'danger', confirmText: 'Delete' },
        );
        if (yes) mutateDelete({ productId: product.productId });
      },
    }),
    [brandLabel, showDelete, flagsPending, deletePending, mutateFlags, mutateDelete],
  );

  return (
    <section>
      <h1>Products - Admin</h1>
      <RowActionsContext value={rowActions}>
        <ProductTable
          columns={columns}
          searchKeys={PRODUCTS_SEARCH_KEYS}
          onAdd={() => setEditing({ product: null })}
          toolbarEnd={
            <>
              <span className="spacer" />
              {showDelete ? <span className="label label-danger">Delete enabled</span> : null}
            </>
          }
          emptyText="No products yet: use Add Product..."
          caption="Products"
          testId="admin-products-table"
        />
      </RowActionsContext>
      <ProductModal
        open={editing !== null}
        product={editing?.product ?? null}
        onClose={() => setEditing(null)}
      />
      <ProductOrdersModal product={ordersOf} onClose={() => setOrdersOf(null)} />
    </section>
  );
}
