import type { ColumnDef, SortingState } from '@tanstack/react-table';
import type { FuseOptionKey } from 'fuse.js';
import type { ReactNode } from 'react';
import { DataTable } from '../../../../components/DataTable';
import { ListFilter } from '../ListFilter';
import { useListSearch } from '../useListSearch';
import { useFuzzyProducts } from './fuzzy';
import { ProductListState } from './ProductListState';
import type { AdminProduct } from './types';
import { useAdminProducts } from './useAdminProducts';

const BY_NAME: SortingState = [{ id: 'name', desc: false }];
/** No column: the rows as given, which while a search is typed is best match first. */
const BY_RELEVANCE: SortingState = [];
const productRowId = (product: AdminProduct) => String(product.productId);

/** The product's id, the first column of both catalogue lists. */
const PRODUCT_ID_COLUMN: ColumnDef<AdminProduct> = {
  id: 'productId',
  header: 'Id',
  accessorKey: 'productId',
  meta: { width: '4.5rem' },
};

/** The first two columns of both lists: the id, and the name as each screen draws it. */
export function idAndNameColumns(name: (product: AdminProduct) => ReactNode): ColumnDef<AdminProduct>[] {
  return [
    PRODUCT_ID_COLUMN,
    { id: 'name', header: 'Name', accessorKey: 'name', cell: ({ row }) => name(row.original) },
  ];
}

/**
 * The catalogue as the Products and Photos screens list it: a toolbar with Add Product... and the filter
 * box, then the products filtered fuzzily by the box's text, best match first while text is typed and by
 * name otherwise, unless the user sorts by a column (which wins, docs/decisions.md); paged, with the loading
 * and error states of the shared product list. The filter text and page live in the address (useListSearch).
 */
export function ProductTable({
  columns,
  searchKeys,
  onAdd,
  toolbarEnd,
  emptyText,
  caption,
  testId,
}: {
  columns: ColumnDef<AdminProduct>[];
  searchKeys: FuseOptionKey<AdminProduct>[];
  /** What Add Product... does on this screen. */
  onAdd: () => void;
  /** Shown at the toolbar's far end. */
  toolbarEnd?: ReactNode;
  /** Shown when there are no products at all; a filter that matches nothing says so itself. */
  emptyText: string;
  caption: string;
  testId: string;
}) {
  const products = useAdminProducts();
  const list = useListSearch();
  const filter = list.text;
  const search = useFuzzyProducts(products.data, searchKeys, filter);
  return (
    <>
      <div className="admin-toolbar">
        <button type="button" className="btn btn-primary" onClick={onAdd}>
          Add Product...
        </button>
        <ListFilter list={list} noun="Products" />
        {toolbarEnd}
      </div>
      <ProductListState products={products}>
        {() => (
          <DataTable
            data={search.ordered}
            columns={columns}
            globalFilter={filter}
            globalFilterFn={search.filterFn}
            pageIndex={list.pageIndex}
            onPageIndexChange={list.setPageIndex}
            defaultSorting={search.filtering ? BY_RELEVANCE : BY_NAME}
            getRowId={productRowId}
            emptyText={filter ? 'No products match the filter.' : emptyText}
            caption={caption}
            testId={testId}
          />
        )}
      </ProductListState>
    </>
  );
}
