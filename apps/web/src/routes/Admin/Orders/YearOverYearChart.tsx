import type { RouterOutputs } from '@nursery/api/types';
import { formatMoney } from '@nursery/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { trpc } from '../../../trpc';

type YearOverYear = RouterOutputs['exports']['yearOverYearData'];
type Metric = 'orders' | 'revenue';

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 16, bottom: 28, left: 64 };
// Newest season last and darkest, so this year stands out against the ones before it.
const COLORS = ['#c9b79c', '#a3b18a', '#7a9e9f', '#5b7f95', '#8c5e58', '#2f6b3a'];

/** A round step for the y axis: 1, 2 or 5 times a power of ten, giving about four gridlines. */
function niceStep(max: number): number {
  const rough = Math.max(max, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const unit = rough / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

function label(metric: Metric, value: number): string {
  return metric === 'revenue' ? formatMoney(Math.round(value * 100)).replace(/\.00$/, '') : String(value);
}

export function YearOverYearLines({
  data,
  metric,
  seasons = 5,
}: {
  data: YearOverYear;
  metric: Metric;
  /** How many of the latest seasons to draw. */
  seasons?: number;
}) {
  const titleId = useId();
  const shown = data.seasons.slice(-seasons);
  const values = shown.flatMap((s) => s[metric]);
  const step = niceStep(Math.max(0, ...values));
  const top = Math.max(step, Math.ceil(Math.max(0, ...values) / step) * step);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (plotW * i) / Math.max(1, data.months.length - 1);
  const y = (v: number) => PAD.top + plotH - (plotH * v) / top;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const colorOf = (i: number) => COLORS[COLORS.length - shown.length + i] ?? COLORS[i % COLORS.length];
  const what = metric === 'revenue' ? 'Revenue' : 'Orders';

  return (
    <figure className="yoy-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        style={{ width: '100%', height: 'auto' }}
      >
        <title id={titleId}>
          {`${what} by month for the seasons ${shown.map((s) => s.label).join(', ')}`}
        </title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke="#e3e0d8" />
            <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#6b6b6b">
              {label(metric, t)}
            </text>
          </g>
        ))}
        {data.months.map((m, i) => (
          <text key={m.month} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#6b6b6b">
            {m.label}
          </text>
        ))}
        {shown.map((s, i) => {
          const last = i === shown.length - 1;
          const points = s[metric].map((v, m) => `${x(m)},${y(v)}`).join(' ');
          return (
            <g key={s.season}>
              <polyline
                points={points}
                fill="none"
                stroke={colorOf(i)}
                strokeWidth={last ? 3 : 1.75}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
              {s[metric].map((v, m) => (
                <circle
                  key={data.months[m]?.month ?? m}
                  cx={x(m)}
                  cy={y(v)}
                  r={last ? 3 : 2}
                  fill={colorOf(i)}
                >
                  <title>{`${s.label} ${data.months[m]?.label}: ${label(metric, v)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption className="yoy-legend">
        {shown.map((s, i) => (
          <span key={s.season}>
            <span
              aria-hidden="true"
              style={{
                display: 'inline-block',
                width: 12,
                height: 3,
                marginRight: 6,
                verticalAlign: 'middle',
                background: colorOf(i),
              }}
            />
            {s.label}: {s.totalOrders} orders, {s.displayTotalRevenue}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/**
 * Orders or revenue per month (July to June) across the latest seasons, from the same figures as the
 * YearOverYearByMonth export. Made for the Orders list, beside the export buttons.
 */
/**
 * `enabled` false holds the chart's request back: the Orders screen asks for it only once its list has
 * arrived, so the chart never rides in the list's request batch nor holds up its first row.
 */
export function YearOverYearChart({ seasons = 5, enabled = true }: { seasons?: number; enabled?: boolean }) {
  const query = useQuery({ ...trpc.exports.yearOverYearData.queryOptions(), staleTime: 60_000, enabled });
  const [metric, setMetric] = useState<Metric>('orders');
  if (query.isPending) return <p className="text-muted">Loading...</p>;
  if (!query.data) return null;
  return (
    <section className="yoy" aria-label="Year over year">
      <fieldset className="btn-group" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="visually-hidden">Show</legend>
        {(['orders', 'revenue'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={`btn btn-sm ${metric === m ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={metric === m}
            onClick={() => setMetric(m)}
          >
            {m === 'orders' ? 'Orders' : 'Revenue'}
          </button>
        ))}
      </fieldset>
      <YearOverYearLines data={query.data} metric={metric} seasons={seasons} />
    </section>
  );
}
