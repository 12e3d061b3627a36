import { isProductStatusId, productStatusName } from './productStatus.ts';
import { PRODUCT_TYPES, productTypeName } from './productTypes.ts';
import { tiersText } from './seasonRollover.ts';

/**
 * The catalogue as a spreadsheet (Settings → Catalogue spreadsheet): one row per product, matched by Id on the
 * way back; a row without Id is a new product. The columns, how a product is written into them and how a row is
 * read back into the product save's input live here, so the CSV and the .xlsx file and the upload's preview
 * share them. Validation itself is the product save's own schema (productInputSchema), not repeated here.
 */

export const SHEET_BASE_COLUMNS = [
  'Id',
  'Version',
  'Name',
  'Type',
  'Status',
  'Species',
  'Zones',
  'Size',
  'Brand',
  'Description',
] as const;
export type SheetBaseColumn = (typeof SHEET_BASE_COLUMNS)[number];

/** Text columns whose cells a spreadsheet program could take for a formula (OWASP's CSV injection). */
export const SHEET_TEXT_COLUMNS: readonly SheetBaseColumn[] = [
  'Name',
  'Species',
  'Zones',
  'Size',
  'Description',
];

/** Every download has at least this many price tiers' columns, so there is room to add one. */
export const SHEET_MIN_TIERS = 3;
export const SHEET_MAX_ROWS = 5000;

export const tierColumns = (n: number) => [`Tier ${n} From`, `Tier ${n} To`, `Tier ${n} Price`] as const;

export function sheetHeader(tierCount: number): string[] {
  const header: string[] = [...SHEET_BASE_COLUMNS];
  for (let n = 1; n <= Math.max(SHEET_MIN_TIERS, tierCount); n++) header.push(...tierColumns(n));
  return header;
}

export interface SheetTier {
  startQuantity: number;
  endQuantity: number | null;
  priceCents: number;
}

/** A product as the spreadsheet holds it. */
export interface SheetProduct {
  productId: number;
  version: number;
  name: string;
  productTypeId: number;
  productStatus: number;
  species: string;
  zones: string;
  productSize: string;
  isDougs: boolean;
  description: string;
  tiers: readonly SheetTier[];
}

/** "12.50": dollars with two decimals, as the product form and the save's schema read them. */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** One row of text cells, in the order of `sheetHeader(tierCount)`. */
export function productRow(p: SheetProduct, tierCount: number): string[] {
  const row = [
    String(p.productId),
    String(p.version),
    p.name,
    productTypeName(p.productTypeId),
    productStatusName(p.productStatus),
    p.species,
    p.zones,
    p.productSize,
    p.isDougs ? 'Yes' : 'No',
    p.description,
  ];
  for (let i = 0; i < Math.max(SHEET_MIN_TIERS, tierCount); i++) {
    const t = p.tiers[i];
    row.push(
      t ? String(t.startQuantity) : '',
      t?.endQuantity != null ? String(t.endQuantity) : '',
      t ? centsText(t.priceCents) : '',
    );
  }
  return row;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet program would run as a formula, or such text already marked with apostrophes. */
const needsMark = (text: string): boolean =>
  FORMULA_START.test(text) || (text.startsWith("'") && needsMark(text.slice(1)));

/**
 * A text cell as a CSV file carries it: one that a spreadsheet program would run as a formula gets a leading
 * apostrophe, which `fromSheetText` takes off again, so the round trip keeps the text exactly (even text that
 * itself starts with an apostrophe before an equals sign).
 */
export function toSheetText(text: string): string {
  return needsMark(text) ? `'${text}` : text;
}

export function fromSheetText(text: string): string {
  return text.startsWith("'") && needsMark(text.slice(1)) ? text.slice(1) : text;
}

/** Where each column is in the uploaded header, or the reason the header cannot be read. */
export interface SheetLayout {
  base: Record<SheetBaseColumn, number>;
  /** Column indexes of each tier's From, To and Price, tier 1 first. */
  tiers: [number, number, number][];
}

const normal = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

export function readSheetHeader(header: readonly string[]): SheetLayout | { problem: string } {
  const base: Partial<Record<SheetBaseColumn, number>> = {};
  const tierCells = new Map<number, [number, number, number]>();
  const seen = new Set<string>();
  const unknown: string[] = [];
  header.forEach((cell, index) => {
    const name = normal(cell);
    if (name === '') return;
    if (seen.has(name)) {
      unknown.push(`"${cell.trim()}" appears twice`);
      return;
    }
    seen.add(name);
    const baseName = SHEET_BASE_COLUMNS.find((c) => c.toLowerCase() === name);
    if (baseName) {
      base[baseName] = index;
      return;
    }
    const tier = /^tier (\d{1,2}) (from|to|price)$/.exec(name);
    if (tier) {
      const n = Number(tier[1]);
      const cells = tierCells.get(n) ?? [-1, -1, -1];
      cells[tier[2] === 'from' ? 0 : tier[2] === 'to' ? 1 : 2] = index;
      tierCells.set(n, cells);
      return;
    }
    unknown.push(`"${cell.trim()}" is not a column of the catalogue`);
  });
  const missing = SHEET_BASE_COLUMNS.filter((c) => base[c] === undefined);
  const problems: string[] = [...unknown];
  if (missing.length > 0)
    problems.push(
      `the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
    );
  const numbers = [...tierCells.keys()].sort((a, b) => a - b);
  numbers.forEach((n, i) => {
    if (n !== i + 1) problems.push(`Tier ${i + 1} comes before Tier ${n}`);
    const cells = tierCells.get(n);
    if (cells?.includes(-1)) problems.push(`Tier ${n} needs all three columns: ${tierColumns(n).join(', ')}`);
  });
  if (problems.length > 0) {
    return {
      problem: `The first row must be the catalogue's column names as downloaded (${sheetHeader(0).slice(0, 11).join(', ')}, ...): ${problems.join('; ')}.`,
    };
  }
  return {
    base: base as Record<SheetBaseColumn, number>,
    tiers: numbers.map((n) => tierCells.get(n) as [number, number, number]),
  };
}

/** What one data row says, before the product save's schema checks it. */
export interface SheetRowRead {
  productId: number | null;
  version: number | null;
  /** Input for productInputSchema (without productId and version, which are checked here). */
  input: {
    name: string;
    description: string;
    productTypeId: number | null;
    productStatus: number | null;
    species: string;
    zones: string;
    productSize: string;
    isDougs: boolean | null;
    prices: { startQuantity: string; endQuantity: string; price: string }[];
  };
  /** Tier number (1-based) of each entry of `input.prices`, to name a refused tier by its columns. */
  tierNumbers: number[];
}

const WHOLE = /^\d{1,15}$/;

function byName<T extends { name: string; id: number }>(list: readonly T[], text: string): number | null {
  const found = list.find((e) => e.name.toLowerCase() === text.toLowerCase());
  if (found) return found.id;
  return WHOLE.test(text) && list.some((e) => e.id === Number(text)) ? Number(text) : null;
}

const TYPES = PRODUCT_TYPES.map((t) => ({ id: t.productTypeId, name: t.productType }));
const STATUSES = [1, 2, 3, 5, 6, 7].map((id) => ({ id, name: productStatusName(id) }));

/**
 * A row's cells (text, '' for an empty cell) read into the product save's input, or the problems a person can
 * fix, each naming its column. An empty Type is the save's default type; an empty Status or Brand keeps the
 * product's own (Active and No for a new one).
 */
export function readSheetRow(
  layout: SheetLayout,
  cells: readonly string[],
  options: { marked: boolean } = { marked: true },
): SheetRowRead | { problems: string[] } {
  // Only a CSV marks formula-like text with an apostrophe (toSheetText); an .xlsx cell's text is the text itself.
  const textOf = options.marked ? fromSheetText : (text: string) => text;
  const cell = (i: number) => (cells[i] ?? '').trim();
  const problems: string[] = [];
  const idText = cell(layout.base.Id);
  const versionText = cell(layout.base.Version);
  const productId =
    idText === '' ? null : WHOLE.test(idText) && Number(idText) > 0 ? Number(idText) : Number.NaN;
  if (Number.isNaN(productId))
    problems.push(`Id "${idText}" is not a product id; leave it empty for a new product`);
  const version = versionText === '' ? null : WHOLE.test(versionText) ? Number(versionText) : Number.NaN;
  if (Number.isNaN(version)) problems.push(`Version "${versionText}" is not a whole number`);
  const typeText = cell(layout.base.Type);
  const productTypeId = typeText === '' ? null : byName(TYPES, typeText);
  if (typeText !== '' && productTypeId === null) {
    problems.push(`Type "${typeText}" is not one of ${TYPES.map((t) => t.name).join(', ')}`);
  }
  const statusText = cell(layout.base.Status);
  const productStatus = statusText === '' ? null : byName(STATUSES, statusText);
  if (statusText !== '' && productStatus === null) {
    problems.push(`Status "${statusText}" is not one of ${STATUSES.map((s) => s.name).join(', ')}`);
  }
  const brandText = cell(layout.base.Brand).toLowerCase();
  const isDougs =
    brandText === ''
      ? null
      : ['yes', 'true', '1'].includes(brandText)
        ? true
        : ['no', 'false', '0'].includes(brandText)
          ? false
          : undefined;
  if (isDougs === undefined) problems.push(`Brand "${cell(layout.base.Brand)}" must be Yes or No`);
  const prices: SheetRowRead['input']['prices'] = [];
  const tierNumbers: number[] = [];
  layout.tiers.forEach(([from, to, price], i) => {
    const tier = { startQuantity: cell(from), endQuantity: cell(to), price: cell(price) };
    if (tier.startQuantity === '' && tier.endQuantity === '' && tier.price === '') return;
    prices.push(tier);
    tierNumbers.push(i + 1);
  });
  if (problems.length > 0) return { problems };
  return {
    productId,
    version,
    input: {
      name: textOf(cell(layout.base.Name)),
      description: textOf(cell(layout.base.Description)),
      productTypeId,
      productStatus,
      species: textOf(cell(layout.base.Species)),
      zones: textOf(cell(layout.base.Zones)),
      productSize: textOf(cell(layout.base.Size)),
      isDougs: isDougs ?? null,
      prices,
    },
    tierNumbers,
  };
}

export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}

/** The product's fields as the save would leave them, for comparing a row with the stored product. */
export interface SheetFields {
  name: string;
  description: string;
  productTypeId: number;
  productStatus: number;
  species: string;
  zones: string;
  productSize: string;
  isDougs: boolean;
  tiers: readonly SheetTier[];
}

export interface SheetFieldChange {
  field: string;
  from: string;
  to: string;
}

const FIELD_LABELS: [keyof Omit<SheetFields, 'tiers'>, string, (v: never) => string][] = [
  ['name', 'Name', (v: string) => v],
  ['productTypeId', 'Type', (v: number) => productTypeName(v)],
  ['productStatus', 'Status', (v: number) => (isProductStatusId(v) ? productStatusName(v) : String(v))],
  ['species', 'Species', (v: string) => v],
  ['zones', 'Zones', (v: string) => v],
  ['productSize', 'Size', (v: string) => v],
  ['isDougs', 'Brand', (v: boolean) => (v ? 'Yes' : 'No')],
  ['description', 'Description', (v: string) => v],
];

const sameTiers = (a: readonly SheetTier[], b: readonly SheetTier[]) =>
  a.length === b.length &&
  a.every(
    (t, i) =>
      t.startQuantity === b[i]?.startQuantity &&
      t.endQuantity === b[i]?.endQuantity &&
      t.priceCents === b[i]?.priceCents,
  );

/** Field by field, what saving `after` over `before` changes; a new product is compared with nothing. */
export function sheetChanges(before: SheetFields | null, after: SheetFields): SheetFieldChange[] {
  const changes: SheetFieldChange[] = [];
  for (const [key, field, show] of FIELD_LABELS) {
    const to = after[key];
    if (before && before[key] === to) continue;
    if (!before && (to === '' || to === false)) continue;
    changes.push({ field, from: before ? show(before[key] as never) : '', to: show(to as never) });
  }
  if (!before || !sameTiers(before.tiers, after.tiers)) {
    changes.push({
      field: 'Prices',
      from: before ? tiersText(before.tiers) : '',
      to: tiersText(after.tiers),
    });
  }
  return changes;
}

/** The row numbers staff see: the header is row 1, so the first product is row 2. */
export const sheetRowNumber = (dataIndex: number) => dataIndex + 2;

/**
 * The product save's message about a price, named by the spreadsheet's columns: its "Price 2" is the second
 * tier the row fills, which is "Tier 3" when the row leaves Tier 2's cells empty.
 */
export function sheetTierMessage(
  message: string,
  tierNumbers: readonly number[],
  tierIndex?: number,
): string {
  const renamed = message.replace(/^Price (\d+):/, (whole, k: string) => {
    const n = tierNumbers[Number(k) - 1];
    return n === undefined ? whole : `Tier ${n}:`;
  });
  if (tierIndex === undefined) return renamed;
  const n = tierNumbers[tierIndex];
  return n === undefined ? renamed : `Tier ${n}: ${renamed}`;
}
