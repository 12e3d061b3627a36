import { STOCK_CHANGE_MAX, stockChangeOf } from '@nursery/domain';

export { stockChangeOf };

/** A pending change as typed: kept as text so a mistyped value can be shown in its error state. */
export type PendingChanges = Readonly<Record<number, string>>;

/** Sets a product's pending change; 0 or nothing clears it, as Reset does. */
export function withPending(pending: PendingChanges, productId: number, text: string): PendingChanges {
  const next = { ...pending };
  if (text.trim() === '' || stockChangeOf(text) === 0) delete next[productId];
  else next[productId] = text;
  return next;
}

/** The -1 / +1 buttons: step from the typed number (a non-number counts as 0). */
export function stepped(pending: PendingChanges, productId: number, step: 1 | -1): PendingChanges {
  const next = (stockChangeOf(pending[productId]) ?? 0) + step;
  if (Math.abs(next) > STOCK_CHANGE_MAX) return pending;
  return withPending(pending, productId, String(next));
}

/** Only numeric, nonzero changes go to the summary and the save. */
export function savableChanges(pending: PendingChanges): { productId: number; changeInStock: number }[] {
  return Object.entries(pending).flatMap(([id, text]) => {
    const n = stockChangeOf(text);
    return n === null || n === 0 ? [] : [{ productId: Number(id), changeInStock: n }];
  });
}
