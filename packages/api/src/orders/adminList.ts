import type {
  OrderListItem,
  OrderListPage,
  OrderListQuery,
  OrderListSort,
  SeasonChoices,
} from '@nursery/domain';

export type { AdminOrder, OrderListItem, OrderListPage, SeasonChoices } from '@nursery/domain';

import {
  type BareSelect,
  bareSelect,
  boundLimit,
  orders,
  perConnection,
  pickUpDays,
  products,
  type ShopDatabase,
} from '@nursery/db';
import {
  ALL_SEASONS,
  ALL_SEASONS_LABEL,
  formatDateTime,
  formatMoney,
  isoTimestamp,
  ProductStatus,
  seasonList,
  toDollars,
  zonedTimeToInstant,
} from '@nursery/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  min,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { loadProducts, type Product } from '../catalog/productShape.ts';
import { ShopError } from '../errors.ts';
import { PagedList, type PageInput } from '../pagedList.ts';
import { type OrderPickUpDayFields, orderPickUpDays } from '../pickUpDays/service.ts';
import { type PickupRow, pickupColumns, toListPickup } from '../pickup/shape.ts';
import type { ShopRecords } from '../shop.ts';
import { currentSeason } from '../stock/levels.ts';

// Only the columns a list row needs: the totals are kept on the order row, so a season of
// hundreds of orders is one indexed query with no join and no per-order work in SQL.
const listColumns = {
  orderId: orders.orderId,
  createdAt: orders.createdAt,
  name: orders.name,
  email: orders.email,
  phoneNumber: orders.phoneNumber,
  numItems: orders.numItems,
  totalQuantity: orders.totalQuantity,
  totalCents: orders.totalCents,
  isTaxExempt: orders.isTaxExempt,
  seasonPurchased: orders.seasonPurchased,
  deletedAt: orders.deletedAt,
  deletedBy: orders.deletedBy,
  version: orders.version,
  pickUpDayId: orders.pickUpDayId,
  ...pickupColumns,
};

type ListRow = PickupRow & {
  orderId: number;
  createdAt: number;
  name: string;
  email: string;
  phoneNumber: string;
  numItems: number;
  totalQuantity: number;
  totalCents: number;
  isTaxExempt: boolean;
  seasonPurchased: number;
  deletedAt: number | null;
  deletedBy: string | null;
  version: number;
  pickUpDayId: number | null;
};

const countFormat = new Intl.NumberFormat('en-US');

/** A count as the lists show it (1,234): below a thousand it is its digits, without asking Intl. */
const displayCount = (n: number) =>
  Number.isInteger(n) && n >= 0 && n < 1000 ? String(n) : countFormat.format(n);

/**
 * One row of the order lists. Written as one literal (no spread of the day's and the check-in's fields): a
 * whole list maps 100,000 of them, and an object built by spreads cost about twice as much to make and to
 * write out as JSON.
 */
export function toOrderListItem(
  row: ListRow,
  timeZone: string,
  pickUpDayOf: (pickUpDayId: number | null) => OrderPickUpDayFields,
): OrderListItem {
  const day = pickUpDayOf(row.pickUpDayId);
  const pickup = toListPickup(row, timeZone);
  return {
    orderId: row.orderId,
    createdTimestamp: isoTimestamp(row.createdAt),
    displayCreatedTimestamp: formatDateTime(row.createdAt, timeZone),
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    numItems: row.numItems,
    displayNumItems: displayCount(row.numItems),
    totalQuantity: row.totalQuantity,
    totalPrice: toDollars(row.totalCents),
    displayTotalPrice: formatMoney(row.totalCents),
    isTaxExempt: row.isTaxExempt,
    seasonPurchased: row.seasonPurchased,
    deletedTimestamp: row.deletedAt === null ? null : isoTimestamp(row.deletedAt),
    displayDeletedTimestamp: row.deletedAt === null ? null : formatDateTime(row.deletedAt, timeZone),
    deletedUsername: row.deletedBy,
    version: row.version,
    pickUpDayId: day.pickUpDayId,
    pickUpDate: day.pickUpDate,
    displayPickUpDay: day.displayPickUpDay,
    pickUpDayNote: day.pickUpDayNote,
    pickedUpTimestamp: pickup.pickedUpTimestamp,
    displayPickedUpTimestamp: pickup.displayPickedUpTimestamp,
    pickedUpUsername: pickup.pickedUpUsername,
    paidMethod: pickup.paidMethod,
    paid: pickup.paid,
    displayPaid: pickup.displayPaid,
  };
}

/**
 * Which list: the orders of a season (null: every season) that are not deleted, or the deleted ones, those
 * the Orders screen's text filter finds when it is given.
 */
export type OrderListKind = { deleted: false; season: number | null } | { deleted: true; text?: string };

/** What a list's keyset read is given: the season, and the row it starts after (its date and id). */
interface ListValues {
  season: number | null;
  at: number | null | undefined;
  orderId: number | undefined;
  limit: number;
}

/**
 * The statement of a list's keyset read, for one kind of list (deleted or not, one season or all) and whether
 * it starts after a row, run bare (bareSelect): a whole list of 100,000 orders is two thousand reads, and
 * drizzle's row mapping cost about as much as SQLite's reading.
 */
function listStatement(
  { sqlite, db }: ShopDatabase,
  deleted: boolean,
  season: boolean,
  after: boolean,
  filter?: SQL,
): BareSelect<ListValues, ListRow> {
  const by = deleted ? orders.deletedAt : orders.createdAt;
  // Walked newest first through the date's index (a season's through its season and date index). SQLite
  // would rather take the deleted_at index for 'deleted_at is null' and sort all 100,000 orders for every
  // chunk; the unary + keeps it off that index.
  const conditions: (SQL | undefined)[] = [
    deleted ? isNotNull(orders.deletedAt) : sql`+${orders.deletedAt} is null`,
    filter,
  ];
  if (season) conditions.push(eq(orders.seasonPurchased, sql.placeholder('season')));
  if (after) {
    // The date alone narrows the index range; the pair decides ties.
    conditions.push(
      sql`${by} <= ${sql.placeholder('at')}`,
      sql`(${by}, ${orders.orderId}) < (${sql.placeholder('at')}, ${sql.placeholder('orderId')})`,
    );
  }
  return bareSelect(
    sqlite,
    db
      .select(listColumns)
      .from(orders)
      .where(and(...conditions))
      .orderBy(desc(by), desc(orders.orderId))
      .limit(boundLimit('limit')),
    listColumns,
  );
}

const anchorColumns = { createdAt: orders.createdAt, deletedAt: orders.deletedAt, orderId: orders.orderId };

/** The unfiltered lists' statements, prepared once per connection as they are first read. */
const orderListStatements = perConnection((database: ShopDatabase) => {
  const made = new Map<string, BareSelect<ListValues, ListRow>>();
  return {
    list(deleted: boolean, season: boolean, after: boolean) {
      const key = `${deleted} ${season} ${after}`;
      let statement = made.get(key);
      if (!statement) {
        statement = listStatement(database, deleted, season, after);
        made.set(key, statement);
      }
      return statement;
    },
    // Read before each chunk of a whole list (2,000 times for 100,000 orders): bare, as the chunks are.
    anchor: bareSelect<{ orderId: number }, { createdAt: number; deletedAt: number | null; orderId: number }>(
      database.sqlite,
      database.db
        .select(anchorColumns)
        .from(orders)
        .where(eq(orders.orderId, sql.placeholder('orderId'))),
      anchorColumns,
    ),
  };
});

/**
 * Up to `limit` rows of a list in its order (newest first by created date, or by deleted date for the
 * deleted list), after the row of order `after`: a keyset read, so each page costs its own rows.
 */
function readOrderList(
  shop: ShopRecords,
  kind: OrderListKind,
  after: number | null,
  limit: number,
  days: (pickUpDayId: number | null) => OrderPickUpDayFields,
): OrderListItem[] {
  const statements = orderListStatements(shop.database);
  const season = !kind.deleted && kind.season !== null ? kind.season : null;
  let from: { at: number | null; orderId: number } | null = null;
  if (after !== null) {
    const [anchor] = statements.anchor.all({ orderId: after });
    if (!anchor) {
      throw new ShopError({
        kind: 'bad_request',
        message: `after must be the id of the last order of the page before: there is no order number ${after}.`,
      });
    }
    from = { at: kind.deleted ? anchor.deletedAt : anchor.createdAt, orderId: anchor.orderId };
  }
  // A filtered list is prepared for its one read: its words are values of the statement, and the deleted
  // orders it serves are few.
  const filter = kind.deleted && kind.text ? textCondition(shop, kind.text) : undefined;
  const statement = filter
    ? listStatement(shop.database, kind.deleted, false, from !== null, filter)
    : statements.list(kind.deleted, season !== null, from !== null);
  const rows = statement.all({ season, at: from?.at, orderId: from?.orderId, limit });
  const tz = shop.config.shop.timeZone;
  return rows.map((r) => toOrderListItem(r, tz, days));
}

/**
 * A list as a PagedList: the page asked for, or every row written out as it is read. The pick-up days are read
 * once per list, at its first read, not before each of a whole list's 2,000 chunks.
 */
export function orderList(
  shop: ShopRecords,
  kind: OrderListKind,
  page: PageInput = {},
): PagedList<OrderListItem> {
  let days: ((pickUpDayId: number | null) => OrderPickUpDayFields) | null = null;
  return new PagedList(
    (after, limit) => {
      days ??= orderPickUpDays(shop);
      return readOrderList(shop, kind, after, limit, days);
    },
    (row) => row.orderId,
    page,
  );
}

/** Every order that is not deleted, newest first (GetAllOrders). */
export function allOrders(shop: ShopRecords, page: PageInput = {}): PagedList<OrderListItem> {
  return orderList(shop, { deleted: false, season: null }, page);
}

/** The orders of one season that are not deleted; -1 means every season (GetAllOrdersForSeason). */
export function ordersForSeason(
  shop: ShopRecords,
  season: number,
  page: PageInput = {},
): PagedList<OrderListItem> {
  return orderList(shop, { deleted: false, season: season === ALL_SEASONS ? null : season }, page);
}

/**
 * Deleted orders of every season, most recently deleted first (GetAllDeletedOrders); with `text`, those the
 * Orders screen's filter finds, by the same rule as its list of orders (textCondition).
 */
export function deletedOrders(
  shop: ShopRecords,
  { text, ...page }: PageInput & { text?: string | undefined } = {},
): PagedList<OrderListItem> {
  return orderList(shop, text ? { deleted: true, text } : { deleted: true }, page);
}

const SORT_COLUMNS: Record<OrderListSort, SQLiteColumn | SQL> = {
  orderId: orders.orderId,
  createdTimestamp: orders.createdAt,
  name: orders.name,
  email: orders.email,
  phoneNumber: orders.phoneNumber,
  numItems: orders.numItems,
  totalQuantity: orders.totalQuantity,
  totalPrice: orders.totalCents,
  isTaxExempt: orders.isTaxExempt,
  pickedUpTimestamp: orders.pickedUpAt,
  // By the day's date (orders without a day first, ascending): the days table is a few rows, read per order.
  pickUpDate: sql`(select ${pickUpDays.date} from ${pickUpDays} where ${pickUpDays.pickUpDayId} = ${orders.pickUpDayId})`,
};

/** A word of the filter for LIKE: its own % and _ are plain characters. */
const likeWord = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What the Orders screen's text filter means: every word (case ignored) is found in the order id, the
 * customer's name, e-mail or phone number, or is a date M/D/YYYY the order was placed on (in the shop's
 * zone); or, with three digits or more, the digits are found in the phone number whatever its punctuation.
 */
function textCondition(shop: ShopRecords, text: string): SQL | undefined {
  const needle = text.trim().toLowerCase();
  if (!needle) return undefined;
  const tz = shop.config.shop.timeZone;
  const words = needle.split(/\s+/).map((word) => {
    const like = likeWord(word);
    const found = [
      sql`cast(${orders.orderId} as text) like ${like} escape '\\'`,
      sql`${orders.name} like ${like} escape '\\'`,
      sql`${orders.email} like ${like} escape '\\'`,
      sql`${orders.phoneNumber} like ${like} escape '\\'`,
    ];
    const day = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(word);
    if (day) {
      const [month, date, year] = [Number(day[1]), Number(day[2]), Number(day[3])];
      const from = zonedTimeToInstant(tz, year, month, date).getTime();
      const to = zonedTimeToInstant(tz, year, month, date + 1).getTime();
      if (Number.isFinite(from) && Number.isFinite(to))
        found.push(and(gte(orders.createdAt, from), lt(orders.createdAt, to)) as SQL);
    }
    return or(...found) as SQL;
  });
  const digits = needle.replace(/\D/g, '');
  const byWords = and(...words) as SQL;
  return digits.length >= 3
    ? (or(byWords, sql`${orders.phoneDigits} like ${likeWord(digits)} escape '\\'`) as SQL)
    : byWords;
}

/** The list's pick-up filter: every order, those not picked up yet, or those picked up. */
function pickupCondition(filter: OrderListQuery['pickup']): SQL | undefined {
  if (filter === 'waiting') return isNull(orders.pickedUpAt);
  if (filter === 'pickedUp') return isNotNull(orders.pickedUpAt);
  return undefined;
}

/**
 * One page of the admin Orders screen: the season's orders (every season for -1) that are not deleted,
 * filtered by text and tax exemption, sorted, with how many match in all. SQLite does the filtering, so
 * the browser holds one page whatever the size of the shop.
 */
export function orderListPage(shop: ShopRecords, query: OrderListQuery): OrderListPage {
  const season = query.season ?? currentSeason(shop);
  const where = and(
    // Not through the deleted_at index (see readOrderList): the date's index gives the newest page at once.
    sql`+${orders.deletedAt} is null`,
    season === ALL_SEASONS ? undefined : eq(orders.seasonPurchased, season),
    query.tax === 'exempt'
      ? eq(orders.isTaxExempt, true)
      : query.tax === 'taxed'
        ? eq(orders.isTaxExempt, false)
        : undefined,
    query.pickUpDay === 'all'
      ? undefined
      : query.pickUpDay === 'none'
        ? isNull(orders.pickUpDayId)
        : eq(orders.pickUpDayId, query.pickUpDay),
    textCondition(shop, query.text),
    pickupCondition(query.pickup),
  );
  const total = shop.db.select({ n: count() }).from(orders).where(where).get()?.n ?? 0;
  const column = SORT_COLUMNS[query.sort];
  const direction = query.desc ? desc : asc;
  const rows = shop.db
    .select(listColumns)
    .from(orders)
    .where(where)
    .orderBy(direction(column), direction(orders.orderId))
    .limit(query.pageSize)
    .offset(query.page * query.pageSize)
    .all();
  const tz = shop.config.shop.timeZone;
  const days = orderPickUpDays(shop);
  return { total, rows: rows.map((r) => toOrderListItem(r, tz, days)) };
}

export function orderListItem(shop: ShopRecords, orderId: number): OrderListItem | null {
  const row = shop.db.select(listColumns).from(orders).where(eq(orders.orderId, orderId)).get();
  return row ? toOrderListItem(row, shop.config.shop.timeZone, orderPickUpDays(shop)) : null;
}

/** The season dropdown: derived from the orders on file, never a hard-coded year (DECISIONS.md). */
export function seasonChoices(shop: ShopRecords): SeasonChoices {
  const oldest =
    shop.db
      .select({ oldest: min(orders.seasonPurchased) })
      .from(orders)
      .get()?.oldest ?? null;
  const current = currentSeason(shop);
  return {
    currentSeason: current,
    seasons: [...seasonList(oldest, current), { value: ALL_SEASONS, label: ALL_SEASONS_LABEL }],
  };
}

/**
 * Every product staff may put on an order, with tiers for the price preview and this season's
 * stock: also special-order and inactive ones, never deleted ones.
 */
export function orderProductChoices(shop: ShopRecords): Product[] {
  return loadProducts(
    shop,
    and(isNull(products.deletedAt), ne(products.productStatus, ProductStatus.Deleted)),
  );
}
