import type { PickList } from '@nursery/domain';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { num, TableHead } from '../../../components/CardTable';
import { notify } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { downloadExport } from '../shared/download';
import { usePickUpDayMenuName } from '../shared/pickUpDays';
import { usePageTitle } from '../shared/usePageTitle';
import './pickList.css';

const route = getRouteApi('/Admin/PickList');

/** The paper the list is laid out for: the printer's own (its dialog decides), or A4 or Letter by name. */
const PAPERS = { auto: "Printer's paper", A4: 'A4', letter: 'Letter' } as const;
type Paper = keyof typeof PAPERS;

/**
 * /Admin/PickList?day=12: a pick-up day's pick list to print for the yard crew. First the day's totals (each
 * product once, by product type then name, so stock is pulled once), then a section per order with its lines in
 * the same walking order. Print leaves out the navigation and keeps each order on one page where it fits.
 */
export function AdminPickList() {
  usePageTitle('Pick List - Admin');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const days = useQuery(trpc.pickUpDays.all.queryOptions());
  const menuName = usePickUpDayMenuName();
  const day = search.day ?? days.data?.[0]?.pickUpDayId ?? (days.isSuccess ? 'none' : undefined);
  const list = useQuery({
    ...trpc.pickup.pickList.queryOptions({ pickUpDay: day ?? 'none' }),
    enabled: day !== undefined,
    staleTime: 0,
  });
  const [paper, setPaper] = useState<Paper>('auto');
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    if (day === undefined) return;
    setExporting(true);
    const saved = await downloadExport(
      `/Exports/GetPickListExport?pickUpDay=${encodeURIComponent(String(day))}`,
      `PickList ${list.data?.pickUpDate ?? 'no day'}`,
    );
    setExporting(false);
    if (!saved) notify.error('The pick list could not be downloaded. Please try again.');
  };

  return (
    <div className="pick-list admin-printable">
      {/* A named page size when chosen; otherwise the printer dialog's paper, A4 or Letter alike. */}
      {paper === 'auto' ? null : <style>{`@page { size: ${paper} portrait; }`}</style>}
      <div className="admin-tools no-print">
        <Link to="/Admin/Pickup" search={typeof day === 'number' || day === 'none' ? { day } : {}}>
          Back to pick-up
        </Link>
        <label className="admin-tools-field">
          <span>Pick-up day</span>
          <select
            className="form-select"
            value={day === undefined ? '' : String(day)}
            onChange={(event) => {
              const v = event.target.value;
              void navigate({ search: { day: v === 'none' ? 'none' : Number(v) }, replace: true });
            }}
          >
            {(days.data ?? []).map((d) => (
              <option key={d.pickUpDayId} value={d.pickUpDayId}>
                {menuName.name(d)}
              </option>
            ))}
            <option value="none">Orders without a pick-up day</option>
          </select>
        </label>
        <label className="admin-tools-field">
          <span>Paper</span>
          <select className="form-select" value={paper} onChange={(e) => setPaper(e.target.value as Paper)}>
            {(Object.keys(PAPERS) as Paper[]).map((p) => (
              <option key={p} value={p}>
                {PAPERS[p]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => window.print()}
          disabled={!list.data}
        >
          Print
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={download}
          disabled={!list.data || exporting}
        >
          {exporting ? 'Exporting...' : 'Download .xls'}
        </button>
      </div>
      {list.isError ? <p className="alert alert-danger">{list.error.message}</p> : null}
      {list.data ? <PickListSheet list={list.data} /> : list.isError ? null : <p role="status">Loading...</p>}
    </div>
  );
}

/** Lines grouped under their product type, keeping the order they come in (already the yard's walk). */
function byType<T extends { productType: string }>(lines: readonly T[]): [string, T[]][] {
  const groups: [string, T[]][] = [];
  for (const line of lines) {
    const last = groups[groups.length - 1];
    if (last && last[0] === line.productType) last[1].push(line);
    else groups.push([line.productType, [line]]);
  }
  return groups;
}

/** '1 order already picked up is left out', '3 orders already picked up are left out'. */
function pickedUpLeftOut(count: number): string {
  return count === 1
    ? '1 order already picked up is left out'
    : `${count} orders already picked up are left out`;
}

function PickListSheet({ list }: { list: PickList }) {
  return (
    <>
      <header className="pick-list-header">
        <h1>Pick list: {list.title}</h1>
        {list.note ? <p className="mb-0">{list.note}</p> : null}
        <p className="text-muted mb-0">
          {list.orderCount} {list.orderCount === 1 ? 'order' : 'orders'} to pull, {list.totalQuantity}{' '}
          {list.totalQuantity === 1 ? 'plant' : 'plants'}
          {list.pickedUpCount > 0 ? `; ${pickedUpLeftOut(list.pickedUpCount)}` : ''}. Made{' '}
          {list.displayPrintedTimestamp}.
        </p>
      </header>

      {list.orderCount === 0 ? (
        <p>Nothing to pull: this day has no orders waiting.</p>
      ) : (
        <>
          <section className="pick-section pick-totals" aria-labelledby="pick-totals">
            <h2 id="pick-totals">Pull for the day</h2>
            <table className="pick-table" data-testid="pick-totals">
              <caption className="sr-only">Each product once, with the quantity for the whole day</caption>
              <TableHead columns={['Product', 'Size', num('Quantity'), num('Orders'), PULLED]} />
              {byType(list.products).map(([type, products]) => (
                <tbody key={type}>
                  <tr className="pick-type-row">
                    <th scope="rowgroup" colSpan={5}>
                      {type}
                    </th>
                  </tr>
                  {products.map((p) => (
                    <tr key={p.productId}>
                      <td>{p.name}</td>
                      <td>{p.productSize}</td>
                      <td className="num">{p.quantity}</td>
                      <td className="num">{p.orderCount}</td>
                      <PullTick />
                    </tr>
                  ))}
                </tbody>
              ))}
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    Total
                  </th>
                  <td className="num">{list.totalQuantity}</td>
                  <td className="num">{list.orderCount}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </section>

          <section className="pick-section pick-orders" aria-labelledby="pick-orders">
            <h2 id="pick-orders">Orders</h2>
            {list.orders.map((order) => (
              <PickOrder key={order.orderId} order={order} />
            ))}
          </section>
        </>
      )}
    </>
  );
}

/** The column the crew ticks by hand as each line is pulled. */
const PULLED = { label: 'Pulled', className: 'pick-tick' };

/** An empty box to tick on paper. */
function PullTick() {
  return (
    <td className="pick-tick" aria-hidden="true">
      ☐
    </td>
  );
}

/** One order with its lines, kept on one page where it fits. */
function PickOrder({ order }: { order: PickList['orders'][number] }) {
  return (
    <article className="pick-order" aria-labelledby={`pick-order-${order.orderId}`}>
      <h3 id={`pick-order-${order.orderId}`}>
        Order #{order.orderId}: {order.name}
        <span className="pick-order-meta">
          {' '}
          {order.phoneNumber} · {order.totalQuantity} {order.totalQuantity === 1 ? 'plant' : 'plants'}
        </span>
      </h3>
      {order.comments ? <p className="pick-order-comments">{order.comments}</p> : null}
      <table className="pick-table">
        <caption className="sr-only">Lines of order {order.orderId}</caption>
        <TableHead columns={['Type', 'Product', 'Size', num('Quantity'), PULLED]} />
        <tbody>
          {order.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a printed list that never reorders; staff may put one product on two lines.
            <tr key={`${line.productId}-${i}`}>
              <td>{line.productType}</td>
              <td>{line.name}</td>
              <td>{line.productSize}</td>
              <td className="num">{line.quantity}</td>
              <PullTick />
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
