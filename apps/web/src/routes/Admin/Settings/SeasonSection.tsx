import {
  ProductStatus,
  productStatusName,
  ROLLOVER_STATUSES,
  type RolloverOptions,
  type RolloverPreview,
  rolloverOptionsSchema,
} from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { TableHead } from '../../../components/CardTable';
import { confirm } from '../../../components/ConfirmDialog';
import { notify, PERSISTENT, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { downloadFile } from './backupTransfer';
import { rolloverChoiceLabel } from './rolloverChoice';

/** Sold Out products are back on sale in a new season; every other status stays as it is unless staff say. */
const DEFAULT_STATUSES: Record<string, number> = { [String(ProductStatus.SoldOut)]: ProductStatus.Active };

function stockText(n: number | null): string {
  return n === null ? 'not counted' : String(n);
}

/**
 * Settings → New season: prices raised or kept, each status carried over or not, stock carried or counted
 * afresh. Nothing is written until staff have seen the preview and confirmed; the answer names the backup
 * that undoes it.
 */
export function SeasonSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.seasons.rollover.queryOptions());
  const [raise, setRaise] = useState('0');
  const [statuses, setStatuses] = useState<Record<string, number>>(DEFAULT_STATUSES);
  const [stock, setStock] = useState<RolloverOptions['stock']>('reset');
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<RolloverPreview | null>(null);
  const [onlyChanges, setOnlyChanges] = useState(true);

  const previewCall = useMutation(
    trpc.seasons.previewRollover.mutationOptions({ onSuccess: setPreview, onError: showApiFailure }),
  );
  const start = useMutation(
    trpc.seasons.startSeason.mutationOptions({
      onSuccess: async (result) => {
        setPreview(null);
        notify.success(result.message, { duration: PERSISTENT });
        // Prices, statuses, stock and the current season changed on every screen.
        await queryClient.invalidateQueries();
      },
      onError: async (error) => {
        showApiFailure(error);
        setPreview(null);
        await status.refetch();
      },
    }),
  );

  // Any change to the options drops the preview: what is started is always what was last previewed.
  function changed<T>(set: (v: T) => void) {
    return (v: T) => {
      set(v);
      setPreview(null);
    };
  }

  function options(): RolloverOptions | null {
    const parsed = rolloverOptionsSchema.safeParse({
      raisePercent: raise.trim() === '' ? 0 : Number(raise),
      statuses,
      stock,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((i) => i.message).join(' '));
      return null;
    }
    setProblem(null);
    return parsed.data;
  }

  const data = status.data;
  const lines = preview ? preview.lines.filter((l) => !onlyChanges || changes(l)) : [];

  return (
    <section className="card settings-season" aria-labelledby={`${id}-title`} style={{ marginTop: '1.5rem' }}>
      <div className="card-body">
        <h2 id={`${id}-title`} style={{ fontSize: '1.15rem' }}>
          New season
        </h2>
        {status.isLoading ? <p>Loading...</p> : null}
        {status.isError ? (
          <p className="text-danger" role="alert">
            The seasons could not be loaded.
          </p>
        ) : null}
        {data ? (
          <>
            <p>
              The current season is <strong>{data.currentSeasonLabel}</strong>. Starting{' '}
              <strong>{data.nextSeasonLabel}</strong> files new orders and stock under it and makes it the
              default on the Orders screen. Nothing is deleted: products not carried over are set Inactive and
              stay on their past orders. A backup is taken first; restoring it undoes the new season.
            </p>
            {data.last ? (
              <p className="text-muted" data-testid="season-last">
                {data.last.toSeasonLabel} was started on {data.last.displayCreated} by {data.last.createdBy}.
                The backup taken before it is <code>{data.last.backupFile}</code> in the data folder's
                backups; to undo the new season, download it and restore it with Restore from Backup.{' '}
                <button
                  type="button"
                  className="btn btn-sm btn-secondary"
                  onClick={() => {
                    const last = data.last;
                    if (!last) return;
                    downloadFile(
                      `/api/v1/Seasons/Rollover/Backup?rolloverId=${last.rolloverId}`,
                      last.backupFile,
                    ).catch(showApiFailure);
                  }}
                >
                  Download this backup
                </button>
              </p>
            ) : null}
            {data.refusal ? (
              <p className="alert alert-info">{data.refusal}</p>
            ) : (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  const o = options();
                  if (o) previewCall.mutate(o);
                }}
              >
                <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
                  <label htmlFor={`${id}-raise`}>Raise prices by (%)</label>
                  <input
                    id={`${id}-raise`}
                    className="form-control"
                    style={{ width: '7rem' }}
                    inputMode="decimal"
                    value={raise}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-problem` : `${id}-raise-hint`}
                    onChange={(e) => changed(setRaise)(e.target.value)}
                  />
                  <span id={`${id}-raise-hint`} className="text-muted">
                    0 keeps every price; rounded to the cent.
                  </span>
                </div>
                {problem ? (
                  <p id={`${id}-problem`} className="text-danger" role="alert">
                    {problem}
                  </p>
                ) : null}
                <fieldset style={{ marginTop: '0.75rem' }}>
                  <legend style={{ fontSize: '1rem' }}>Products, by their status now</legend>
                  <div
                    className="season-statuses"
                    style={{
                      display: 'grid',
                      gap: '0.5rem',
                      gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))',
                    }}
                  >
                    {ROLLOVER_STATUSES.map((s) => (
                      <div key={s} className="season-status" style={{ display: 'grid', gap: '0.25rem' }}>
                        <label htmlFor={`${id}-status-${s}`}>{productStatusName(s)}</label>
                        <select
                          id={`${id}-status-${s}`}
                          className="form-control"
                          value={statuses[String(s)] ?? s}
                          onChange={(e) =>
                            changed(setStatuses)({ ...statuses, [String(s)]: Number(e.target.value) })
                          }
                        >
                          {ROLLOVER_STATUSES.map((to) => (
                            <option key={to} value={to}>
                              {rolloverChoiceLabel(s, to)}
                            </option>
                          ))}
                        </select>
                      </div>
                    ))}
                  </div>
                </fieldset>
                <fieldset style={{ marginTop: '0.75rem' }}>
                  <legend style={{ fontSize: '1rem' }}>Stock</legend>
                  <label className="form-check">
                    <input
                      type="radio"
                      name={`${id}-stock`}
                      checked={stock === 'reset'}
                      onChange={() => changed(setStock)('reset')}
                    />{' '}
                    Count afresh: no stock is recorded in the new season until you count it
                  </label>
                  <label className="form-check">
                    <input
                      type="radio"
                      name={`${id}-stock`}
                      checked={stock === 'keep'}
                      onChange={() => changed(setStock)('keep')}
                    />{' '}
                    Carry over what is left of each counted product
                  </label>
                </fieldset>
                <button type="submit" className="btn btn-primary" disabled={previewCall.isPending}>
                  {previewCall.isPending ? 'Working...' : `Preview ${data.nextSeasonLabel}`}
                </button>
              </form>
            )}
          </>
        ) : null}
        {preview ? (
          <div className="season-preview" data-testid="season-preview" style={{ marginTop: '1rem' }}>
            <h3 style={{ fontSize: '1.05rem' }}>What starting {preview.toSeasonLabel} will change</h3>
            <ul data-testid="season-counts">
              <li>{preview.counts.products} products in all</li>
              <li>{preview.counts.carried} carried over</li>
              <li>{preview.counts.notCarried} not carried over (Inactive)</li>
              <li>{preview.counts.statusChanged} change status</li>
              <li>{preview.counts.pricesChanged} get new prices</li>
              <li>
                {preview.options.stock === 'keep'
                  ? `${preview.counts.stockCarried} open the season with their stock left`
                  : 'No stock is recorded in the new season yet'}
              </li>
            </ul>
            <label className="form-check">
              <input
                type="checkbox"
                checked={onlyChanges}
                onChange={(e) => setOnlyChanges(e.target.checked)}
              />{' '}
              Show only products that change
            </label>
            {/* Focusable, so a keyboard can scroll the table sideways on a phone. */}
            <section
              className="table-wrap season-preview-table"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard (WCAG 2.1.1).
              tabIndex={0}
              aria-label={`Each product in ${preview.toSeasonLabel}`}
            >
              <table className="table">
                <caption className="visually-hidden">Each product in {preview.toSeasonLabel}</caption>
                <TableHead columns={['Product', 'Status', 'Prices', 'Stock']} />
                <tbody>
                  {lines.map((l) => (
                    <tr key={l.productId}>
                      <th scope="row">
                        {l.name}
                        {l.productSize ? ` (${l.productSize})` : ''}
                        {l.note ? <div className="text-muted">{l.note}</div> : null}
                      </th>
                      <td>
                        {l.statusAfter === l.statusBefore
                          ? l.displayStatusAfter
                          : `${l.displayStatusBefore} → ${l.displayStatusAfter}`}
                      </td>
                      <td>
                        {l.tiers.length === 0
                          ? 'no prices'
                          : l.tiers.map((t) => (
                              <div key={t.startQuantity}>
                                {t.endQuantity === null
                                  ? `${t.startQuantity}+`
                                  : `${t.startQuantity}-${t.endQuantity}`}
                                :{' '}
                                {t.priceAfter === t.priceBefore
                                  ? t.displayPriceAfter
                                  : `${t.displayPriceBefore} → ${t.displayPriceAfter}`}
                              </div>
                            ))}
                      </td>
                      <td>
                        {l.stockBefore === l.stockAfter
                          ? stockText(l.stockAfter)
                          : `${stockText(l.stockBefore)} → ${stockText(l.stockAfter)}`}
                      </td>
                    </tr>
                  ))}
                  {lines.length === 0 ? (
                    <tr>
                      <td colSpan={4}>No product changes.</td>
                    </tr>
                  ) : null}
                </tbody>
              </table>
            </section>
            <button
              type="button"
              className="btn btn-danger"
              style={{ marginTop: '0.75rem' }}
              disabled={start.isPending}
              onClick={async () => {
                const ok = await confirm(
                  `Start the ${preview.toSeasonLabel} season as previewed? A backup is taken first; restoring it undoes this.`,
                  {
                    title: 'Start a new season',
                    confirmText: `Start ${preview.toSeasonLabel}`,
                    tone: 'danger',
                  },
                );
                if (ok) start.mutate({ options: preview.options, token: preview.token });
              }}
            >
              {start.isPending ? 'Starting...' : `Start ${preview.toSeasonLabel}`}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function changes(l: RolloverPreview['lines'][number]): boolean {
  return (
    l.statusAfter !== l.statusBefore ||
    l.stockAfter !== l.stockBefore ||
    l.tiers.some((t) => t.priceAfter !== t.priceBefore)
  );
}
