import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { productPrices, products, seasonRollovers, stockChanges } from '@nursery/db';
import {
  type CurrentSeason,
  formatDateTime,
  formatMoney,
  planRollover,
  productStatusName,
  type RolloverCounts,
  type RolloverLine,
  type RolloverOptions,
  type RolloverPreview,
  type RolloverRecord,
  type RolloverResult,
  type RolloverStatus,
  rolloverOptionsSchema,
  seasonLabel,
  toDollars,
} from '@nursery/domain';
import { desc, eq } from 'drizzle-orm';
import { NEW_SEASON_UNDER_WAY, withServerConnectionHeld } from '../backup/changesHeld.ts';
import { BACKUPS_FOLDER, writeBackupFile } from '../backup/service.ts';
import { allProductsWithStats, catalogueFingerprint, staffName } from '../catalog/adminService.ts';
import { nextProductVersion } from '../catalog/productShape.ts';
import { ShopError } from '../errors.ts';
import type { FileAnswer } from '../input.ts';
import type { Shop } from '../shop.ts';
import { calendarSeason, currentSeason, seasonChanged } from '../stock/levels.ts';
import type { StaffIdentity } from '../trpc.ts';
import { pieces } from '../turns.ts';

export const ROLLOVER_STALE =
  'The catalogue or its stock changed since this preview (a product was saved, or stock or an order came in). Nothing was changed. Preview the new season again and check it before you start it.';

function recordOf(shop: Shop, row: typeof seasonRollovers.$inferSelect): RolloverRecord {
  return {
    rolloverId: row.rolloverId,
    fromSeason: row.fromSeason,
    toSeason: row.toSeason,
    fromSeasonLabel: seasonLabel(row.fromSeason),
    toSeasonLabel: seasonLabel(row.toSeason),
    createdTimestamp: new Date(row.createdAt).toISOString(),
    displayCreated: formatDateTime(row.createdAt, shop.config.shop.timeZone),
    createdBy: row.createdBy,
    options: rolloverOptionsSchema.parse(JSON.parse(row.options)),
    counts: JSON.parse(row.summary) as RolloverCounts,
    backupFile: row.backupFile,
  };
}

function latestRecord(shop: Shop): RolloverRecord | null {
  const row = shop.db.select().from(seasonRollovers).orderBy(desc(seasonRollovers.rolloverId)).limit(1).get();
  return row ? recordOf(shop, row) : null;
}

/**
 * Why a new season cannot be started now, or null. A shop may run one season ahead of the calendar (the
 * spring's selling is over in June and staff prepare the next catalogue), never two: orders placed now would
 * be filed a whole year ahead.
 */
function refusal(shop: Shop): string | null {
  const current = currentSeason(shop);
  if (current > calendarSeason(shop)) {
    return `The ${seasonLabel(current)} season was already started ahead of the calendar; the next one can be started once ${seasonLabel(current)} has begun (the season changes on its own then).`;
  }
  return null;
}

/**
 * The current season with its label and days: the calendar's, or the one staff started ahead of it. Its days
 * run from the first of the season's starting month (SEASON_START_MONTH) to the day before the next's.
 */
export function currentSeasonAnswer(shop: Shop): CurrentSeason {
  const season = currentSeason(shop);
  const month = shop.config.seasonStartMonth;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    season,
    label: seasonLabel(season),
    firstDay: day(new Date(Date.UTC(season, month - 1, 1))),
    lastDay: day(new Date(Date.UTC(season + 1, month - 1, 0))),
  };
}

export function rolloverStatus(shop: Shop): RolloverStatus {
  const current = currentSeason(shop);
  return {
    currentSeason: current,
    currentSeasonLabel: seasonLabel(current),
    nextSeason: current + 1,
    nextSeasonLabel: seasonLabel(current + 1),
    refusal: refusal(shop),
    last: latestRecord(shop),
  };
}

interface Plan {
  fromSeason: number;
  toSeason: number;
  lines: RolloverLine[];
  counts: RolloverCounts;
  token: string;
}

/** The plan for the catalogue as it is now, and a token that changes when anything the plan read does. */
function plan(shop: Shop, options: RolloverOptions): Plan {
  const fromSeason = currentSeason(shop);
  const toSeason = fromSeason + 1;
  const catalogue = allProductsWithStats(shop, { includeSpecialOrderProducts: true });
  const { lines, counts } = planRollover(
    catalogue.map((p) => ({
      productId: p.productId,
      name: p.name,
      productSize: p.productSize,
      productStatus: p.productStatus,
      tiers: p.prices.map((t) => ({
        productPriceId: t.productPriceId,
        startQuantity: t.startQuantity,
        endQuantity: t.endQuantity,
        priceCents: t.priceCents,
      })),
      stockLeft: p.calculatedStock,
    })),
    options,
  );
  // The plan itself (prices, statuses and stock it would write) plus the catalogue's fingerprint: equal
  // tokens mean the apply writes exactly what the preview showed.
  const token = createHash('sha256')
    .update(JSON.stringify({ fromSeason, toSeason, options, lines, catalogue: catalogueFingerprint(shop) }))
    .digest('base64url');
  return { fromSeason, toSeason, lines, counts, token };
}

export function previewRollover(shop: Shop, options: RolloverOptions): RolloverPreview {
  const refused = refusal(shop);
  if (refused) throw new ShopError({ kind: 'bad_request', message: refused });
  const p = plan(shop, options);
  return {
    fromSeason: p.fromSeason,
    toSeason: p.toSeason,
    fromSeasonLabel: seasonLabel(p.fromSeason),
    toSeasonLabel: seasonLabel(p.toSeason),
    options,
    counts: p.counts,
    lines: p.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      productSize: l.productSize,
      statusBefore: l.statusBefore,
      displayStatusBefore: productStatusName(l.statusBefore),
      statusAfter: l.statusAfter,
      displayStatusAfter: productStatusName(l.statusAfter),
      carried: l.carried,
      tiers: l.tiers.map((t) => ({
        startQuantity: t.startQuantity,
        endQuantity: t.endQuantity,
        priceBefore: toDollars(t.before),
        priceAfter: toDollars(t.after),
        displayPriceBefore: formatMoney(t.before),
        displayPriceAfter: formatMoney(t.after),
      })),
      stockBefore: l.stockBefore,
      stockAfter: l.stockAfter,
      note: l.note,
    })),
    token: p.token,
  };
}

const applying = new WeakSet<Shop>();

function stale(): never {
  throw new ShopError({ kind: 'conflict', message: ROLLOVER_STALE });
}

/**
 * Starts the new season exactly as previewed: refused (409, nothing written) when the token no longer
 * matches. An automatic backup is taken first; then, in one transaction, the plan is worked out again and
 * compared once more (an order may have come in while the backup was written), prices, statuses and opening
 * stock are written, and the roll-over is recorded with its options and the backup's name. The transaction
 * is written in pieces, the server answering others between them; a failure rolls all of it back.
 */
export async function applyRollover(
  shop: Shop,
  staff: StaffIdentity,
  input: { options: RolloverOptions; token: string },
): Promise<RolloverResult> {
  if (applying.has(shop)) {
    throw new ShopError({
      kind: 'conflict',
      message: 'A new season is already being started. Wait for it to finish.',
    });
  }
  applying.add(shop);
  try {
    const refused = refusal(shop);
    if (refused) throw new ShopError({ kind: 'bad_request', message: refused });
    if (plan(shop, input.options).token !== input.token) stale();
    const toLabel = seasonLabel(currentSeason(shop) + 1);
    const { file } = await writeBackupFile(shop, undefined, `before-season-${toLabel}`);
    const backupFile = path.basename(file);
    const by = staffName(staff);
    const sqlite = shop.database.sqlite;
    // One transaction, written in pieces so a large catalogue never holds the server's thread at once (the
    // plan of ten seasons is about 30 ms, each product's writes a fraction of one); other changes on this
    // connection wait meanwhile, as they would have landed inside it.
    const rolloverId = await withServerConnectionHeld(shop, NEW_SEASON_UNDER_WAY, async () => {
      sqlite.exec('BEGIN IMMEDIATE');
      try {
        const pause = pieces();
        // Worked out again under the write lock: an order may have come in while the backup was written.
        const p = plan(shop, input.options);
        if (p.token !== input.token) stale();
        const now = shop.now().getTime();
        for (const line of p.lines) {
          await pause();
          const priced = line.tiers.filter((t) => t.after !== t.before);
          if (line.statusAfter !== line.statusBefore || priced.length > 0) {
            // A write SaveProduct could make moves the version on (docs/decisions.md), so an editor opened
            // before the roll-over cannot put the old price or status back.
            shop.db
              .update(products)
              .set({ productStatus: line.statusAfter, updatedAt: now, version: nextProductVersion })
              .where(eq(products.productId, line.productId))
              .run();
          }
          for (const t of priced) {
            shop.db
              .update(productPrices)
              .set({ priceCents: t.after })
              .where(eq(productPrices.productPriceId, t.productPriceId))
              .run();
          }
          if (line.stockAfter !== null) {
            shop.db
              .insert(stockChanges)
              .values({
                productId: line.productId,
                season: p.toSeason,
                changeInStock: line.stockAfter,
                notes: `Carried over from ${seasonLabel(p.fromSeason)} when the ${seasonLabel(p.toSeason)} season was started.`,
                changedByName: by,
                changedByEmail: staff.email || null,
                createdAt: now,
              })
              .run();
          }
        }
        // The record last, in the same turn as the commit: the new season begins for every reader at once.
        const id = shop.db
          .insert(seasonRollovers)
          .values({
            fromSeason: p.fromSeason,
            toSeason: p.toSeason,
            options: JSON.stringify(input.options),
            summary: JSON.stringify(p.counts),
            backupFile,
            createdAt: now,
            createdBy: by,
            createdByEmail: staff.email || null,
          })
          .returning({ rolloverId: seasonRollovers.rolloverId })
          .get().rolloverId;
        sqlite.exec('COMMIT');
        return id;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        throw error;
      } finally {
        // Visitors may have read the list while the rows were being written: it is read again either way.
        shop.catalogCache.invalidate();
      }
    });
    seasonChanged(shop);
    const row = shop.db
      .select()
      .from(seasonRollovers)
      .where(eq(seasonRollovers.rolloverId, rolloverId))
      .get();
    if (!row) throw new Error('The roll-over just written could not be read back.');
    const record = recordOf(shop, row);
    shop.log.warn({ rolloverId, toSeason: record.toSeason, by, backupFile }, 'new season started');
    return {
      record,
      message: `The ${record.toSeasonLabel} season has started. To undo it, restore the backup ${backupFile} (in the data folder's backups) with Restore from Backup.`,
    };
  } finally {
    applying.delete(shop);
  }
}

/**
 * The automatic backup a new season took before it wrote anything, as a download: the shop may run on another
 * machine, and Restore from Backup takes a file from the person's own computer.
 */
export function rolloverBackupDownload(shop: Shop, rolloverId: number): FileAnswer {
  const row = shop.db.select().from(seasonRollovers).where(eq(seasonRollovers.rolloverId, rolloverId)).get();
  if (!row)
    throw new ShopError({ kind: 'not_found', message: `No new season was started with id ${rolloverId}.` });
  const name = path.basename(row.backupFile);
  const file = path.join(shop.config.dataDir, BACKUPS_FOLDER, name);
  if (!existsSync(file)) {
    throw new ShopError({
      kind: 'not_found',
      message: `The backup ${name} is no longer in the data folder's backups (it was moved or deleted).`,
    });
  }
  return { contentType: 'application/zip', fileName: name, body: createReadStream(file) };
}
