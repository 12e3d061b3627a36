import type { SeasonReportRow } from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { FilterFn } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/DataTable';
import { notify, showApiFailure } from '../../../lib/toast';
import { trpc } from '../../../trpc';
import { downloadExport } from '../shared/download';
import { usePageTitle } from '../shared/usePageTitle';
import { SellThroughChart } from './SellThroughChart';
import { percent, seasonReportColumns } from './seasonReportColumns';
import { validateSeasonReportSearch } from './seasonReportSearch';
import './seasonReport.css';
import { num, TableHead } from '../../../components/CardTable';

const route = getRouteApi('/Admin/SeasonReport');

const rowFilter: FilterFn<SeasonReportRow> = (row, _columnId, value: string) => {
  const needle = value.trim().toLowerCase();
  if (!needle) return true;
  const r = row.original;
  const haystack =
    `${r.productId} ${r.name} ${r.productSize} ${r.productType} ${r.displayProductStatus} ${r.suggestionReason}`.toLowerCase();
  return needle.split(/\s+/).every((word) => haystack.includes(word));
};

/**
 * /Admin/SeasonReport: what to grow next season. For the chosen season, per product: offered, sold,
 * sell-through, when it sold out, the demand not met, revenue against the seasons before, and the suggested
 * quantity for next season with the rule in words, which staff may replace with their own. Totals per product
 * type and a chart of sell-through; printable and exported as .xls with the same figures.
 */
export function AdminSeasonReport() {
  usePageTitle('Season Report - Admin');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const seasons = useQuery(trpc.orders.seasons.queryOptions());
  const season = search.season ?? seasons.data?.currentSeason;
  const reportOptions = trpc.seasonReport.get.queryOptions(season === undefined ? {} : { season });
  const report = useQuery({ ...reportOptions, enabled: season !== undefined || seasons.isError });
  const [exporting, setExporting] = useState(false);

  const plan = useMutation(trpc.seasonReport.savePlan.mutationOptions({ onError: showApiFailure }));
  const data = report.data;
  const columns = useMemo(
    () =>
      data
        ? seasonReportColumns(data, async (productId, quantity) => {
            try {
              await plan.mutateAsync({ season: data.season, productId, quantity });
              await queryClient.invalidateQueries({ queryKey: trpc.seasonReport.get.queryKey() });
              notify.success(quantity === null ? 'Back to the suggested quantity.' : 'Plan saved.');
              return true;
            } catch {
              return false;
            }
          })
        : [],
    [data, plan.mutateAsync, queryClient],
  );
  const rows = useMemo(
    () => (data?.rows ?? []).filter((r) => search.type === undefined || r.productTypeId === search.type),
    [data, search.type],
  );
  const types = data?.types ?? [];

  const download = async () => {
    if (!data) return;
    setExporting(true);
    const saved = await downloadExport(
      `/Exports/GetSeasonReportExport?season=${data.season}`,
      `SeasonReport ${data.label}`,
    );
    setExporting(false);
    if (!saved) notify.error('The season report could not be downloaded. Please try again.');
  };

  return (
    <div className="season-report admin-printable">
      <h1>Season Report{data ? ` ${data.label}` : ''}</h1>
      <div className="admin-tools no-print">
        <label className="admin-tools-field">
          <span>Season</span>
          <select
            className="form-select"
            value={season ?? ''}
            disabled={!seasons.data}
            onChange={(e) =>
              void navigate({
                search: (prev) => ({ ...prev, season: Number(e.target.value) }),
                replace: true,
              })
            }
          >
            {(seasons.data?.seasons ?? [])
              .filter((s) => s.value > 0)
              .map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
          </select>
        </label>
        <label className="admin-tools-field">
          <span>Product type</span>
          <select
            className="form-select"
            value={search.type ?? ''}
            onChange={(e) => {
              const type = e.target.value === '' ? undefined : Number(e.target.value);
              void navigate({
                search: (prev) => validateSeasonReportSearch({ ...prev, type }),
                replace: true,
              });
            }}
          >
            <option value="">All types</option>
            {types.map((t) => (
              <option key={t.productTypeId} value={t.productTypeId}>
                {t.productType}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-tools-field season-report-filter">
          <span>Filter</span>
          <input
            type="search"
            className="form-control"
            value={search.q ?? ''}
            placeholder="Name, type, status..."
            onChange={(e) =>
              void navigate({
                search: (prev) => validateSeasonReportSearch({ ...prev, q: e.target.value }),
                replace: true,
              })
            }
          />
        </label>
        <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!data}>
          Print
        </button>
        <button type="button" className="btn btn-secondary" onClick={download} disabled={!data || exporting}>
          {exporting ? 'Exporting...' : 'Download .xls'}
        </button>
      </div>
      {report.isError ? <p className="alert alert-danger">{report.error.message}</p> : null}
      {!data ? (
        report.isError ? null : (
          <p role="status">Loading...</p>
        )
      ) : (
        <>
          <p className="season-report-rule">
            <strong>How the suggestion for {data.nextLabel} is made:</strong> {data.rule}
          </p>
          <section aria-labelledby="season-report-types">
            <h2 id="season-report-types">By product type</h2>
            <div className="season-report-columns">
              <div className="season-report-types-wrap">
                <table className="table table-sm season-report-types">
                  <TableHead
                    columns={[
                      'Product type',
                      num('Offered'),
                      num('Sold'),
                      num('Sell-through'),
                      num('Revenue'),
                      num(`Suggested ${data.nextLabel}`),
                      num(`Plan ${data.nextLabel}`),
                    ]}
                  />
                  <tbody>
                    {types.map((t) => (
                      <tr key={t.productTypeId}>
                        <th scope="row">{t.productType}</th>
                        <td className="num">{t.offered}</td>
                        <td className="num">{t.sold}</td>
                        <td className="num">{percent(t.sellThrough)}</td>
                        <td className="num">{t.displayRevenue}</td>
                        <td className="num">{t.suggested}</td>
                        <td className="num">{t.planned}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <SellThroughChart types={types} />
            </div>
          </section>
          <section aria-labelledby="season-report-products">
            <h2 id="season-report-products">By product</h2>
            <div className="season-report-table">
              <DataTable
                data={rows}
                columns={columns}
                globalFilter={search.q ?? ''}
                globalFilterFn={rowFilter}
                paginate={false}
                getRowId={(r) => String(r.productId)}
                caption={`Season ${data.label} by product, with the plan for ${data.nextLabel}`}
                emptyText="No product matches the filter."
              />
            </div>
          </section>
        </>
      )}
    </div>
  );
}
