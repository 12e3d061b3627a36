import type { ColumnDef, SortingState } from '@tanstack/react-table';
import type { FuseOptionKey } from 'fuse.js';
import { DataTable } from '../../../../components/DataTable';
import { useFuzzyProducts } from './fuzzy';
import { ProductListState } from './ProductListState';
import type { AdminProduct } from './types';
import type { useAdminProducts } from './useAdminProducts';

const BY_NAME: SortingState = [{ id: 'name', desc: false }];
/** No column: the rows as given, which while a search is typed is best match first. */
const BY_RELEVANCE: SortingState = [];
const productRowId = (product: AdminProduct) => String(product.productId);

/**
 * The catalogue as the Products and Photos screens list it: filtered fuzzily by the toolbar's text, best
 * match first while text is typed and by name otherwise, unless the user sorts by a column (which wins,
 * docs/decisions.md); with the loading and error states of the shared product list.
 */
export function ProductTable({
  products,
  columns,
  filter,
  pageIndex,
  onPageIndexChange,
  searchKeys,
  emptyText,
  caption,
  testId,
}: {
  products: ReturnType<typeof useAdminProducts>;
  columns: ColumnDef<AdminProduct>[];
  filter: string;
  /** The page shown, kept by the screen (in the address). */
  pageIndex: number;
  onPageIndexChange: (pageIndex: number) => void;
  searchKeys: FuseOptionKey<AdminProduct>[];
  /** Shown when there are no products at all; a filter that matches nothing says so itself. */
  emptyText: string;
  caption: string;
  testId: string;
}) {
  const search = useFuzzyProducts(products.data, searchKeys, filter);
  return (
    <ProductListState products={products}>
      {() => (
        <DataTable
          data={search.ordered}
          columns={columns}
          globalFilter={filter}
          globalFilterFn={search.filterFn}
          pageIndex={pageIndex}
          onPageIndexChange={onPageIndexChange}
          defaultSorting={search.filtering ? BY_RELEVANCE : BY_NAME}
          getRowId={productRowId}
          emptyText={filter ? 'No products match the filter.' : emptyText}
          caption={caption}
          testId={testId}
        />
      )}
    </ProductListState>
  );
}
