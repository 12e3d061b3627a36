import type { Product, ProductPrice } from '@nursery/domain';

export type { Product, ProductPrice } from '@nursery/domain';

import { idList, inIdList, perConnection, productPrices, products, type ShopDb } from '@nursery/db';
import {
  formatMoney,
  isOrderableOnline,
  type PriceTier,
  ProductStatus,
  productStatusName,
  productTypeName,
  toDollars,
} from '@nursery/domain';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { ShopRecords } from '../shop.ts';
import { figuresFor, type StockFigures, stockLevels } from '../stock/levels.ts';
import { pieces } from '../turns.ts';

/**
 * Every write to what the product editor saves (its fields, prices, status, brand flag, deletion) moves the
 * version on; stock counts and photos are not the editor's, so they leave it alone (docs/decisions.md). Here
 * rather than in adminService.ts: an order that sells a product out moves it on too, on the order writer's thread.
 */
export const nextProductVersion = sql`${products.version} + 1`;

/** The product columns every product answer is built from; listed so no internal column leaks. */
export const productColumns = {
  productId: products.productId,
  name: products.name,
  description: products.description,
  productTypeId: products.productTypeId,
  species: products.species,
  zones: products.zones,
  productSize: products.productSize,
  productStatus: products.productStatus,
  isDougs: products.isDougs,
  fullSizeImagePath: products.fullSizeImagePath,
  thumbnailImagePath: products.thumbnailImagePath,
  croppedImagePath: products.croppedImagePath,
  productImageCropped: products.productImageCropped,
  photoOwner: products.photoOwner,
  photoPageUrl: products.photoPageUrl,
  deletedAt: products.deletedAt,
  version: products.version,
};

export interface ProductRow {
  productId: number;
  name: string;
  description: string;
  productTypeId: number;
  species: string;
  zones: string;
  productSize: string;
  productStatus: number;
  isDougs: boolean;
  fullSizeImagePath: string | null;
  thumbnailImagePath: string | null;
  croppedImagePath: string | null;
  productImageCropped: boolean;
  photoOwner: string | null;
  photoPageUrl: string | null;
  deletedAt: number | null;
  version: number;
}

/** Tiers as the shared pricing rules take them, sorted by start so the price table reads top down. */
export type TierRow = Required<PriceTier>;

/** The tiers of some products or of all, prepared once per connection. */
const tierStatements = perConnection((db: ShopDb) => {
  const tiersOf = (forIds: boolean) =>
    db
      .select({
        productId: productPrices.productId,
        productPriceId: productPrices.productPriceId,
        startQuantity: productPrices.startQuantity,
        endQuantity: productPrices.endQuantity,
        priceCents: productPrices.priceCents,
      })
      .from(productPrices)
      .where(forIds ? inIdList(productPrices.productId, 'ids') : undefined)
      .orderBy(...(forIds ? [] : [asc(productPrices.productId), asc(productPrices.startQuantity)]))
      .prepare();
  return { tiersOf: tiersOf(true), tiersOfAll: tiersOf(false) };
});

export function loadPriceTiers(shop: ShopRecords, productIds?: readonly number[]): Map<number, TierRow[]> {
  const tiers = new Map<number, TierRow[]>();
  if (productIds && productIds.length === 0) return tiers;
  const statements = tierStatements(shop.db);
  const rows = productIds ? statements.tiersOf.all({ ids: idList(productIds) }) : statements.tiersOfAll.all();
  for (const { productId, ...tier } of rows) {
    const list = tiers.get(productId);
    if (list) list.push(tier);
    else tiers.set(productId, [tier]);
  }
  // Some products' tiers (an order's) are sorted here: SQLite sorted them with a temporary b-tree, which cost
  // more than the read itself on every order submit (the index is on the product alone).
  if (productIds) for (const list of tiers.values()) list.sort((a, b) => a.startQuantity - b.startQuantity);
  return tiers;
}

/** Media paths are relative to the data folder's media directory, which the server serves at /media. */
export function mediaUrl(relativePath: string | null): string | null {
  if (!relativePath) return null;
  return `/media/${relativePath.split('/').filter(Boolean).map(encodeURIComponent).join('/')}`;
}

const count = new Intl.NumberFormat('en-US');

export function toProductPrice(tier: TierRow): ProductPrice {
  return {
    productPriceId: tier.productPriceId,
    startQuantity: tier.startQuantity,
    endQuantity: tier.endQuantity,
    price: toDollars(tier.priceCents),
    priceCents: tier.priceCents,
    displayPrice: formatMoney(tier.priceCents),
  };
}

export function toProduct(row: ProductRow, tiers: readonly TierRow[], stock: StockFigures): Product {
  const status = row.productStatus;
  const isActive = isOrderableOnline(status);
  const isSpecialOrder = status === ProductStatus.SpecialOrder;
  const hasImage = row.fullSizeImagePath !== null && row.fullSizeImagePath !== '';
  const cropped = row.productImageCropped && !!row.croppedImagePath;
  return {
    productId: row.productId,
    name: row.name,
    description: row.description,
    prices: tiers.map(toProductPrice),
    zones: row.zones,
    productSize: row.productSize,
    species: row.species,
    productTypeId: row.productTypeId,
    productType: productTypeName(row.productTypeId),
    // The card shows the square crop once there is one; the small image until then.
    thumbnailImageUrl: mediaUrl(
      cropped ? row.croppedImagePath : (row.thumbnailImagePath ?? row.fullSizeImagePath),
    ),
    fullSizeImageUrl: mediaUrl(row.fullSizeImagePath),
    croppedImageUrl: cropped ? mediaUrl(row.croppedImagePath) : null,
    productImageCropped: cropped,
    productImageUploaded: hasImage,
    hasImage,
    photoOwner: row.photoOwner,
    photoPageUrl: row.photoPageUrl,
    isSoldOut: status === ProductStatus.SoldOut,
    isCallForAvailability: status === ProductStatus.CallForAvailability,
    productStatus: status,
    displayProductStatus: productStatusName(status),
    cartQuantity: 0,
    isActive,
    isSpecialOrder,
    isActiveOrSpecialOrder: isActive || isSpecialOrder,
    isDeleted: row.deletedAt !== null || status === ProductStatus.Deleted,
    displayNameAndSize: row.productSize ? `${row.name} - ${row.productSize}` : row.name,
    isDougs: row.isDougs,
    isStockTracked: stock.isStockTracked,
    currentStock: stock.currentStock,
    calculatedStock: stock.calculatedStock,
    displayCalculatedStock:
      stock.calculatedStock === null ? 'Not tracked' : count.format(stock.calculatedStock),
    numSold: stock.numSold,
    displayNumSold: count.format(stock.numSold),
    productRevenue: toDollars(stock.revenueCents),
    displayProductRevenue: formatMoney(stock.revenueCents),
    version: row.version,
  };
}

/**
 * Products matching `where`, each with its tiers and this season's stock figures: three queries
 * in all, whatever the number of products.
 */
export function loadProducts(
  shop: ShopRecords,
  where: SQL | undefined,
  options: { season?: number; limit?: number } = {},
): Product[] {
  const reads = productReads(shop, where, options);
  for (;;) {
    const read = reads.next();
    if (read.done) return read.value;
  }
}

/**
 * loadProducts letting others use the event loop between its reads once they take long: the whole storefront
 * list of 5,000 more products took 34-50 ms to read and shape in one go (busy machine). Reads made in different
 * turns may straddle an order written meanwhile, so a caller keeping the list notes the products orders change
 * while it reads (AnswerCache.remake).
 */
export async function loadProductsInTurns(shop: ShopRecords, where: SQL | undefined): Promise<Product[]> {
  const reads = productReads(shop, where, {});
  const pause = pieces();
  for (;;) {
    const read = reads.next();
    if (read.done) return read.value;
    await pause();
  }
}

/** loadProducts' three queries, each followed by a yield where the event loop may be let in, then the shaping. */
function* productReads(
  shop: ShopRecords,
  where: SQL | undefined,
  options: { season?: number; limit?: number },
): Generator<void, Product[]> {
  const query = shop.db
    .select(productColumns)
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.productId));
  const rows: ProductRow[] = options.limit === undefined ? query.all() : query.limit(options.limit).all();
  if (rows.length === 0) return [];
  yield;
  // For a large share of the catalogue one pass over every row beats a long IN list.
  const ids = rows.length > 200 ? undefined : rows.map((r) => r.productId);
  const tiers = loadPriceTiers(shop, ids);
  yield;
  const levels = stockLevels(shop, {
    ...(ids ? { productIds: ids } : {}),
    ...(options.season === undefined ? {} : { season: options.season }),
  });
  yield;
  return rows.map((row) => toProduct(row, tiers.get(row.productId) ?? [], figuresFor(levels, row.productId)));
}

export function loadProduct(shop: ShopRecords, productId: number): Product | null {
  return loadProducts(shop, inArray(products.productId, [productId]))[0] ?? null;
}
