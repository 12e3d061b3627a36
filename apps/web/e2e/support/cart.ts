import type { TestServer } from '@nursery/server/testing';
import type { Page } from 'playwright-core';

/** A customer who has ordered before: the contact fields the checkout keeps of her last order. */
export const ADA = {
  firstName: 'Ada',
  lastName: 'Maple',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  phoneNumber: '555-201-3344',
  workPhoneNumber: '',
};

/**
 * Turns online ordering on and answers the first Active product priced from 1 whose stock is not counted:
 * one a customer may always order, however many earlier tests took.
 */
export function openForOrders(shop: TestServer): number {
  const { sqlite } = shop.shop.database;
  sqlite.prepare("UPDATE settings SET is_true = 1 WHERE name = 'OnlineOrderingEnabled'").run();
  shop.shop.catalogCache.invalidate();
  return sqlite
    .prepare(
      `SELECT p.product_id FROM products p WHERE p.product_status = 2 AND p.deleted_at IS NULL
         AND EXISTS (SELECT 1 FROM product_prices t WHERE t.product_id = p.product_id AND t.start_quantity = 1)
         AND NOT EXISTS (SELECT 1 FROM stock_changes s WHERE s.product_id = p.product_id)
       ORDER BY p.product_id LIMIT 1`,
    )
    .pluck()
    .get() as number;
}

/**
 * Puts a product in the cart the phone keeps ('user-cart') and, when given, the last order's contact fields
 * ('order-details'), as a customer coming back has them: the shop's page reads both on its next load.
 */
export async function keepInCart(
  page: Page,
  line: { productId: number; cartQuantity: number; addedAt?: number },
  lastOrder?: Record<string, string>,
): Promise<void> {
  await page.evaluate(
    ({ productId, cartQuantity, addedAt, details }) => {
      localStorage.setItem(
        'user-cart',
        JSON.stringify({ [productId]: { productId, cartQuantity, addedAt } }),
      );
      if (details) localStorage.setItem('order-details', JSON.stringify(details));
    },
    { ...line, addedAt: line.addedAt ?? 1, details: lastOrder ?? null },
  );
}

/** Ada's details as she types them on the details step, by the fields' labels. */
export const ADA_TYPED = {
  'First name': 'Ada',
  'Last name': 'Maple',
  Email: 'ada@example.com',
  'Confirm email': 'ada@example.com',
  'Phone number': '555-201-3344',
};

/** Types into the checkout's fields, found by their labels in the open dialog, one after the other. */
export async function fillDetails(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByRole('dialog').getByLabel(label, { exact: true }).fill(value);
  }
}
