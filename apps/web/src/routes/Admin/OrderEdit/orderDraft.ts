import {
  type AdminOrderUpdateFormInput,
  orderLineUnitPriceCents,
  orderTotals,
  parseManualPrice,
  productStatusName,
  type SoldLine,
  type Totals,
  toCents,
} from '@nursery/domain';
import type { AdminOrder, ProductChoice } from '../shared/orders/types';

// The order editor's form as plain data: its fields and lines, what they cost, what changed, and the
// update they make. OrderEditor holds the state; these say what it means.

export const FIELDS = [
  { key: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'phoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { key: 'workPhoneNumber', label: 'Work Phone Number', type: 'tel', autoComplete: 'tel' },
  { key: 'comments', label: 'Comments', type: 'textarea', autoComplete: 'off' },
] as const;

export type FieldKey = (typeof FIELDS)[number]['key'];
export type Fields = Record<FieldKey, string>;

export interface LineDraft {
  key: string;
  productId: number;
  /** Digits only, as typed; empty counts as 0. */
  quantity: string;
  isStatic: boolean;
  /** The manual price as typed. */
  price: string;
  /** For a line already on the order: the unit price and quantity it was sold at. */
  sold?: SoldLine;
}

/** The spec: a manual price with up to two decimals becomes a number; anything else stays as typed (and is refused on save). */
export function manualPriceCents(text: string): number | null {
  const parsed = parseManualPrice(text);
  return 'cents' in parsed ? parsed.cents : null;
}

/** Quantity cells accept digits only; empty becomes 0. */
export function digitsOnly(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 6);
}

function tiersOf(product: ProductChoice | undefined) {
  return (product?.prices ?? []).map((p) => ({
    startQuantity: p.startQuantity,
    endQuantity: p.endQuantity,
    priceCents: p.priceCents,
  }));
}

/** The unit price a line would get: typed for manual lines, from the tiers for calculated ones. */
export function lineUnitCents(line: LineDraft, product: ProductChoice | undefined): number | null {
  if (line.isStatic) return manualPriceCents(line.price);
  const quantity = Number(line.quantity || '0');
  if (quantity < 1) return product?.prices[0]?.priceCents ?? null;
  // The server's rule: a line keeps the price it was sold at until its quantity changes.
  return orderLineUnitPriceCents(tiersOf(product), quantity, line.sold);
}

export function fieldsOf(order: AdminOrder | null): Fields {
  return {
    name: order?.name ?? '',
    email: order?.email ?? '',
    phoneNumber: order?.phoneNumber ?? '',
    workPhoneNumber: order?.workPhoneNumber ?? '',
    comments: order?.comments ?? '',
  };
}

let keySeq = 0;
const newKey = () => `line-${++keySeq}`;

export function linesOf(order: AdminOrder | null): LineDraft[] {
  return (order?.products ?? []).map((p) => ({
    key: `saved-${p.orderProductXrefId}`,
    productId: p.productId,
    quantity: String(p.quantity),
    isStatic: p.isStatic,
    price: p.isStatic ? p.unitPrice.toFixed(2) : '',
    sold: { unitPriceCents: toCents(p.unitPrice), quantity: p.quantity, isStatic: p.isStatic },
  }));
}

export function productLabel(p: ProductChoice): string {
  const status = p.isActive ? '' : ` (${productStatusName(p.productStatus)})`;
  return `${p.displayNameAndSize}${status}`;
}

/**
 * The products the Add box offers for what was typed: every word must appear in the name and size (in any
 * order, any case); names that start with the first word come first, so "white o" puts White Oak on top.
 */
export function matchingProducts(choices: readonly ProductChoice[], typed: string): ProductChoice[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...choices];
  const found = choices.filter((p) => {
    const label = productLabel(p).toLowerCase();
    return words.every((w) => label.includes(w));
  });
  const first = words[0] ?? '';
  const startsWith = (p: ProductChoice) => (p.displayNameAndSize.toLowerCase().startsWith(first) ? 0 : 1);
  // A stable sort keeps the alphabetical order of addableProducts inside each group.
  return found.sort((a, b) => startsWith(a) - startsWith(b));
}

/** What is wrong with one line: its quantity, its typed price, or the line as a whole (its product). */
export interface LineProblems {
  quantity?: string;
  price?: string;
  line?: string;
}

/**
 * Why the order cannot be saved, field by field, so the form marks each field with its own message: the
 * customer's fields, each line (by its key), the product list as a whole (no line yet, one twice), and the
 * rest (the order itself). No technical paths ("products.0.quantity") in any message.
 */
export interface OrderProblems {
  fields: Partial<Record<FieldKey, string>>;
  lines: Record<string, LineProblems>;
  products?: string;
  general: string[];
}

const FIELD_OF_PATH: Readonly<Record<string, FieldKey>> = {
  name: 'name',
  firstName: 'name',
  lastName: 'name',
  email: 'email',
  phoneNumber: 'phoneNumber',
  workPhoneNumber: 'workPhoneNumber',
  comments: 'comments',
};

/**
 * Sorts problems (the schema's issues checked here, or the server's data.problems of a 400) onto the form's
 * fields by their path; `lines` are the lines in the order they were sent, so index 2 is the third line.
 * The first message for a field wins: one thing to put right at a time.
 */
export function problemsOf(
  issues: readonly { message: string; path: readonly PropertyKey[] }[],
  lines: readonly LineDraft[],
): OrderProblems {
  const problems: OrderProblems = { fields: {}, lines: {}, general: [] };
  for (const { message, path } of issues) {
    const [head, index, part] = path;
    const field = typeof head === 'string' ? FIELD_OF_PATH[head] : undefined;
    if (field) {
      problems.fields[field] ??= message;
      continue;
    }
    const line = head === 'products' && typeof index === 'number' ? lines[index] : undefined;
    if (line) {
      const own: LineProblems = problems.lines[line.key] ?? {};
      problems.lines[line.key] = own;
      // A manual line's price is checked on the line as a whole (its path ends at the line).
      const slot: keyof LineProblems =
        part === 'quantity' ? 'quantity' : part === 'price' || line.isStatic ? 'price' : 'line';
      own[slot] ??= message;
      continue;
    }
    if (head === 'products') problems.products ??= message;
    else if (!problems.general.includes(message)) problems.general.push(message);
  }
  return problems;
}

/** Whether anything is marked. */
export function hasProblems(problems: OrderProblems): boolean {
  return (
    Object.keys(problems.fields).length > 0 ||
    Object.keys(problems.lines).length > 0 ||
    problems.products !== undefined ||
    problems.general.length > 0
  );
}

/** The form as it was when its problems were found. */
export interface CheckedForm {
  problems: OrderProblems;
  fields: Fields;
  lines: readonly LineDraft[];
}

const sameLine = (a: LineDraft, b: LineDraft) =>
  a.quantity === b.quantity && a.isStatic === b.isStatic && a.price === b.price;

/**
 * The problems still worth showing: a field's mark goes as soon as it is changed (the next save checks it
 * again), a line's as soon as the line is, the product list's once a line is added or removed.
 */
export function problemsStill(
  checked: CheckedForm,
  fields: Fields,
  lines: readonly LineDraft[],
): OrderProblems {
  const before = new Map(checked.lines.map((l) => [l.key, l]));
  const still: OrderProblems = { fields: {}, lines: {}, general: checked.problems.general };
  for (const [key, message] of Object.entries(checked.problems.fields) as [FieldKey, string][]) {
    if (fields[key] === checked.fields[key]) still.fields[key] = message;
  }
  for (const line of lines) {
    const was = before.get(line.key);
    const problems = checked.problems.lines[line.key];
    if (was && problems && sameLine(was, line)) still.lines[line.key] = problems;
  }
  if (checked.problems.products && lines.length === checked.lines.length) {
    still.products = checked.problems.products;
  }
  return still;
}

/** The problems as one list to read, in the form's order; a line's messages start with its product. */
export function problemList(problems: OrderProblems, lineName: (key: string) => string): string[] {
  const list: string[] = [];
  for (const f of FIELDS) {
    const message = problems.fields[f.key];
    if (message) list.push(message);
  }
  for (const [key, own] of Object.entries(problems.lines)) {
    for (const message of [own.line, own.quantity, own.price]) {
      if (message) list.push(`${lineName(key)}: ${message}`);
    }
  }
  if (problems.products) list.push(problems.products);
  return [...new Set([...list, ...problems.general])];
}

/** Whether a line differs from the one saved with the order (a line not saved yet always does). */
export function isLineModified(saved: LineDraft | undefined, line: LineDraft): boolean {
  return (
    !saved ||
    saved.quantity !== line.quantity ||
    saved.isStatic !== line.isStatic ||
    (line.isStatic && saved.price !== line.price)
  );
}

/** A new line of one: manual only for a special-order product (the spec's default), at its first price. */
export function newLineFor(product: ProductChoice, price = ''): LineDraft {
  return {
    key: newKey(),
    productId: product.productId,
    quantity: '1',
    isStatic: product.isSpecialOrder,
    price: product.isSpecialOrder
      ? price || (product.prices[0] ? product.prices[0].price.toFixed(2) : '')
      : '',
  };
}

/** The products the Add select offers: not on the order yet, by name; a new order lists what is on sale (and special orders) unless staff ask for the rest. */
export function addableProducts(
  choices: readonly ProductChoice[],
  lines: readonly LineDraft[],
  { isNew, showNonActive }: { isNew: boolean; showNonActive: boolean },
): ProductChoice[] {
  const onOrder = new Set(lines.map((l) => l.productId));
  return choices
    .filter((p) => !onOrder.has(p.productId))
    .filter((p) => !isNew || showNonActive || p.isActiveOrSpecialOrder)
    .sort((a, b) => a.displayNameAndSize.localeCompare(b.displayNameAndSize));
}

export interface PricedLineDraft {
  line: LineDraft;
  unit: number | null;
  subtotalCents: number;
}

export function priceLines(
  lines: readonly LineDraft[],
  products: ReadonlyMap<number, ProductChoice>,
): PricedLineDraft[] {
  return lines.map((line) => {
    const unit = lineUnitCents(line, products.get(line.productId));
    const quantity = Number(line.quantity || '0');
    return { line, unit, subtotalCents: unit === null ? 0 : unit * quantity };
  });
}

/**
 * The totals the editor shows: an order whose lines and exemption are as stored shows the tax it was placed
 * with, as the save keeps it (an order from before tax was taken of the subtotal may differ from today's rule
 * by a cent or so); anything changed is taxed as the save will tax it.
 */
export function shownTotals(
  order: AdminOrder | null,
  priced: readonly PricedLineDraft[],
  taxRateBasisPoints: number,
  isTaxExempt: boolean,
  linesModified: boolean,
): Totals {
  if (order && !linesModified && isTaxExempt === order.isTaxExempt) {
    return {
      subtotalCents: toCents(order.subtotal),
      taxCents: toCents(order.tax),
      totalCents: toCents(order.total),
    };
  }
  return orderTotals(priced, taxRateBasisPoints, isTaxExempt);
}

/** Switching a line's price mode: to Manual, an empty price starts at what the tiers would charge. */
export function withPriceMode(
  line: LineDraft,
  manual: boolean,
  product: ProductChoice | undefined,
): LineDraft {
  const calculated = lineUnitCents({ ...line, isStatic: false }, product);
  return {
    ...line,
    isStatic: manual,
    price: manual && !line.price && calculated !== null ? (calculated / 100).toFixed(2) : line.price,
  };
}

/** The order as the server's update takes it, from the form. */
export function orderUpdateBody(
  order: AdminOrder | null,
  fields: Fields,
  isTaxExempt: boolean,
  lines: readonly LineDraft[],
): AdminOrderUpdateFormInput {
  return {
    ...(order ? { orderId: order.orderId, version: order.version } : {}),
    name: fields.name,
    email: fields.email,
    phoneNumber: fields.phoneNumber,
    workPhoneNumber: fields.workPhoneNumber,
    comments: fields.comments,
    isTaxExempt,
    products: lines.map((l) => ({
      productId: l.productId,
      quantity: Number(l.quantity || '0'),
      isStatic: l.isStatic,
      price: l.isStatic ? l.price.trim() : null,
    })),
  };
}
