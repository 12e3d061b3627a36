import type { SeasonReport, SeasonReportRow } from '@nursery/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { PlanInput } from './PlanInput';

/** A share as a whole percentage ('75%'), or a dash where there is none. */
export function percent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)}%`;
}

/** A change against the season before, signed ('+25%', '−10%'), or a dash where there was nothing before. */
export function change(share: number | null): string {
  if (share === null) return '–';
  const n = Math.round(share * 100);
  return n > 0 ? `+${n}%` : n < 0 ? `−${Math.abs(n)}%` : '0%';
}

// Missing figures sort last whichever way the column is sorted.
const nullsLast = { sortUndefined: 'last' as const };

/** The report's columns; `savePlan` keeps (or with null forgets) a quantity staff typed for a product. */
export function seasonReportColumns(
  report: SeasonReport,
  savePlan: (productId: number, quantity: number | null) => Promise<boolean>,
): ColumnDef<SeasonReportRow, unknown>[] {
  const [before, beforeThat] = report.seasonsCompared;
  return [
    {
      accessorKey: 'name',
      header: 'Product',
      meta: { width: '16rem' },
      cell: ({ row }) => (
        <>
          <span className="season-report-name">{row.original.name}</span>
          {row.original.productSize ? <span className="text-muted"> {row.original.productSize}</span> : null}
          <div className="season-report-sub">
            {row.original.productType} · {row.original.displayProductStatus}
          </div>
        </>
      ),
    },
    {
      id: 'offered',
      accessorFn: (r) => (r.isStockTracked ? r.offered : undefined),
      header: 'Offered',
      ...nullsLast,
      meta: { width: '6rem', className: 'num' },
      cell: ({ row }) =>
        row.original.isStockTracked ? row.original.offered : <span title="No stock counted">–</span>,
    },
    { accessorKey: 'sold', header: 'Sold', meta: { width: '5rem', className: 'num' } },
    {
      id: 'sellThrough',
      accessorFn: (r) => r.sellThrough ?? undefined,
      header: 'Sell-through',
      ...nullsLast,
      meta: { width: '7rem', className: 'num' },
      cell: ({ row }) => percent(row.original.sellThrough),
    },
    {
      id: 'soldOutAt',
      accessorFn: (r) => r.soldOutAt ?? undefined,
      header: 'Sold out',
      ...nullsLast,
      meta: { width: '7.5rem' },
      cell: ({ row }) =>
        row.original.displaySoldOutAt ? (
          <span title={row.original.soldOutHow === 'marked' ? 'Marked Sold Out' : 'Stock ran out'}>
            {row.original.displaySoldOutAt}
            {row.original.soldOutHow === 'marked' ? ' (marked)' : ''}
          </span>
        ) : (
          '–'
        ),
    },
    {
      accessorKey: 'unmetDemand',
      header: 'Not met',
      meta: { width: '6rem', className: 'num' },
      cell: ({ row }) => {
        const r = row.original;
        if (r.unmetDemand === 0) return 0;
        return (
          <span
            title={`Waitlist: ${r.waitlistQuantity} in ${r.waitlistEntries} entries (${r.waitlistWaiting} still waiting). Refused for stock: ${r.refusedQuantity} in ${r.refusedOrders} orders.`}
          >
            {r.unmetDemand}
          </span>
        );
      },
    },
    {
      accessorKey: 'revenue',
      header: 'Revenue',
      meta: { width: '7rem', className: 'num' },
      cell: ({ row }) => row.original.displayRevenue,
    },
    {
      id: 'soldBefore',
      accessorFn: (r) => r.soldBefore[0] ?? 0,
      header: `Sold ${before?.label ?? ''}`,
      meta: { width: '6.5rem', className: 'num' },
      cell: ({ row }) => (
        <span title={`${beforeThat?.label ?? ''}: ${row.original.soldBefore[1] ?? 0}`}>
          {row.original.soldBefore[0] ?? 0}
        </span>
      ),
    },
    {
      id: 'soldChange',
      accessorFn: (r) => r.soldChange ?? undefined,
      header: 'Change',
      ...nullsLast,
      meta: { width: '5.5rem', className: 'num' },
      cell: ({ row }) => change(row.original.soldChange),
    },
    {
      accessorKey: 'suggested',
      header: `Suggested ${report.nextLabel}`,
      meta: { width: '8rem', className: 'num' },
      cell: ({ row }) => <span title={row.original.suggestionReason}>{row.original.suggested}</span>,
    },
    {
      id: 'planned',
      accessorFn: (r) => r.planned ?? r.suggested,
      header: `Plan ${report.nextLabel}`,
      meta: { width: '8rem', className: 'num' },
      cell: ({ row }) => <PlanInput row={row.original} nextLabel={report.nextLabel} save={savePlan} />,
    },
    {
      accessorKey: 'suggestionReason',
      header: 'Why',
      enableSorting: false,
      meta: { width: '18rem', className: 'season-report-why' },
    },
  ];
}
