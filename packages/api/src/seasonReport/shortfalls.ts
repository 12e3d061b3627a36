import { type OrderDetailsInput, onlyNLeft } from '@nursery/domain';
import { ShopError } from '../errors.ts';
import type { Shop } from '../shop.ts';
import { currentSeason, figuresFor, stockLevels } from '../stock/levels.ts';

/**
 * After a storefront order was refused, keeps the demand it could not meet for the season report: each line
 * refused because too few were left (the refusal named it with onlyNLeft), with the quantity asked and the
 * quantity there was. Nothing of the customer is kept. The stock is read again here, after the refusal, so a
 * line is recorded only while it still asks for more than there is.
 */
export function recordShortfalls(shop: Shop, input: OrderDetailsInput, error: unknown): void {
  if (!(error instanceof ShopError) || error.kind !== 'bad_request') return;
  const said = new Set(error.message.split('\n'));
  const wanted = new Map<number, number>();
  for (const line of input.orderProductXrefs) {
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  }
  const ids = [...wanted.keys()];
  const sqlite = shop.database.sqlite;
  const names = new Map(
    sqlite
      .prepare<[string], { productId: number; name: string }>(
        'select product_id as productId, name from products where product_id in (select value from json_each(?))',
      )
      .all(JSON.stringify(ids))
      .map((p) => [p.productId, p.name]),
  );
  const levels = stockLevels(shop, { productIds: ids, trackedOnly: true });
  const season = currentSeason(shop);
  const insert = sqlite.prepare(
    `insert into stock_shortfalls (product_id, season, quantity_asked, quantity_left, created_at)
     values (?, ?, ?, ?, ?)`,
  );
  const now = shop.now().getTime();
  sqlite.transaction(() => {
    for (const [productId, asked] of wanted) {
      const name = names.get(productId);
      const left = figuresFor(levels, productId).calculatedStock;
      if (name === undefined || left === null || asked <= left) continue;
      if (!said.has(onlyNLeft(Math.max(0, left), name))) continue;
      insert.run(productId, season, asked, Math.max(0, left), now);
    }
  })();
}
