import type { Sqlite } from '@nursery/db';

const SHOWN_STATUSES = '(2, 3, 6, 7)';

/**
 * Grows the demo catalogue to `target` products the storefront shows, by copying the demo's own products
 * (names numbered, tiers copied), so the list keeps the demo's real mix of text lengths, types and tiers.
 */
export function growCatalogue(sqlite: Sqlite, target: number): number {
  const count = () =>
    (
      sqlite
        .prepare(
          `select count(*) as n from products where deleted_at is null and product_status in ${SHOWN_STATUSES}`,
        )
        .get() as { n: number }
    ).n;
  const models = sqlite
    .prepare(
      `select product_id as id from products where deleted_at is null and product_status in ${SHOWN_STATUSES}`,
    )
    .all() as { id: number }[];
  if (models.length === 0)
    throw new Error('the catalogue has no product to copy (start with DEMO_DATA=true)');
  const copy = productCopier(sqlite);
  const missing = target - count();
  sqlite.transaction(() => {
    for (let i = 0; i < missing; i += 1) {
      const model = models[i % models.length];
      if (!model) continue;
      copy(model.id, `no. ${i + 2}`);
    }
  })();
  return count();
}

/**
 * Copies a product with its price tiers, its name followed by `suffix`: how a large catalogue is grown from the
 * demo's own products. Call it inside a transaction when copying many.
 */
export function productCopier(sqlite: Sqlite): (productId: number, suffix: string) => void {
  const copyProduct = sqlite.prepare(
    `insert into products (name, description, product_type_id, species, zones, product_size, product_status, is_dougs, created_at)
     select name || ' ' || ?, description, product_type_id, species, zones, product_size, product_status, is_dougs, created_at
     from products where product_id = ?`,
  );
  const copyPrices = sqlite.prepare(
    `insert into product_prices (product_id, start_quantity, end_quantity, price_cents)
     select ?, start_quantity, end_quantity, price_cents from product_prices where product_id = ?`,
  );
  return (productId, suffix) => {
    const created = copyProduct.run(suffix, productId);
    copyPrices.run(Number(created.lastInsertRowid), productId);
  };
}
