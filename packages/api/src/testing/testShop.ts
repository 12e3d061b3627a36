import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, productPrices, products, seedDatabase, settings, stockChanges } from '@nursery/db';
import { ProductStatus, SETTING_NAMES } from '@nursery/domain';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { createCaller } from '../router.ts';
import { createShop, type Shop, type ShopLogger } from '../shop.ts';
import { currentSeason } from '../stock/levels.ts';
import { type Caller, inputErrorMessages } from '../trpc.ts';

const quiet: ShopLogger = { info() {}, warn() {}, error() {} };

export interface TestShop {
  shop: Shop;
  /** A server-side caller as the given client, by default an anonymous visitor. */
  caller(options?: { caller?: Caller; clientIp?: string }): ReturnType<typeof createCaller>;
  close(): void;
}

/**
 * A real SQLite file in a temp folder, migrated and seeded like a fresh shop (demo data unless
 * `demo: false`), for service tests that want the real database without a server.
 */
export function openTestShop(
  options: { demo?: boolean; env?: Record<string, string>; now?: () => Date } = {},
): TestShop {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nursery-api-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const database = openDatabase(path.join(dataDir, 'shop.db'));
  const shop = createShop({ config, database, log: quiet, ...(options.now ? { now: options.now } : {}) });
  seedDatabase(database, {
    demo: options.demo ?? true,
    now: shop.now(),
    timeZone: config.shop.timeZone,
    seasonStartMonth: config.seasonStartMonth,
    taxRateBasisPoints: config.taxRateBasisPoints,
  });
  return {
    shop,
    caller: (o = {}) =>
      createCaller({
        shop,
        caller: o.caller ?? { kind: 'anonymous' },
        staff: null,
        clientIp: o.clientIp ?? '203.0.113.7',
        requestId: 'test',
      }),
    close() {
      database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The messages a person would see for a refused input, as the HTTP error formatter words them. */
export function inputMessages(error: unknown): string[] {
  if (error instanceof TRPCError && error.cause instanceof z.ZodError) return inputErrorMessages(error.cause);
  if (error instanceof Error) return [error.message];
  return [String(error)];
}

/** The storefront customer of the order tests: every field the checkout asks, none of them odd. */
export const TEST_CUSTOMER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  phoneNumber: '555 201 9876',
  workPhoneNumber: '',
  comments: '',
};

/** A product of one price at any quantity; its id. */
export function addTestProduct(
  shop: Shop,
  name: string,
  cents: number,
  status: number = ProductStatus.Active,
): number {
  const row = shop.db
    .insert(products)
    .values({ name, productTypeId: 2, productStatus: status })
    .returning({ id: products.productId })
    .get();
  shop.db
    .insert(productPrices)
    .values({ productId: row.id, startQuantity: 1, endQuantity: null, priceCents: cents })
    .run();
  return row.id;
}

/** Records units of stock for the product this season, as the Stock screen does. */
export function countTestStock(shop: Shop, productId: number, units: number): void {
  shop.db
    .insert(stockChanges)
    .values({ productId, season: currentSeason(shop), changeInStock: units, changedByName: 'Test' })
    .run();
}

/** Opens or closes online ordering, as staff do in Settings. */
export function setOnlineOrdering(shop: Shop, open: boolean): void {
  shop.db
    .update(settings)
    .set({ isTrue: open })
    .where(eq(settings.name, SETTING_NAMES.onlineOrderingEnabled))
    .run();
}
