import { STOCK_NO_HISTORY } from '@nursery/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/DataTable';
import type { StockHistoryEntry } from '../shared/catalog/types';

const columns: ColumnDef<StockHistoryEntry>[] = [
  { id: 'productQuantityId', header: 'Id', accessorKey: 'productQuantityId' },
  {
    id: 'changeInStock',
    header: 'Change in Stock',
    accessorKey: 'changeInStock',
    cell: ({ row }) => {
      const n = row.original.changeInStock;
      return n > 0 ? `+${n}` : String(n);
    },
    meta: { className: 'text-right' },
  },
  { id: 'fullName', header: 'Changed By', accessorKey: 'fullName' },
  {
    id: 'createdTimestamp',
    header: 'Changed',
    accessorKey: 'createdTimestamp',
    cell: ({ row }) => (
      <time
        dateTime={new Date(row.original.createdTimestamp).toISOString()}
        title={row.original.displayCreatedTimestamp}
      >
        {row.original.createdTimestampMinutesHoursDaysAgo}
      </time>
    ),
  },
  { id: 'notes', header: 'Notes', accessorKey: 'notes', enableSorting: false },
];

/** A product's stock history: every row at once (the spec's 99999 page size), newest first. */
export function StockHistoryTable({
  entries,
  productName,
}: {
  entries: readonly StockHistoryEntry[];
  productName: string;
}) {
  return (
    <DataTable
      data={entries}
      columns={columns}
      paginate={false}
      initialSorting={[{ id: 'createdTimestamp', desc: true }]}
      getRowId={(e) => String(e.productQuantityId)}
      emptyText={STOCK_NO_HISTORY}
      caption={`Stock history of ${productName}`}
      className="stock-history"
    />
  );
}
