import {
  formatDate,
  formatMoney,
  ProductStatus,
  productStatusName,
  type SeasonPlanInput,
  type SeasonPlanResult,
  type SeasonReport,
  type SeasonReportRow,
  type SeasonReportType,
  SUGGESTION_RULE,
  seasonBounds,
  seasonLabel,
  sellThrough,
  suggestQuantity,
  toDollars,
} from '@nursery/domain';
import { ShopError } from '../errors.ts';
import { readInPieces } from '../exports/readInPieces.ts';
import { FreshJson } from '../rawJson.ts';
import type { Shop } from '../shop.ts';
import { currentSeason, stockLevels } from '../stock/levels.ts';
import type { StaffIdentity } from '../trpc.ts';
import { inPieces } from '../turns.ts';

/** The seasons a report compares: the chosen one and the two before it, the chosen one first. */
const COMPARED = 3;

interface ProductRow {
  productId: number;
  name: string;
  productSize: string;
  productTypeId: number;
  productType: string;
  productStatus: number;
  deleted: number;
}

interface SeasonFigures {
  offered: number;
  tracked: boolean;
  sold: number;
  revenueCents: number;
}

/**
 * The season report: for each product with anything to say in the chosen season or the two before it (stock,
 * sales, a waitlist, a refusal) or that is still in the catalogue, its figures in the season, the demand it
 * could not meet, how it compares with the seasons before, and the suggested and planned quantities for the
 * next season. Read by `seen`, a read of its own in one read transaction (exports/readInPieces.ts), so every
 * figure shows the same moment; a query at a time, the loop turning between them: ten seasons of orders held
 * the server's thread over a tenth of a second in one go.
 *
 * Sales count every order of the season that is not deleted (a restored order counts again; staff orders and
 * tax-exempt orders count like any other); revenue is the line subtotals before tax, as on the Stock screen.
 */
export function seasonReportInPieces(
  seen: Shop,
  season: number | undefined,
  pause: () => Promise<void>,
): Promise<SeasonReport> {
  return inPieces(readReport(seen, season ?? currentSeason(seen)), pause);
}

/** The season report as the procedure answers it (see seasonReportInPieces). */
export async function seasonReportAnswer(
  shop: Shop,
  season: number | undefined,
  signal?: AbortSignal,
): Promise<FreshJson<SeasonReport>> {
  return new FreshJson(
    await readInPieces(shop, (seen, pause) => seasonReportInPieces(seen, season, pause), signal),
  );
}

/** The report's reads and sums, yielding between its queries. */
function* readReport(shop: Shop, season: number): Generator<undefined, SeasonReport> {
  const sqlite = shop.database.sqlite;
  const { timeZone } = shop.config.shop;
  const startMonth = shop.config.seasonStartMonth;
  const seasons = Array.from({ length: COMPARED }, (_, i) => season - i);
  const { start, end } = seasonBounds(season, timeZone, startMonth);

  const figures = new Map<string, SeasonFigures>();
  const key = (productId: number, s: number) => `${productId}:${s}`;

  // The same sums as the Stock and Products screens (stock/levels.ts), season by season.
  for (const s of seasons) {
    for (const f of stockLevels(shop, { season: s }).values()) {
      figures.set(key(f.productId, s), {
        offered: f.currentStock,
        tracked: f.isStockTracked,
        sold: f.numSold,
        revenueCents: f.revenueCents,
      });
    }
    yield;
  }

  const waitlist = new Map<number, { entries: number; quantity: number; waiting: number }>();
  for (const w of sqlite
    .prepare<[number, number], { productId: number; entries: number; quantity: number; waiting: number }>(
      `select product_id as productId, count(*) as entries, sum(quantity) as quantity,
              sum(told_at is null) as waiting
         from waitlist_entries where created_at >= ? and created_at < ? group by product_id`,
    )
    .all(start.getTime(), end.getTime())) {
    waitlist.set(w.productId, w);
  }
  yield;

  const refused = new Map<number, { orders: number; quantity: number }>();
  for (const r of sqlite
    .prepare<[number], { productId: number; orders: number; quantity: number }>(
      `select product_id as productId, count(*) as orders, sum(max(quantity_asked - quantity_left, 0)) as quantity
         from stock_shortfalls where season = ? group by product_id`,
    )
    .all(season)) {
    refused.set(r.productId, r);
  }
  yield;

  const soldOut = yield* soldOutMoments(shop, season, start.getTime(), end.getTime());
  yield;

  const planned = new Map<number, number>();
  for (const p of sqlite
    .prepare<[number], { productId: number; quantity: number }>(
      'select product_id as productId, quantity from season_plans where season = ?',
    )
    .all(season + 1)) {
    planned.set(p.productId, p.quantity);
  }

  const involved = new Set<number>();
  for (const k of figures.keys()) involved.add(Number(k.split(':')[0]));
  for (const id of waitlist.keys()) involved.add(id);
  for (const id of refused.keys()) involved.add(id);
  const products = sqlite
    .prepare<[], ProductRow>(
      `select p.product_id as productId, p.name, p.product_size as productSize, p.product_type_id as productTypeId,
              t.name as productType, p.product_status as productStatus,
              (p.deleted_at is not null or p.product_status = ${ProductStatus.Deleted}) as deleted
         from products p join product_types t on t.product_type_id = p.product_type_id
        order by t.name, p.name, p.product_size, p.product_id`,
    )
    .all()
    .filter((p) => involved.has(p.productId) || !p.deleted);
  yield;

  const rows: SeasonReportRow[] = products.map((p) => {
    const now = figures.get(key(p.productId, season)) ?? {
      offered: 0,
      tracked: false,
      sold: 0,
      revenueCents: 0,
    };
    const before = seasons.slice(1).map((s) => figures.get(key(p.productId, s)));
    const soldBefore = before.map((f) => f?.sold ?? 0);
    const w = waitlist.get(p.productId) ?? { entries: 0, quantity: 0, waiting: 0 };
    const r = refused.get(p.productId) ?? { orders: 0, quantity: 0 };
    const unmetDemand = w.quantity + r.quantity;
    const suggestion = suggestQuantity({
      soldBySeason: [now.sold, soldBefore[0] ?? 0, soldBefore[1] ?? 0],
      unmetDemand,
      productStatus: p.deleted ? ProductStatus.Deleted : p.productStatus,
      hasEarlierSeasons: before.some((f) => f !== undefined && (f.sold > 0 || f.tracked)),
    });
    const out = soldOut.get(p.productId) ?? null;
    const previous = soldBefore[0] ?? 0;
    return {
      productId: p.productId,
      name: p.name,
      productSize: p.productSize,
      productTypeId: p.productTypeId,
      productType: p.productType,
      productStatus: p.deleted ? ProductStatus.Deleted : p.productStatus,
      displayProductStatus: productStatusName(p.deleted ? ProductStatus.Deleted : p.productStatus),
      isStockTracked: now.tracked,
      offered: now.offered,
      sold: now.sold,
      sellThrough: sellThrough(now.offered, now.sold),
      soldOutAt: out ? new Date(out.at).toISOString() : null,
      displaySoldOutAt: out ? formatDate(out.at, timeZone) : null,
      soldOutHow: out?.how ?? null,
      waitlistEntries: w.entries,
      waitlistQuantity: w.quantity,
      waitlistWaiting: w.waiting,
      refusedOrders: r.orders,
      refusedQuantity: r.quantity,
      unmetDemand,
      revenue: toDollars(now.revenueCents),
      displayRevenue: formatMoney(now.revenueCents),
      soldBefore,
      revenueBefore: before.map((f) => toDollars(f?.revenueCents ?? 0)),
      soldChange: previous > 0 ? (now.sold - previous) / previous : null,
      suggested: suggestion.quantity,
      suggestionBasis: suggestion.basis,
      suggestionReason: suggestion.reason,
      planned: planned.get(p.productId) ?? null,
    };
  });

  return {
    season,
    label: seasonLabel(season),
    nextSeason: season + 1,
    nextLabel: seasonLabel(season + 1),
    seasonsCompared: seasons.slice(1).map((s) => ({ season: s, label: seasonLabel(s) })),
    rule: SUGGESTION_RULE,
    rows,
    types: typeTotals(rows, seasons, figures, key),
  };
}

/**
 * When each product sold out in the season: the first moment its stock, counted from the season's stock
 * changes less the season's sales in the order they happened, came to nothing after there had been some; or
 * the first time staff (or an order) set it Sold Out within the season, whichever came first. Orders deleted
 * since do not count, so a sell-out an order's deletion undid is not shown. A product's stock is its own
 * story: each product's sales are read and counted in a piece of their own (all of them in one go held the
 * server's thread about 30 ms on ten seasons).
 */
function* soldOutMoments(
  shop: Shop,
  season: number,
  start: number,
  end: number,
): Generator<undefined, Map<number, { at: number; how: 'stock' | 'marked' }>> {
  const sqlite = shop.database.sqlite;
  const found = new Map<number, { at: number; how: 'stock' | 'marked' }>();
  // The season's stock changes, then the sales of the products they count, in time order (at one moment
  // the stock comes first). The sales are read through the product index from the season's first order on, as
  // the stock check reads them, so the cost is these few products' lines, not the whole season's.
  const changesOf = new Map<number, StockEvent[]>();
  for (const change of sqlite
    .prepare<[number], StockEvent>(
      'select product_id as productId, created_at as at, change_in_stock as change from stock_changes where season = ?',
    )
    .all(season)) {
    const its = changesOf.get(change.productId);
    if (its) its.push(change);
    else changesOf.set(change.productId, [change]);
  }
  const salesOf = sqlite.prepare<[{ productId: number; season: number }], StockEvent>(
    `select l.product_id as productId, o.created_at as at, -l.quantity as change
       from order_lines l
       join orders o on o.order_id = l.order_id
      where l.product_id = @productId
        and l.order_id >= (select min(order_id) from orders where season_purchased = @season)
        and o.season_purchased = @season and o.deleted_at is null`,
  );
  for (const [productId, changes] of changesOf) {
    yield;
    const sales = salesOf.all({ productId, season });
    const events = [...changes, ...sales].sort((a, b) => a.at - b.at || b.change - a.change);
    let stock = 0;
    let had = false;
    for (const e of events) {
      stock += e.change;
      if (stock > 0) had = true;
      else if (had && e.change < 0) {
        found.set(productId, { at: e.at, how: 'stock' });
        break;
      }
    }
  }
  yield;
  for (const m of sqlite
    .prepare<[number, number, number], { productId: number; at: number }>(
      `select product_id as productId, min(changed_at) as at from product_status_changes
        where to_status = ? and changed_at >= ? and changed_at < ? group by product_id`,
    )
    .all(ProductStatus.SoldOut, start, end)) {
    const byStock = found.get(m.productId);
    if (!byStock || m.at < byStock.at) found.set(m.productId, { at: m.at, how: 'marked' });
  }
  return found;
}

/** A change of a product's stock: counted in, or sold (negative). */
interface StockEvent {
  productId: number;
  at: number;
  change: number;
}

function typeTotals(
  rows: SeasonReportRow[],
  seasons: number[],
  figures: Map<string, SeasonFigures>,
  key: (productId: number, s: number) => string,
): SeasonReportType[] {
  const byType = new Map<number, SeasonReportRow[]>();
  for (const row of rows) {
    const list = byType.get(row.productTypeId) ?? [];
    list.push(row);
    byType.set(row.productTypeId, list);
  }
  return [...byType.values()].map((list) => {
    const first = list[0] as SeasonReportRow;
    const cents = list.reduce((n, r) => n + Math.round(r.revenue * 100), 0);
    const offered = list.reduce((n, r) => n + r.offered, 0);
    const sold = list.reduce((n, r) => n + r.sold, 0);
    return {
      productTypeId: first.productTypeId,
      productType: first.productType,
      offered,
      sold,
      sellThrough: sellThrough(offered, sold),
      revenue: toDollars(cents),
      displayRevenue: formatMoney(cents),
      suggested: list.reduce((n, r) => n + r.suggested, 0),
      planned: list.reduce((n, r) => n + (r.planned ?? r.suggested), 0),
      bySeason: [...seasons].reverse().map((s) => {
        let o = 0;
        let so = 0;
        for (const r of list) {
          const f = figures.get(key(r.productId, s));
          o += f?.offered ?? 0;
          so += f?.sold ?? 0;
        }
        return { season: s, label: seasonLabel(s), offered: o, sold: so, sellThrough: sellThrough(o, so) };
      }),
    };
  });
}

/** Keeps (or, with null, forgets) the quantity staff plan for a product in the season after `input.season`. */
export function saveSeasonPlan(shop: Shop, staff: StaffIdentity, input: SeasonPlanInput): SeasonPlanResult {
  const sqlite = shop.database.sqlite;
  const exists = sqlite.prepare('select 1 from products where product_id = ?').get(input.productId);
  if (!exists) throw new ShopError({ kind: 'not_found', message: `There is no product ${input.productId}.` });
  const next = input.season + 1;
  if (input.quantity === null) {
    sqlite.prepare('delete from season_plans where product_id = ? and season = ?').run(input.productId, next);
  } else {
    sqlite
      .prepare(
        `insert into season_plans (product_id, season, quantity, updated_at, updated_by) values (?, ?, ?, ?, ?)
         on conflict (product_id, season) do update set quantity = excluded.quantity,
           updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      )
      .run(input.productId, next, input.quantity, shop.now().getTime(), staff.name || staff.email);
  }
  return { productId: input.productId, season: next, planned: input.quantity };
}
