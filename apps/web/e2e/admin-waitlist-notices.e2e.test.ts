import net from 'node:net';
import { staffToken } from '@nursery/server/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  joinWaitlist,
  openProductWaitlist,
  shopInBrowser,
  soldOutProduct,
} from './support/index.ts';

// The owner's first week: a product comes back while the mail server cannot be reached. The waitlist in the
// product modal must not say anyone was told; it shows each back-in-stock e-mail's state and offers Retry.

const e2e = shopInBrowser({ env: async () => ({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }) });
let product: { productId: number; name: string };

/** A port nothing listens on: the shop's mail server, down. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function attempts(): number {
  const row = e2e.shop.shop.database.sqlite
    .prepare("select attempts from email_outbox where kind = 'back-in-stock' order by email_id desc limit 1")
    .get() as { attempts: number } | undefined;
  return row?.attempts ?? 0;
}

beforeAll(async () => {
  product = soldOutProduct(e2e.shop);
  await joinWaitlist(e2e.shop, product.productId, 'robin@example.com', 3);
  // Staff restock it and put it back on sale: its waitlist's e-mail is written and tried at once.
  const authorization = `Bearer ${await staffToken(e2e.shop)}`;
  const stocked = await fetch(`${e2e.shop.url}/api/v1/Products/InsertProductStockUpdates`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify([{ productId: product.productId, changeInStock: 20, notes: '' }]),
  });
  expect(stocked.status, await stocked.clone().text()).toBe(200);
  const active = await fetch(
    `${e2e.shop.url}/api/v1/Products/SetProductStatus?productId=${product.productId}&productStatus=2`,
    { method: 'PUT', headers: { authorization } },
  );
  expect(active.status, await active.clone().text()).toBe(200);
}, 180_000);

describe('the waitlist in the product modal', () => {
  it('shows a notice that did not go as not sent, nobody told, with a Retry that tries again', async () => {
    // The outbox tried it once already (the mail server refused it).
    await expect.poll(attempts, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const { page, consoleErrors } = await e2e.staffPage({
      path: '/Admin/Settings',
      viewport: { width: 1366, height: 768 },
    });
    const waitlist = await openProductWaitlist(page, e2e.shop, product.name);
    // Nobody was told: the entry is still waiting, and its e-mail says why it did not go.
    await waitlist.getByRole('heading', { name: 'Waitlist: 1 waiting' }).waitFor();
    const notice = waitlist.getByTestId('waitlist-notice');
    await notice.getByText('Not sent yet: the mail server refused it; trying again').waitFor();
    expect(await notice.textContent()).toContain('ECONNREFUSED');
    expect(await waitlist.textContent()).not.toMatch(/Told/);
    expect(await accessibilityProblems(page, 'product modal with a waitlist notice')).toEqual([]);

    // Retry sends it again at once; the mail server is still down, and the toast says so in its words.
    await notice.getByRole('button', { name: /^Retry the back in stock/i }).click();
    await page
      .locator('[data-toast-kind]', { hasText: /The e-mail could not be sent: .*ECONNREFUSED/ })
      .waitFor();
    await waitlist.getByRole('heading', { name: 'Waitlist: 1 waiting' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
