import { productPrices, products } from '@nursery/db';
import { expect } from 'vitest';
import { rest, type TestServer } from '../../src/testing.ts';

/** What the storefront lists of a product, as far as an order needs it. */
export interface ShownProduct {
  productId: number;
  name: string;
  productStatus: number;
  isStockTracked: boolean;
  prices: { startQuantity: number; endQuantity: number | null; price: number }[];
}

export const customer = {
  firstName: 'Wendell',
  lastName: 'Berry',
  email: 'wendell@example.com',
  confirmEmail: 'wendell@example.com',
  phoneNumber: '(555) 310-4477',
  workPhoneNumber: '',
  comments: 'Will pick up the first week of April.',
};

/** Who places a test order, as the checkout's details step sends them. */
export type OrderingCustomer = Record<string, unknown>;

export interface OrderLine {
  productId: number;
  quantity: number;
}

/**
 * Sends an order as the storefront does (POST /api/v1/Orders/Submit) and answers the shop's reply, refused or
 * not: the one way the server tests place an order. `who` is the customer and anything else the body carries
 * (a pick-up day, say).
 */
export function submitOrder<T = { orderId: number }>(
  server: { url: string },
  lines: OrderLine[],
  who: OrderingCustomer = customer,
  headers?: Record<string, string>,
) {
  return rest<T>(server.url, 'POST', '/api/v1/Orders/Submit', {
    body: { ...who, orderProductXrefs: lines },
    ...(headers ? { headers } : {}),
  });
}

/** Places an order that must be taken, and answers its id. */
export async function placeOrder(
  server: { url: string },
  lines: OrderLine[],
  who: OrderingCustomer = customer,
): Promise<number> {
  const placed = await submitOrder(server, lines, who);
  if (placed.status !== 200)
    throw new Error(`The order was refused: ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body.data.orderId;
}

/** Products anyone may order online without a stock limit: Active or Nursery, untracked, priced from 1. */
export function freelyOrderable(products: ShownProduct[]): ShownProduct[] {
  return products.filter(
    (p) =>
      (p.productStatus === 2 || p.productStatus === 7) &&
      !p.isStockTracked &&
      p.prices.some((t) => t.startQuantity === 1),
  );
}

/**
 * Opens the shop's online ordering (the demo data keeps it closed) and answers a product anyone may order
 * there, as the storefront lists it.
 */
export async function openForOrders(server: TestServer): Promise<ShownProduct> {
  server.shop.database.sqlite
    .prepare("UPDATE settings SET is_true = 1 WHERE name = 'OnlineOrderingEnabled'")
    .run();
  server.shop.catalogCache.invalidate();
  const shown = await rest<ShownProduct[]>(server.url, 'GET', '/api/v1/Products/GetProductsToShow');
  const product = freelyOrderable(shown.body.data)[0];
  if (!product) throw new Error('The demo catalogue has no product anyone may order.');
  return product;
}

/** The unit price in cents for a quantity, read from the tiers as a customer reads the price table. */
export function unitCents(product: ShownProduct, quantity: number): number {
  const tier = product.prices.find(
    (t) => t.startQuantity <= quantity && (t.endQuantity === null || quantity <= t.endQuantity),
  );
  if (!tier) throw new Error(`${product.name} has no price for ${quantity}`);
  return Math.round(tier.price * 100);
}

/**
 * Totals in cents worked out independently of the shop's code: the spec's tax, 5.5% of the order
 * subtotal, half-up to the cent (never the sum of rounded line taxes).
 */
export function expectedTotals(lines: { unitCents: number; quantity: number }[], taxBasisPoints = 550) {
  const subtotal = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const tax = Math.floor((subtotal * taxBasisPoints + 5000) / 10000);
  return { subtotal, tax, total: subtotal + tax };
}

/**
 * Saves a new product over REST as the back office's form does (what `product` leaves out the shop defaults), and
 * answers its productId.
 */
export async function saveProduct(
  server: { url: string },
  token: string,
  product: Record<string, unknown>,
): Promise<number> {
  const saved = await rest<{ product: { productId: number } }>(
    server.url,
    'POST',
    '/api/v1/Products/SaveProduct',
    {
      token,
      body: { productId: '', ...product },
    },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.product.productId;
}

/**
 * A product anyone may order online without a stock limit, saved by staff over REST as the back office does:
 * Serviceberry, bare root, $12 from 1. Answers its productId.
 */
export function saveOrderableProduct(server: TestServer, token: string): Promise<number> {
  return saveProduct(server, token, {
    name: 'Serviceberry',
    description: 'Amelanchier, bare root.',
    species: 'Amelanchier laevis',
    zones: '4-8',
    productSize: '3 ft',
    prices: [{ startQuantity: 1, endQuantity: '', price: 12 }],
  });
}

/** A product's price tier as the database keeps it (cents; endQuantity null for "and up"). */
export interface StoredTier {
  startQuantity: number;
  endQuantity?: number | null;
  priceCents: number;
}

/**
 * Writes a product straight into a test shop's database, for tests about orders rather than the catalogue:
 * an Active product of type 2, 1 gal, $10 from 1 unless told otherwise. Answers its productId.
 */
export function insertProduct(
  server: TestServer,
  name: string,
  {
    productTypeId = 2,
    productStatus = 2,
    productSize = '1 gal',
    tiers = [{ startQuantity: 1, priceCents: 1000 }],
  }: { productTypeId?: number; productStatus?: number; productSize?: string; tiers?: StoredTier[] } = {},
): number {
  const { db } = server.shop;
  const { productId } = db
    .insert(products)
    .values({ name, productTypeId, productStatus, productSize })
    .returning({ productId: products.productId })
    .get();
  if (tiers.length > 0)
    db.insert(productPrices)
      .values(tiers.map((t) => ({ productId, ...t })))
      .run();
  return productId;
}

/**
 * Sets a product's status over REST as the back office's product list does, and answers the shop's reply,
 * refused or not.
 */
export function setProductStatus<T = unknown>(
  server: { url: string },
  token: string,
  productId: number,
  productStatus: number,
) {
  return rest<T>(
    server.url,
    'PUT',
    `/api/v1/Products/SetProductStatus?productId=${productId}&productStatus=${productStatus}`,
    { token },
  );
}

/**
 * Writes `count` orders straight into a test shop's database in one statement, for tests about long lists:
 * `${firstName} ${lastName} 1` and on, each with its own e-mail, in `season` (the newest on file unless told),
 * the i-th created at `firstCreatedAt + i * stepMs`. With `linesOf`, each also gets a line of 2 at $5 for every
 * one of that many products. Answers a function that deletes them again, lines included.
 */
export function insertOrders(
  server: TestServer,
  count: number,
  options: {
    firstName: string;
    lastName: string;
    emailName: string;
    comments: string;
    season?: number;
    firstCreatedAt: number;
    stepMs: number;
    linesOf?: number;
  },
): () => void {
  const { sqlite } = server.shop.database;
  const { firstName, lastName, emailName } = options;
  const named = `${firstName} ${lastName} %`;
  sqlite
    .prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
      insert into orders (name, first_name, last_name, email, phone_number, comments, season_purchased, created_at)
      select ? || ' ' || i, ?, ? || ' ' || i, ? || i || '@example.com', '(555) 010-0199', ?,
        coalesce(?, (select max(season_purchased) from orders)), ? + i * ? from n`,
    )
    .run(
      count,
      `${firstName} ${lastName}`,
      firstName,
      lastName,
      emailName,
      options.comments,
      options.season ?? null,
      options.firstCreatedAt,
      options.stepMs,
    );
  if (options.linesOf)
    sqlite
      .prepare(
        `insert into order_lines (order_id, product_id, quantity, unit_price_cents, is_static, subtotal_cents, tax_cents, total_cents)
        select o.order_id, p.product_id, 2, 500, 0, 1000, 55, 1055
        from orders o join (select product_id from products where deleted_at is null limit ?) p
        where o.name like ?`,
      )
      .run(options.linesOf, named);
  return () => {
    sqlite
      .prepare('delete from order_lines where order_id in (select order_id from orders where name like ?)')
      .run(named);
    sqlite.prepare('delete from orders where name like ?').run(named);
  };
}
