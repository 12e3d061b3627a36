import type { ProductOrderLine, ProductStatusChange, SavedProduct } from '@nursery/domain';

export type { ProductOrderLine, SavedProduct } from '@nursery/domain';

import { orderLines, orders, productPrices, products } from '@nursery/db';
import {
  emptyPricesProblem,
  formatDate,
  formatMoney,
  freePriceProblem,
  isOrderableOnline,
  PRODUCT_STALE,
  type ProductInput,
  ProductStatus,
  productStatusName,
  type SavedTier,
  toDollars,
} from '@nursery/domain';
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { ShopError } from '../errors.ts';
import { PagedList, type PageInput } from '../pagedList.ts';
import type { Shop, ShopRecords } from '../shop.ts';
import type { StaffIdentity } from '../trpc.ts';
import { tellWaitlists } from '../waitlist/service.ts';
import { queueProductChanged } from '../webhooks/events.ts';
import { loadProduct, loadProducts, nextProductVersion, type Product } from './productShape.ts';

/** The name written into audit columns: the person's name, or their e-mail when the token has none. */
export function staffName(staff: StaffIdentity): string {
  return staff.name.trim() || staff.email || staff.subject;
}

export function productNotFound(productId: number): ShopError {
  return new ShopError({ kind: 'not_found', message: `There is no product with id ${productId}.` });
}

function stale(): never {
  throw new ShopError({ kind: 'conflict', message: PRODUCT_STALE });
}

interface LiveProduct {
  productId: number;
  name: string;
  productStatus: number;
  version: number;
}

/** A product that exists and is not deleted; deleted products are only kept for past orders. */
export function requireLiveProduct(shop: ShopRecords, productId: number): LiveProduct {
  const row = shop.db
    .select({
      productId: products.productId,
      name: products.name,
      productStatus: products.productStatus,
      version: products.version,
    })
    .from(products)
    .where(and(eq(products.productId, productId), isNull(products.deletedAt)))
    .get();
  if (!row || row.productStatus === ProductStatus.Deleted) throw productNotFound(productId);
  return row;
}

/**
 * A product that exists, deleted or not: its orders and stock history stay readable after a soft
 * delete, since past orders still name it.
 */
export function requireProduct(shop: ShopRecords, productId: number): void {
  const exists = shop.db
    .select({ productId: products.productId })
    .from(products)
    .where(eq(products.productId, productId))
    .get();
  if (!exists) throw productNotFound(productId);
}

function loadSaved(shop: Shop, productId: number): Product {
  const product = loadProduct(shop, productId);
  if (!product) throw productNotFound(productId);
  return product;
}

function productsWithStatsWhere(options: { includeSpecialOrderProducts: boolean }): SQL | undefined {
  return and(
    isNull(products.deletedAt),
    ne(products.productStatus, ProductStatus.Deleted),
    options.includeSpecialOrderProducts ? undefined : ne(products.productStatus, ProductStatus.SpecialOrder),
  );
}

/** GetAllProductsWithStats: every product that is not deleted, with this season's stock and sales. */
export function allProductsWithStats(
  shop: Shop,
  options: { includeSpecialOrderProducts: boolean },
): Product[] {
  return loadProducts(shop, productsWithStatsWhere(options));
}

/**
 * GetAllProductsWithStats as a PagedList, in the catalogue's order (name, then id): the page asked for, or
 * every product written out as it is read. The cursor is a product id; the next page starts after that
 * product's name and id, so a product added or renamed meanwhile neither repeats one nor skips one.
 */
export function productsWithStatsList(
  shop: Shop,
  options: { includeSpecialOrderProducts: boolean },
  page: PageInput = {},
): PagedList<Product> {
  const read = (after: number | null, limit: number) => {
    let keyset: SQL | undefined;
    if (after !== null) {
      const anchor = shop.db
        .select({ name: products.name, id: products.productId })
        .from(products)
        .where(eq(products.productId, after))
        .get();
      if (!anchor) {
        throw new ShopError({
          kind: 'bad_request',
          message: `after must be the id of the last product of the page before: there is no product number ${after}.`,
        });
      }
      keyset = sql`(${products.name}, ${products.productId}) > (${anchor.name}, ${anchor.id})`;
    }
    return loadProducts(shop, and(productsWithStatsWhere(options), keyset), { limit });
  };
  return new PagedList(read, (p) => p.productId, page);
}

/** GetProductOrders: every order (of any season, not deleted) with this product on it, newest first. */
export function productOrders(shop: Shop, productId: number): ProductOrderLine[] {
  requireProduct(shop, productId);
  const rows = shop.db
    .select({
      orderId: orders.orderId,
      phoneNumber: orders.phoneNumber,
      createdAt: orders.createdAt,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      subtotalCents: orderLines.subtotalCents,
      name: orders.name,
      email: orders.email,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.orderId, orderLines.orderId))
    .where(and(eq(orderLines.productId, productId), isNull(orders.deletedAt)))
    .orderBy(desc(orders.createdAt), desc(orders.orderId))
    .all();
  const tz = shop.config.shop.timeZone;
  return rows.map((r) => ({
    orderId: r.orderId,
    phoneNumber: r.phoneNumber,
    createdTimestamp: new Date(r.createdAt).toISOString(),
    displayCreatedDate: formatDate(r.createdAt, tz),
    quantity: r.quantity,
    unitPrice: toDollars(r.unitPriceCents),
    displayUnitPrice: formatMoney(r.unitPriceCents),
    price: toDollars(r.subtotalCents),
    displayPrice: formatMoney(r.subtotalCents),
    name: r.name,
    email: r.email,
  }));
}

function softDelete(shop: Shop, productId: number, staff: StaffIdentity): void {
  const now = shop.now().getTime();
  shop.db.transaction(() => {
    shop.db
      .update(products)
      .set({
        productStatus: ProductStatus.Deleted,
        deletedAt: now,
        deletedBy: staffName(staff),
        updatedAt: now,
        version: nextProductVersion,
      })
      .where(eq(products.productId, productId))
      .run();
    queueProductChanged(shop, productId);
  });
  shop.webhooks.flush();
}

export type StatusChange = ProductStatusChange;

/** SetProductStatus; status 4 is the soft delete, after which there is no product to show. */
export function setProductStatus(
  shop: Shop,
  staff: StaffIdentity,
  input: { productId: number; productStatus: number },
): StatusChange {
  const current = requireLiveProduct(shop, input.productId);
  // A special-order product may be saved without prices; put on sale like that, a customer could
  // fill a cart with it and only hear at checkout that it has no price.
  if (isOrderableOnline(input.productStatus)) {
    const prices = shop.db
      .select({ priceCents: productPrices.priceCents })
      .from(productPrices)
      .where(eq(productPrices.productId, input.productId))
      .all();
    if (prices.length === 0) {
      throw new ShopError({
        kind: 'bad_request',
        message: `${current.name} has no prices, so it cannot be ordered online; add its prices with Edit first.`,
      });
    }
    const free = freePriceProblem(prices, input.productStatus);
    if (free) throw new ShopError({ kind: 'bad_request', message: free });
  }
  if (input.productStatus === ProductStatus.Deleted) {
    softDelete(shop, input.productId, staff);
  } else {
    shop.db.transaction(() => {
      shop.db
        .update(products)
        .set({
          productStatus: input.productStatus,
          updatedAt: shop.now().getTime(),
          version: nextProductVersion,
        })
        .where(eq(products.productId, input.productId))
        .run();
      // Back on sale: the customers waiting for it hear so.
      tellWaitlists(shop, [input.productId]);
      queueProductChanged(shop, input.productId);
    });
    shop.flushEmail();
    shop.webhooks.flush();
  }
  shop.catalogCache.invalidate();
  return {
    productId: input.productId,
    productStatus: input.productStatus,
    displayProductStatus: productStatusName(input.productStatus),
    product: input.productStatus === ProductStatus.Deleted ? null : loadSaved(shop, input.productId),
  };
}

/**
 * Keeps the ids of tiers staff edited, adds new ones and drops the rest. Placed orders keep their
 * own unit price, so removing a tier never changes an order.
 */
function replaceTiers(shop: Shop, productId: number, tiers: readonly SavedTier[]): void {
  const existing = new Set(
    shop.db
      .select({ id: productPrices.productPriceId })
      .from(productPrices)
      .where(eq(productPrices.productId, productId))
      .all()
      .map((r) => r.id),
  );
  const kept = new Set<number>();
  for (const tier of tiers) {
    const values = {
      startQuantity: tier.startQuantity,
      endQuantity: tier.endQuantity,
      priceCents: tier.priceCents,
    };
    const id = tier.productPriceId;
    if (id !== null && existing.has(id) && !kept.has(id)) {
      kept.add(id);
      shop.db.update(productPrices).set(values).where(eq(productPrices.productPriceId, id)).run();
    } else {
      shop.db
        .insert(productPrices)
        .values({ productId, ...values })
        .run();
    }
  }
  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length > 0) shop.db.delete(productPrices).where(inArray(productPrices.productPriceId, gone)).run();
}

/**
 * SaveProduct: a product without an id is new (Active unless a status is given); otherwise it is updated.
 * An update that carries the version it was read at is refused with 409 when the product changed since, so
 * two staff saving one product never silently overwrite each other; without a version (older API clients)
 * the last save wins, as before.
 */
export function saveProduct(
  shop: Shop,
  input: ProductInput,
  options: { forceStatus?: number; forceNew?: boolean } = {},
): SavedProduct {
  const { productId, isNewProduct } = writeProduct(shop, input, options);
  shop.catalogCache.invalidate();
  shop.flushEmail();
  shop.webhooks.flush();
  return { product: loadSaved(shop, productId), isNewProduct };
}

/**
 * The product save's checks and writes, without what follows a save (the product list's rebuild, the mail and
 * webhooks sent, the saved product read back): the catalogue spreadsheet writes thousands of rows with it and does those once.
 */
export function writeProduct(
  shop: Shop,
  input: ProductInput,
  options: { forceStatus?: number; forceNew?: boolean } = {},
): { productId: number; isNewProduct: boolean } {
  const isNewProduct = options.forceNew === true || input.productId === null;
  const current = isNewProduct ? null : requireLiveProduct(shop, input.productId as number);
  if (current && input.version != null && input.version !== current.version) stale();
  const status = options.forceStatus ?? input.productStatus ?? current?.productStatus ?? ProductStatus.Active;
  const noPrices = emptyPricesProblem(input.prices.length, status) ?? freePriceProblem(input.prices, status);
  if (noPrices) throw new ShopError({ kind: 'bad_request', message: noPrices });
  const fields = {
    name: input.name,
    description: input.description,
    productTypeId: input.productTypeId,
    species: input.species,
    zones: input.zones,
    productSize: input.productSize,
    productStatus: status,
    ...(input.isDougs === null || input.isDougs === undefined ? {} : { isDougs: input.isDougs }),
  };
  const productId = shop.db.transaction(() => {
    let id: number;
    if (current) {
      id = current.productId;
      const changed = shop.db
        .update(products)
        .set({ ...fields, updatedAt: shop.now().getTime(), version: current.version + 1 })
        .where(and(eq(products.productId, id), eq(products.version, current.version)))
        .run();
      if (changed.changes !== 1) stale();
    } else {
      const row = shop.db.insert(products).values(fields).returning({ productId: products.productId }).get();
      id = row.productId;
    }
    replaceTiers(shop, id, input.prices);
    if (current) tellWaitlists(shop, [id]);
    queueProductChanged(shop, id);
    return id;
  });
  return { productId, isNewProduct };
}

/** SaveSpecialOrderProduct: always a new product, always Special Order, whatever the form said. */
export function saveSpecialOrderProduct(shop: Shop, input: ProductInput): Product {
  return saveProduct(shop, input, { forceNew: true, forceStatus: ProductStatus.SpecialOrder }).product;
}

/** Update/Flags: only the brand flag changes, whatever else the sent product carries. */
export function updateProductFlags(shop: Shop, input: { productId: number; isDougs: boolean }): Product {
  requireLiveProduct(shop, input.productId);
  shop.db.transaction(() => {
    shop.db
      .update(products)
      .set({ isDougs: input.isDougs, updatedAt: shop.now().getTime(), version: nextProductVersion })
      .where(eq(products.productId, input.productId))
      .run();
    queueProductChanged(shop, input.productId);
  });
  shop.webhooks.flush();
  shop.catalogCache.invalidate();
  return loadSaved(shop, input.productId);
}

/** DeleteProduct: a soft delete; the product leaves the lists and the storefront but stays on past orders. */
export function deleteProduct(shop: Shop, staff: StaffIdentity, productId: number): { productId: number } {
  requireLiveProduct(shop, productId);
  softDelete(shop, productId, staff);
  shop.catalogCache.invalidate();
  return { productId };
}

/**
 * A fingerprint of the catalogue as the product editor sees it: how many products, the newest id, and the sum
 * of their versions. Every write SaveProduct could make moves the version on and every new product adds one,
 * so two equal fingerprints mean nothing a preview read was changed in between (the roll-over and the
 * spreadsheet upload compare it between preview and apply).
 */
export function catalogueFingerprint(shop: ShopRecords): string {
  const row = shop.db
    .select({
      count: sql<number>`count(*)`,
      newest: sql<number>`coalesce(max(${products.productId}), 0)`,
      versions: sql<number>`coalesce(sum(${products.version}), 0)`,
    })
    .from(products)
    .get();
  return `${row?.count ?? 0}:${row?.newest ?? 0}:${row?.versions ?? 0}`;
}
