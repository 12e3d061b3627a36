import {
  FIRST_LISTED_SEASON,
  orderTotals,
  PRODUCT_TYPES,
  type PriceTier,
  ProductStatus,
  phoneDigits,
  priceLine,
  seasonBounds,
  seasonOf,
  toCents,
  validateTiers,
  zonedTimeToInstant,
} from '@nursery/domain';
import { sql } from 'drizzle-orm';
import type { ShopDatabase, ShopDb } from './client.ts';
import {
  contacts,
  orderLines,
  orders,
  productPrices,
  products,
  productTypes,
  savedMessages,
  settings,
  stockChanges,
} from './schema.ts';
import {
  CONTACT_MESSAGES,
  DEMO_CATALOGUE,
  DEMO_MESSAGE,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  ORDER_COMMENTS,
  SAVED_MESSAGES,
  SPAM_MESSAGES,
} from './seed-data.ts';

export interface SeedOptions {
  /** Fill an empty catalogue with the demo shop; off for a real deployment. */
  demo: boolean;
  now: Date;
  timeZone: string;
  seasonStartMonth: number;
  taxRateBasisPoints: number;
}

/** The name stock changes and deletions of the demo data are recorded under. */
export const DEMO_STAFF_NAME = 'Demo Owner';

/**
 * Makes sure a database has what the shop cannot run without (product types, settings) and, when
 * asked and the catalogue is empty, a demo shop. Safe to run on every start: a second run adds nothing.
 */
export function seedDatabase(database: ShopDatabase, options: SeedOptions): void {
  const { db, sqlite } = database;
  sqlite.transaction(() => {
    db.insert(productTypes)
      .values(PRODUCT_TYPES.map((t) => ({ productTypeId: t.productTypeId, name: t.productType })))
      .onConflictDoUpdate({ target: productTypes.productTypeId, set: { name: sql`excluded.name` } })
      .run();
    db.insert(settings)
      .values([
        { name: 'OnlineOrderingEnabled', isTrue: true, value: '' },
        { name: 'Message', value: '' },
        { name: 'ActivePdf', value: '' },
        { name: 'ProductStockEmails', value: '' },
      ])
      .onConflictDoNothing({ target: settings.name })
      .run();
    if (!options.demo) return;
    const existing = db.select({ n: sql<number>`count(*)` }).from(products).get();
    if ((existing?.n ?? 0) > 0) return;
    seedDemo(db, options);
  })();
}

/** Small, fast, seedable PRNG, so the demo shop is the same on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
}

function random(seed: number): Random {
  const next = mulberry32(seed);
  const r: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    weighted: (items, weight) => {
      const total = items.reduce((sum, item) => sum + weight(item), 0);
      let x = next() * total;
      for (const item of items) {
        x -= weight(item);
        if (x < 0) return item;
      }
      return items[items.length - 1]!;
    },
  };
  return r;
}

interface DemoProduct {
  productId: number;
  productTypeId: number;
  name: string;
  species: string;
  zones: string;
  productSize: string;
  tiers: PriceTier[];
  productStatus: number;
  isDougs: boolean;
  description: string;
  createdAt: number;
}

/** '1-9 3.50; 10-99 2.75; 100+ 2.10' as the price table reads; checked with the same rule as a save. */
function parseTiers(text: string, name: string): PriceTier[] {
  const tiers = text.split(';').map((part) => {
    const m = /^\s*(\d+)(?:-(\d+)|(\+))?\s+(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!m) throw new Error(`Demo catalogue: bad price '${part}' for ${name}`);
    const start = Number(m[1]);
    return {
      startQuantity: start,
      endQuantity: m[3] ? null : m[2] ? Number(m[2]) : start,
      priceCents: toCents(Number(m[4])),
    };
  });
  const errors = validateTiers(tiers);
  if (errors.length > 0) throw new Error(`Demo catalogue: ${name}: ${errors.join(' ')}`);
  return tiers;
}

function parseCatalogue(): Omit<DemoProduct, 'productId' | 'createdAt'>[] {
  return DEMO_CATALOGUE.split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [type, name, species, zones, size, prices, status, flags, description] = line
        .split('|')
        .map((f) => f.trim());
      if (description === undefined) throw new Error(`Demo catalogue: short line '${line}'`);
      return {
        productTypeId: Number(type),
        name: name!,
        species: species!,
        zones: zones!,
        productSize: size!,
        tiers: parseTiers(prices!, name!),
        productStatus: Number(status),
        isDougs: flags!.includes('D'),
        description,
      };
    });
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Orders per calendar month: the nursery sells over the winter for spring pick-up. */
const MONTH_WEIGHT: Record<number, number> = {
  1: 14,
  2: 18,
  3: 20,
  4: 9,
  5: 4,
  6: 2,
  7: 1,
  8: 1,
  9: 3,
  10: 4,
  11: 6,
  12: 11,
};

/** How many of each product a customer usually takes, by product type. */
const QUANTITIES: Record<number, readonly number[]> = {
  4: [1, 1, 1, 2, 2, 3, 5],
  5: [1, 1, 1, 2],
  6: [5, 10, 10, 10, 25, 25, 50],
  8: [1, 1, 2, 3],
  9: [1, 1, 2, 3, 5],
  10: [1, 1, 1, 2],
  11: [1, 1, 1, 2],
  13: [1, 1, 1, 2],
};
const SEEDLING_QUANTITIES = [1, 2, 3, 5, 5, 10, 10, 10, 10, 15, 20, 25, 25, 25, 50, 50, 100, 200];

/** Seedlings and shrubs sell most; a flagged product a little more. */
const TYPE_WEIGHT: Record<number, number> = {
  1: 5,
  2: 6,
  3: 7,
  4: 3,
  5: 1.5,
  6: 3,
  7: 5,
  8: 1,
  9: 2,
  10: 1,
  11: 2,
  12: 3,
  13: 1.5,
};

const PHONE_FORMATS: readonly ((a: string, b: string, c: string) => string)[] = [
  (a, b, c) => `(${a}) ${b}-${c}`,
  (a, b, c) => `${a}.${b}.${c}`,
  (a, b, c) => `${a}-${b}-${c}`,
  (a, b, c) => `${a}${b}${c}`,
  (a, b, c) => `${a} ${b} ${c}`,
  (a, b, c) => `(${a})${b}-${c}`,
];

interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  workPhoneNumber: string | null;
  taxExempt: boolean;
}

function makeCustomers(rng: Random, count: number): Customer[] {
  const customers: Customer[] = [];
  const used = new Set<string>();
  while (customers.length < count) {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    if (used.has(`${firstName} ${lastName}`)) continue;
    used.add(`${firstName} ${lastName}`);
    const local = lastName.toLowerCase().replace(/[^a-z]/g, '');
    const email = rng.pick([
      `${firstName.toLowerCase()}.${local}`,
      `${firstName[0]!.toLowerCase()}${local}`,
      `${firstName.toLowerCase()}${rng.int(1, 99)}`,
      `${local}.family`,
    ]);
    const phone = () =>
      rng.pick(PHONE_FORMATS)('555', String(rng.int(201, 989)), String(rng.int(0, 9999)).padStart(4, '0'));
    customers.push({
      firstName,
      lastName,
      email: `${email}@${rng.pick(EMAIL_DOMAINS)}`,
      phoneNumber: phone(),
      workPhoneNumber: rng.chance(0.15) ? phone() : null,
      taxExempt: rng.chance(0.04),
    });
  }
  return customers;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A shop-local daytime moment in month `index` (0 = the season's first month) of a season. */
function momentInSeason(rng: Random, season: number, startMonth: number, index: number, timeZone: string) {
  const zeroBased = startMonth - 1 + index;
  const year = season + Math.floor(zeroBased / 12);
  const month = (zeroBased % 12) + 1;
  const day = rng.int(1, daysInMonth(year, month));
  const hour = rng.weighted([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22], (h) =>
    h >= 19 ? 3 : h <= 8 ? 1 : 2,
  );
  return zonedTimeToInstant(timeZone, year, month, day, hour, rng.int(0, 59)).getTime() + rng.int(0, 59_999);
}

function chunked<T>(rows: readonly T[], size: number, insert: (chunk: T[]) => void): void {
  for (let i = 0; i < rows.length; i += size) insert(rows.slice(i, i + size));
}

interface LineRow {
  orderId: number;
  productId: number;
  quantity: number;
  unitPriceCents: number;
  isStatic: boolean;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

function seedDemo(db: ShopDb, options: SeedOptions): void {
  const { timeZone, seasonStartMonth: startMonth, taxRateBasisPoints: taxBp } = options;
  const now = options.now.getTime();
  const rng = random(20160701);
  const currentSeason = seasonOf(options.now, timeZone, startMonth);
  const firstSeason = Math.min(FIRST_LISTED_SEASON, currentSeason);
  const current = seasonBounds(currentSeason, timeZone, startMonth);
  const currentStart = current.start.getTime();
  const catalogueStart = seasonBounds(firstSeason, timeZone, startMonth).start.getTime() - 45 * DAY;

  // Catalogue: most of it from the start, some added over the years, New Product this season.
  const catalogue: DemoProduct[] = parseCatalogue().map((p, i) => {
    let createdAt = catalogueStart + i * HOUR;
    if (p.productTypeId === 12) createdAt = Math.min(currentStart + rng.int(1, 20) * DAY, now - DAY);
    else if (i % 5 === 4 && currentSeason > firstSeason) {
      const season = rng.int(firstSeason + 1, currentSeason);
      createdAt = seasonBounds(season, timeZone, startMonth).start.getTime() + rng.int(20, 90) * DAY;
    }
    return { ...p, productId: i + 1, createdAt: Math.min(createdAt, now - DAY) };
  });

  db.insert(products)
    .values(
      catalogue.map((p) => {
        const deleted = p.productStatus === ProductStatus.Deleted;
        return {
          productId: p.productId,
          name: p.name,
          description: p.description,
          productTypeId: p.productTypeId,
          species: p.species,
          zones: p.zones,
          productSize: p.productSize,
          productStatus: p.productStatus,
          isDougs: p.isDougs,
          createdAt: p.createdAt,
          updatedAt: deleted ? Math.min(p.createdAt + 400 * DAY, now) : null,
          deletedAt: deleted ? Math.min(p.createdAt + 400 * DAY, now) : null,
          deletedBy: deleted ? DEMO_STAFF_NAME : null,
        };
      }),
    )
    .run();
  db.insert(productPrices)
    .values(catalogue.flatMap((p) => p.tiers.map((t) => ({ productId: p.productId, ...t }))))
    .run();

  // Orders, season by season, then numbered in the order they were placed.
  const orderable = catalogue.filter(
    (p) => p.productStatus === ProductStatus.Active || p.productStatus === ProductStatus.Nursery,
  );
  const specialOrder = catalogue.filter((p) => p.productStatus === ProductStatus.SpecialOrder);
  const customers = makeCustomers(rng, 170);
  const monthIndexes = Array.from({ length: 12 }, (_, i) => i);
  const monthWeight = (i: number) => MONTH_WEIGHT[((startMonth - 1 + i) % 12) + 1] ?? 1;

  const moments: number[] = [];
  for (let season = firstSeason; season <= currentSeason; season++) {
    const target = 30 + 3 * (season - firstSeason) + rng.int(0, 8);
    let placed = 0;
    for (let k = 0; k < target; k++) {
      const t = momentInSeason(rng, season, startMonth, rng.weighted(monthIndexes, monthWeight), timeZone);
      if (t < now) {
        moments.push(t);
        placed++;
      }
    }
    // Early in a season there are still a few orders, so the current season never looks dead.
    for (; season === currentSeason && placed < 6; placed++) {
      moments.push(currentStart + Math.floor(rng.next() * Math.max(now - currentStart - HOUR, 1)));
    }
  }
  moments.sort((a, b) => a - b);

  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: LineRow[] = [];
  moments.forEach((createdAt, index) => {
    const orderId = index + 1;
    const customer = customers[Math.floor(rng.next() ** 1.6 * customers.length)]!;
    const isTaxExempt = customer.taxExempt || rng.chance(0.01);
    const available = orderable.filter((p) => p.createdAt <= createdAt);
    const lineCount = rng.weighted([1, 2, 3, 4, 5, 6], (n) => [30, 25, 18, 12, 9, 6][n - 1]!);
    const chosen = new Set<DemoProduct>();
    while (chosen.size < Math.min(lineCount, available.length)) {
      chosen.add(rng.weighted(available, (p) => (TYPE_WEIGHT[p.productTypeId] ?? 1) * (p.isDougs ? 1.5 : 1)));
    }
    const lines: LineRow[] = [...chosen].map((p) => {
      const quantity = rng.pick(QUANTITIES[p.productTypeId] ?? SEEDLING_QUANTITIES);
      const priced = priceLine(p.tiers, quantity);
      if (!priced) throw new Error(`Demo catalogue: no price for ${quantity} of ${p.name}`);
      return line(orderId, p.productId, quantity, priced.unitPriceCents, false);
    });
    // Now and then staff take a phone order with a special-order item at an agreed price.
    const staffOrder = specialOrder.length > 0 && rng.chance(0.03);
    if (staffOrder) {
      const p = rng.pick(specialOrder);
      const list = p.tiers[0]!.priceCents;
      const unit = Math.round((list * rng.int(85, 100)) / 100 / 5) * 5;
      lines.push(line(orderId, p.productId, rng.int(1, 3), unit, true));
    }
    // Tax is taken of the order's subtotal and shared over its lines, as a placed order stores it.
    const totals = orderTotals(lines, taxBp, isTaxExempt);
    lines.forEach((l, i) => {
      Object.assign(l, totals.lines[i]);
    });
    lineRows.push(...lines);

    const deleted = rng.chance(0.025);
    const deletedAt = deleted ? Math.min(createdAt + rng.int(1, 10 * 24) * HOUR, now) : null;
    const season = seasonOf(new Date(createdAt), timeZone, startMonth);
    orderRows.push({
      orderId,
      firstName: customer.firstName,
      lastName: customer.lastName,
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      phoneNumber: customer.phoneNumber,
      phoneDigits: phoneDigits(customer.phoneNumber),
      workPhoneNumber: customer.workPhoneNumber,
      comments: rng.chance(0.2) ? rng.pick(ORDER_COMMENTS) : null,
      isTaxExempt,
      seasonPurchased: season,
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
      numItems: lines.length,
      version: staffOrder ? 2 : 1,
      source: staffOrder ? 'admin' : 'online',
      createdAt,
      updatedAt: deletedAt ?? (staffOrder ? Math.min(createdAt + HOUR, now) : null),
      updatedBy: deleted || staffOrder ? DEMO_STAFF_NAME : null,
      deletedAt,
      deletedBy: deleted ? DEMO_STAFF_NAME : null,
    });
  });

  function line(
    orderId: number,
    productId: number,
    quantity: number,
    unitPriceCents: number,
    isStatic: boolean,
  ): LineRow {
    const subtotalCents = unitPriceCents * quantity;
    return {
      orderId,
      productId,
      quantity,
      unitPriceCents,
      isStatic,
      subtotalCents,
      // Tax and total are set once the whole order is known (orderTotals shares the order's tax).
      taxCents: 0,
      totalCents: subtotalCents,
    };
  }

  chunked(orderRows, 500, (chunk) => db.insert(orders).values(chunk).run());
  chunked(lineRows, 1000, (chunk) => db.insert(orderLines).values(chunk).run());

  // Stock: about twenty products counted this season, a few of them nearly gone.
  const liveOrders = new Set(
    orderRows.filter((o) => o.seasonPurchased === currentSeason && !o.deletedAt).map((o) => o.orderId!),
  );
  const soldThisSeason = new Map<number, number>();
  for (const l of lineRows) {
    if (liveOrders.has(l.orderId)) {
      soldThisSeason.set(l.productId, (soldThisSeason.get(l.productId) ?? 0) + l.quantity);
    }
  }
  const tracked = orderable
    .filter((p) => p.createdAt < currentStart && p.productTypeId !== 5 && p.productTypeId !== 13)
    .sort((a, b) => (soldThisSeason.get(b.productId) ?? 0) - (soldThisSeason.get(a.productId) ?? 0))
    .slice(0, 20);
  const firstCount = Math.min(currentStart + 3 * DAY, now - 2 * HOUR);
  const stockRows: (typeof stockChanges.$inferInsert)[] = [];
  tracked.forEach((p, i) => {
    const sold = soldThisSeason.get(p.productId) ?? 0;
    const left = i % 4 === 1 ? rng.int(1, 4) : rng.int(15, 150);
    const loss = rng.chance(0.3) ? rng.int(2, 12) : 0;
    const extra = rng.chance(0.35) ? rng.int(10, 50) : 0;
    const changes: [number, string][] = [[sold + left + loss - extra, 'Fall inventory count']];
    if (extra > 0) changes.push([extra, 'Dug from the transplant beds']);
    if (loss > 0) changes.push([-loss, rng.pick(['Winter loss', 'Damaged roots, culled', 'Lost to voles'])]);
    changes.forEach(([changeInStock, notes], k) => {
      stockRows.push({
        productId: p.productId,
        season: currentSeason,
        changeInStock,
        notes,
        changedByName: DEMO_STAFF_NAME,
        createdAt: Math.min(firstCount + k * 9 * DAY + i * 7 * 60_000, now - HOUR),
      });
    });
  });
  if (stockRows.length > 0) db.insert(stockChanges).values(stockRows).run();

  // Contact form: questions from customers and the usual spam.
  const contactRows: (typeof contacts.$inferInsert)[] = [];
  const ip = () => `${rng.pick(['203.0.113', '198.51.100', '192.0.2'])}.${rng.int(2, 254)}`;
  const contactTime = () => now - rng.int(2 * HOUR, 540 * DAY);
  for (const message of CONTACT_MESSAGES) {
    const customer = rng.pick(customers);
    const createdAt = contactTime();
    contactRows.push({
      name: `${customer.firstName} ${customer.lastName}`,
      subject: message.subject,
      email: customer.email,
      comments: message.comments,
      loadTime: createdAt - rng.int(40, 900) * 1000,
      isSpam: false,
      clientIp: ip(),
      createdAt,
    });
  }
  for (const spam of SPAM_MESSAGES) {
    const createdAt = contactTime();
    const fast = !/http/.test(spam.comments);
    const seconds = fast ? rng.int(1, 3) : rng.int(20, 200);
    contactRows.push({
      ...spam,
      loadTime: createdAt - seconds * 1000 + rng.int(0, 999),
      isSpam: true,
      spamReason: fast ? `Sent ${seconds} s after the page loaded.` : 'Contains links.',
      clientIp: ip(),
      createdAt,
    });
  }
  contactRows.sort((a, b) => a.createdAt! - b.createdAt!);
  db.insert(contacts).values(contactRows).run();

  db.insert(savedMessages)
    .values(SAVED_MESSAGES.map((m, i) => ({ ...m, createdAt: catalogueStart + i * 30 * DAY })))
    .onConflictDoNothing({ target: savedMessages.name })
    .run();
  db.update(settings)
    .set({ value: DEMO_MESSAGE })
    .where(sql`${settings.name} = 'Message' and ${settings.value} = ''`)
    .run();
}
