import type { SeasonReportType } from '@nursery/domain';
import { TableHead } from '../../../components/CardTable';
import { percent } from './seasonReportColumns';

const ROW = 18;
const GAP = 14;
const LABEL = 170;
const BAR = 360;
const VALUE = 60;
/** The oldest season lightest: the eye reads the darkest bar as this season. */
const SHADES = ['#b9d3b0', '#7fae72', '#3f7a34'];

/**
 * Sell-through by product type over the chosen season and the two before it: a bar per season, the share of
 * what was offered that sold, so a type that sells out year after year stands out from one left over. A plain
 * SVG (the admin area draws no other chart), with the same figures in a table for screen readers and print.
 */
export function SellThroughChart({ types }: { types: readonly SeasonReportType[] }) {
  const shown = types.filter((t) => t.bySeason.some((s) => s.sellThrough !== null));
  if (shown.length === 0)
    return (
      <p className="text-muted">
        No stock was counted in these seasons, so there is no sell-through to draw.
      </p>
    );
  const seasons = shown[0]?.bySeason.map((s) => s.label) ?? [];
  const top = Math.max(1, ...shown.flatMap((t) => t.bySeason.map((s) => s.sellThrough ?? 0)));
  const group = seasons.length * ROW + GAP;
  const height = shown.length * group;
  const full = LABEL + BAR / top;
  return (
    <figure className="season-chart">
      <figcaption>
        Sell-through by product type,{' '}
        {seasons.map((label, i) => (
          <span key={label} className="season-chart-key">
            <span className="season-chart-swatch" style={{ background: SHADES[i] }} aria-hidden="true" />
            {label}
          </span>
        ))}
      </figcaption>
      <svg
        viewBox={`0 0 ${LABEL + BAR + VALUE} ${height}`}
        role="img"
        aria-label="Sell-through by product type and season; the figures are in the table below."
        className="season-chart-svg"
      >
        {shown.map((type, ti) => (
          <g key={type.productTypeId} transform={`translate(0 ${ti * group})`}>
            <text
              x={LABEL - 8}
              y={(seasons.length * ROW) / 2 + 4}
              textAnchor="end"
              className="season-chart-label"
            >
              {type.productType}
            </text>
            {type.bySeason.map((s, si) => {
              const width = s.sellThrough === null ? 0 : (Math.min(s.sellThrough, top) / top) * BAR;
              return (
                <g key={s.season} transform={`translate(${LABEL} ${si * ROW})`}>
                  <rect
                    width={Math.max(width, s.sellThrough === null ? 0 : 1)}
                    height={ROW - 4}
                    fill={SHADES[si]}
                  />
                  <text x={width + 4} y={ROW - 7} className="season-chart-value">
                    {s.sellThrough === null ? 'not counted' : percent(s.sellThrough)}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
        {/* Where everything offered was sold. */}
        <line x1={full} x2={full} y1={0} y2={height} stroke="#8a8a8a" strokeDasharray="3 3" />
      </svg>
      {/* Hidden by its wrapper: a table is never narrower than its cells, so 1 px on the table itself left it
          418 px wide and scrolled a phone's page sideways. */}
      <div className="visually-hidden">
        <table>
          <caption>Sell-through by product type and season</caption>
          <TableHead columns={['Product type', ...seasons]} />
          <tbody>
            {shown.map((type) => (
              <tr key={type.productTypeId}>
                <th scope="row">{type.productType}</th>
                {type.bySeason.map((s) => (
                  <td key={s.season}>{percent(s.sellThrough)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
