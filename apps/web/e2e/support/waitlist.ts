import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2eShop } from './shop.ts';

export interface WaitedForProduct {
  productId: number;
  name: string;
}

/** A Sold Out product of the demo shop whose name no other product has, so a search on it finds it alone. */
export function soldOutProduct(shop: E2eShop): WaitedForProduct {
  return shop.shop.database.sqlite
    .prepare(
      `select p.product_id as productId, p.name from products p where p.product_status = 3 and p.deleted_at is null
       and (select count(*) from products p2 where p2.name = p.name) = 1 order by p.product_id limit 1`,
    )
    .get() as WaitedForProduct;
}

/** A customer asks to hear when a product is back, as the storefront's waitlist dialog does. */
export async function joinWaitlist(
  shop: E2eShop,
  productId: number,
  email: string,
  quantity: number,
): Promise<void> {
  const joined = await fetch(`${shop.url}/api/v1/Waitlist/Join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId, email, quantity }),
  });
  expect(joined.status, await joined.clone().text()).toBe(200);
}

/** Opens a product's editor from Admin → Products, found by its name, and answers the editor's waitlist panel. */
export async function openProductWaitlist(page: Page, shop: E2eShop, name: string): Promise<Locator> {
  await page.goto(`${shop.origin}/Admin/Products?q=${encodeURIComponent(name)}`);
  await page
    .getByRole('button', { name: `Edit ${name}` })
    .first()
    .click();
  return page.getByTestId('product-waitlist');
}
