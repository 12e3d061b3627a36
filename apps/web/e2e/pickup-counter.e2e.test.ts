/**
 * Check-in at the counter on a phone (390 x 844): staff scan the customer's QR code (decoded here from a
 * screenshot of the order page, as a camera would), the order opens with its check-in, they mark it picked up
 * and record the payment, and the pick-up desk shows it picked up. Then the day's pick list, printed on A4
 * and Letter. axe on every screen.
 */
import { rest, staffToken } from '@nursery/server/testing';
import type { Locator, Page } from 'playwright-core';
import decodeQR from 'qr/decode.js';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, newPage, PHONE, placeCounterOrder, shopInBrowser } from './support/index.ts';

const PHONE_NUMBER = '(555) 010-2233';

const e2e = shopInBrowser();
let page: Page;
let dayId: number;
let orderId: number;
let secondId: number;
let orderTotal: string;

beforeAll(async () => {
  const token = await staffToken(e2e.shop, { email: 'owner@example.com', name: 'Olive Owner' });
  const saved = await rest<{ pickUpDayId: number; date: string }[]>(
    e2e.shop.url,
    'POST',
    '/api/v1/PickUpDays/SavePickUpDay',
    { token, body: { date: '2099-04-18', startTime: '09:00', endTime: '16:00', capacity: 20 } },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  dayId = saved.body.data.find((d) => d.date === '2099-04-18')?.pickUpDayId as number;
  const products = e2e.shop.shop.database.sqlite
    .prepare(
      `select p.product_id as productId from products p
       where p.product_status = 2 and p.deleted_at is null
         and exists (select 1 from product_prices t where t.product_id = p.product_id and t.start_quantity = 1)
       order by p.product_type_id desc, p.product_id limit 3`,
    )
    .all() as { productId: number }[];
  const place = async (name: string, lines: { productId: number; quantity: number }[]) => {
    const placed = await rest<{ orderId: number; displayTotal: string }>(
      e2e.shop.url,
      'PUT',
      '/api/v1/Orders/Update',
      {
        token,
        body: { name, phoneNumber: PHONE_NUMBER, pickUpDayId: dayId, products: lines },
      },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.data;
  };
  const first = await place(
    'Ada Quill',
    products.map((p, i) => ({ productId: p.productId, quantity: i + 1 })),
  );
  orderId = first.orderId;
  orderTotal = first.displayTotal;
  secondId = (await place('Bo Birch', [{ productId: products[0]?.productId as number, quantity: 4 }]))
    .orderId;
  ({ page } = await e2e.staffPage({
    path: `/Admin/Pickup?day=${dayId}`,
    name: 'Sam Staff',
    viewport: PHONE,
  }));
}, 180_000);

/** What a phone's camera reads off the screen: the QR code's pixels, decoded by an independent decoder. */
async function scanQrCode(target: Page): Promise<string> {
  const code = target.getByTestId('order-qr').locator('svg');
  await code.waitFor();
  const png = await code.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return decodeQR({ width: info.width, height: info.height, data: new Uint8Array(data) });
}

/**
 * A new order of the day (Olive Owner placed it), opened on its page by Sam's phone and by a second staff phone,
 * Tess Till's: their check-in panels, once each can take a payment. The caller closes the second phone.
 */
async function orderOnTwoPhones(name: string) {
  const token = await staffToken(e2e.shop, { email: 'owner@example.com', name: 'Olive Owner' });
  const { productId } = e2e.shop.shop.database.sqlite
    .prepare('select product_id as productId from order_lines where order_id = ? limit 1')
    .get(secondId) as { productId: number };
  const { orderId } = await placeCounterOrder(e2e.shop, token, {
    name,
    phoneNumber: PHONE_NUMBER,
    dayId,
    productId,
  });
  const other = await e2e.staffPage({
    path: `/Admin/Pickup?day=${dayId}`,
    name: 'Tess Till',
    email: 'tess@example.com',
    viewport: PHONE,
  });
  const [sam, tess] = [page, other.page].map((phone) =>
    phone.getByRole('region', { name: 'Counter check-in' }),
  ) as [Locator, Locator];
  const open = async () => {
    const address = `${e2e.shop.origin}/Order/${orderId}/${encodeURIComponent(PHONE_NUMBER)}`;
    for (const [phone, panel] of [
      [page, sam],
      [other.page, tess],
    ] as const) {
      await phone.goto(address);
      await panel.getByRole('button', { name: 'Record payment' }).waitFor();
    }
  };
  return { orderId, token, other, sam, tess, open };
}

describe('check-in at the counter', () => {
  it('keeps the QR code and the check-in out of the first load of / and /Products', async () => {
    const { page: visitor, context } = await newPage(e2e.browser, { viewport: PHONE });
    const loaded: string[] = [];
    visitor.on('request', (request) => loaded.push(request.url()));
    for (const path of ['/', '/Products']) {
      await visitor.goto(`${e2e.shop.origin}${path}`);
      await visitor.waitForLoadState('networkidle');
    }
    expect(loaded.filter((url) => /OrderQrCode|StaffCheckIn|CheckInPanel|qrcode/i.test(url))).toEqual([]);
    await context.close();
  });

  it('a customer sees the code of the order’s own address, and no check-in', async () => {
    const { page: customer, context } = await newPage(e2e.browser, { viewport: PHONE });
    await customer.goto(`${e2e.shop.origin}/Order/${orderId}/${encodeURIComponent(PHONE_NUMBER)}`);
    const address = await scanQrCode(customer);
    expect(address).toBe(`${e2e.shop.origin}/Order/${orderId}/5550102233`);
    await expect
      .poll(() =>
        customer.getByRole('img', { name: `QR code of order ${orderId}'s address: ${address}` }).count(),
      )
      .toBe(1);
    expect(await customer.getByRole('heading', { name: 'Counter check-in' }).count()).toBe(0);
    expect(await accessibilityProblems(customer, 'order page, customer')).toEqual([]);
    await context.close();
  });

  it('staff open the order from its QR code, check it in and record the payment', async () => {
    await page.goto(`${e2e.shop.origin}/Order/${orderId}/${encodeURIComponent(PHONE_NUMBER)}`);
    const address = await scanQrCode(page);
    // The camera hands the address to the phone's browser, where the staff member is signed in.
    await page.goto(address);
    const panel = page.getByRole('region', { name: 'Counter check-in' });
    await panel.getByRole('button', { name: 'Mark picked up' }).click();
    await expect
      .poll(() => panel.getByRole('status').first().textContent())
      .toMatch(/^Picked up .+ by Sam Staff$/);
    expect(await panel.getByRole('button', { name: 'Undo check-in' }).isVisible()).toBe(true);
    // The keyboard is on the button that replaced the one pressed, not back at the top of the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Undo check-in');
    // The page tells what happened at once: picked up, when; no more 'come and collect' nor 'show this code'.
    await expect
      .poll(() => page.getByRole('region', { name: 'Picked up' }).textContent())
      .toMatch(/This order was picked up on .+\. Thank you!/);
    expect(await page.getByRole('region', { name: 'What happens next' }).count()).toBe(0);
    expect(await page.getByText('Show this code at the counter').count()).toBe(0);

    await panel.getByRole('radio', { name: 'Check' }).check();
    const amount = panel.getByLabel('Amount ($)');
    expect(await amount.inputValue()).toBe(orderTotal.replace(/[$,]/g, ''));
    // A slip is told at once, in the server's words with the form's own labels, and nothing is recorded.
    await amount.fill('-5');
    await panel.getByRole('button', { name: 'Record payment' }).click();
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toBe(
        'Amount must be what was paid, in dollars with at most two decimals, such as 45.50, and not negative.',
      );
    await amount.fill(orderTotal.replace(/[$,]/g, ''));
    await panel.getByLabel('Check number (optional)').fill('1042');
    await panel.getByRole('button', { name: 'Record payment' }).click();
    await expect
      .poll(() => panel.getByTestId('payment-state').textContent())
      .toMatch(new RegExp(`^Paid \\${orderTotal} by check 1042 \\(.+, Sam Staff\\)$`));
    const stored = e2e.shop.shop.database.sqlite
      .prepare(
        'select picked_up_by, paid_method, paid_cents, paid_check_number from orders where order_id = ?',
      )
      .get(orderId);
    expect(stored).toEqual({
      picked_up_by: 'Sam Staff',
      paid_method: 'check',
      paid_cents: Math.round(Number(orderTotal.replace(/[$,]/g, '')) * 100),
      paid_check_number: '1042',
    });
    expect(await accessibilityProblems(page, 'order page, staff')).toEqual([]);
    // The page never scrolls sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  });

  it('the pick-up desk shows it picked up, the other order waiting, and finds orders by name or number', async () => {
    await page.getByRole('link', { name: 'Open the pick-up desk' }).click();
    await page.waitForURL((url) => url.pathname === '/Admin/Pickup');
    await page.goto(`${e2e.shop.origin}/Admin/Pickup?day=${dayId}`);
    const tabs = page.getByRole('group', { name: /Show orders of/ });
    await expect.poll(() => tabs.getByRole('button', { name: /^Waiting/ }).textContent()).toBe('Waiting (1)');
    await expect
      .poll(() => tabs.getByRole('button', { name: /^Picked up/ }).textContent())
      .toBe('Picked up (1)');
    const list = page.getByRole('list');
    await expect.poll(() => list.getByRole('heading').allTextContents()).toEqual([`#${secondId} Bo Birch`]);
    expect(await accessibilityProblems(page, 'pick-up desk, waiting')).toEqual([]);

    await tabs.getByRole('button', { name: /^Picked up/ }).click();
    await expect.poll(() => list.getByRole('heading').allTextContents()).toEqual([`#${orderId} Ada Quill`]);
    const card = list.getByRole('listitem');
    expect(await card.locator('.pickup-badge').textContent()).toBe('Picked up');
    expect(await card.textContent()).toContain('by check');

    await tabs.getByRole('button', { name: 'All' }).click();
    await page.getByLabel('Find an order').fill('birch');
    await expect.poll(() => list.getByRole('heading').allTextContents()).toEqual([`#${secondId} Bo Birch`]);
    // One order is counted as one, not '1 orders'.
    await expect
      .poll(() => page.locator('.orders-count').textContent())
      .toMatch(/: 1 order matching “birch”$/);
    // Check the second one in from the desk itself.
    await list.getByRole('button', { name: `Check in order ${secondId}` }).click();
    await list.getByRole('button', { name: 'Mark picked up' }).click();
    await expect.poll(() => list.locator('.pickup-badge').textContent()).toBe('Picked up');
    await expect.poll(() => tabs.getByRole('button', { name: /^Waiting/ }).textContent()).toBe('Waiting (0)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    expect(await accessibilityProblems(page, 'pick-up desk, check-in open')).toEqual([]);

    // A mistaken check-in is undone.
    await list.getByRole('button', { name: 'Undo check-in' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Undo check-in' }).click();
    await expect.poll(() => list.locator('.pickup-badge').textContent()).toBe('Waiting');
  });

  it('lists what to hand over, keeps the card with its payment after Mark picked up, and undoes from the toast', async () => {
    await page.goto(`${e2e.shop.origin}/Admin/Pickup?day=${dayId}`);
    const list = page.getByRole('list').filter({ has: page.getByRole('heading', { name: /Bo Birch/ }) });
    await list.getByRole('button', { name: `Check in order ${secondId}` }).click();
    const handOver = list.getByRole('region', { name: 'To hand over' });
    const { name, size } = e2e.shop.shop.database.sqlite
      .prepare(
        `select p.name as name, p.product_size as size from order_lines x
         join products p on p.product_id = x.product_id where x.order_id = ?`,
      )
      .get(secondId) as { name: string; size: string };
    await expect
      .poll(() => handOver.getByRole('listitem').allTextContents())
      .toEqual([size ? `4 × ${name} (${size})` : `4 × ${name}`]);

    // Waiting is shown: the order is no longer waiting, yet its card stays open with the payment to record.
    await list.getByRole('button', { name: 'Mark picked up' }).click();
    await expect.poll(() => list.locator('.pickup-badge').textContent()).toBe('Picked up');
    const tabs = page.getByRole('group', { name: /Show orders of/ });
    await expect.poll(() => tabs.getByRole('button', { name: /^Waiting/ }).textContent()).toBe('Waiting (0)');
    expect(await list.getByRole('heading', { name: `#${secondId} Bo Birch` }).isVisible()).toBe(true);
    expect(await list.getByRole('button', { name: 'Record payment' }).isVisible()).toBe(true);

    // The toast names the order and undoes it at once, with no question.
    const toast = page.getByRole('status').filter({ hasText: `Order ${secondId} is picked up.` });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => list.locator('.pickup-badge').textContent()).toBe('Waiting');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => tabs.getByRole('button', { name: /^Waiting/ }).textContent()).toBe('Waiting (1)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  });
});

describe('pick list', () => {
  it('prints the day’s totals and each order on A4 and Letter, without the navigation', async () => {
    const { page: desk, context } = await e2e.staffPage({
      path: `/Admin/PickList?day=${dayId}`,
      name: 'Sam Staff',
      viewport: { width: 1280, height: 900 },
    });
    await desk.getByRole('heading', { name: /^Pick list: / }).waitFor();
    // Ada's order is picked up: only Bo's is left to pull.
    const totals = desk.getByTestId('pick-totals');
    await totals.waitFor();
    expect(await desk.getByRole('article').count()).toBe(1);
    expect(await desk.getByRole('heading', { name: `Order #${secondId}: Bo Birch` }).count()).toBe(1);
    expect(await desk.locator('.pick-list-header').textContent()).toContain(
      '1 order already picked up is left out.',
    );
    expect(await accessibilityProblems(desk, 'pick list')).toEqual([]);

    await desk.emulateMedia({ media: 'print' });
    expect(await desk.locator('.admin-nav').isVisible()).toBe(false);
    expect(await desk.locator('.admin-tools').isVisible()).toBe(false);
    expect(await totals.isVisible()).toBe(true);
    expect(await desk.locator('.pick-totals').evaluate((el) => getComputedStyle(el).breakAfter)).toBe('page');
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await desk.pdf({ format, printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // The totals on the first sheet, the order on the next: two pages.
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
      expect([format, pages.length]).toEqual([format, 2]);
    }
    // A named paper size is honoured too.
    await desk.emulateMedia({ media: 'screen' });
    await desk.getByLabel('Paper').selectOption('letter');
    await desk.emulateMedia({ media: 'print' });
    const letter = await desk.pdf({ preferCSSPageSize: true });
    const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(letter.toString('latin1'));
    expect([Math.round(Number(box?.[1])), Math.round(Number(box?.[2]))]).toEqual([612, 792]);
    await context.close();
  });

  it('fits a phone in the yard: every column on screen, nothing spills sideways', async () => {
    const { page: yard, context } = await e2e.staffPage({
      path: `/Admin/PickList?day=${dayId}`,
      name: 'Sam Staff',
      viewport: PHONE,
    });
    const totals = yard.getByTestId('pick-totals');
    await totals.waitFor();
    expect(await yard.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    // The crew ticks the Pulled column: it is on the screen, in the totals and in every order.
    const pulled = await yard
      .getByRole('columnheader', { name: 'Pulled' })
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().right)));
    expect(pulled.length).toBe(1 + (await yard.getByRole('article').count()));
    for (const right of pulled) expect(right).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('two phones paying one order from its page: the first payment stands, the other phone is told what happened', async () => {
    const { orderId: twice, other, sam, tess, open } = await orderOnTwoPhones('Cy Twice');
    try {
      // Both phones open the order from its code, neither payment yet recorded.
      await open();
      await sam.getByRole('button', { name: 'Record payment' }).click();
      await expect
        .poll(() => sam.getByTestId('payment-state').textContent())
        .toMatch(/^Paid \$[\d.]+ by cash/);

      // The other phone still shows it unpaid and takes a check: not recorded, and told why, in full.
      await tess.getByRole('radio', { name: 'Check' }).check();
      await tess.getByRole('button', { name: 'Record payment' }).click();
      const told = new RegExp(
        `^Order ${twice} already had \\$[\\d.]+ by cash recorded .+ by Sam Staff: that payment stands, \\$[\\d.]+ by check was not recorded\\. Check with the customer\\.`,
      );
      await other.page.getByText(told).waitFor();
      expect(
        e2e.shop.shop.database.sqlite
          .prepare('select paid_method as method, paid_by as paidBy from orders where order_id = ?')
          .get(twice),
      ).toEqual({ method: 'cash', paidBy: 'Sam Staff' });
      // And the desk of that phone lists it until someone has read it.
      await other.page.goto(`${e2e.shop.origin}/Admin/Pickup?day=${dayId}`);
      await expect
        .poll(() => other.page.getByTestId('not-recorded').allTextContents())
        .toEqual([
          expect.stringMatching(
            new RegExp(`^Record \\$[\\d.]+ check for order ${twice}: Order ${twice} already had`),
          ),
        ]);
    } finally {
      await other.context.close();
    }
  });

  it('a payment corrected on the order page over one another phone recorded meanwhile: that one stands, and the page shows it', async () => {
    const { orderId: corrected, token, other, sam, tess, open } = await orderOnTwoPhones('Di Corrected');
    try {
      // Already paid at the till before either phone opens the order.
      const paid = await rest(e2e.shop.url, 'PUT', '/api/v1/Orders/Payment', {
        token,
        body: { orderId: corrected, method: 'cash', amount: 4 },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      await open();
      for (const panel of [sam, tess])
        expect(await panel.getByTestId('payment-state').textContent()).toMatch(/^Paid \$4\.00 by cash/);
      const paidShown = page.locator('dt:text-is("Paid") + dd');
      expect(await paidShown.textContent()).toBe('$4.00 by cash');

      // The other phone corrects the payment it shows: recorded.
      await tess.getByRole('radio', { name: 'Check' }).check();
      await tess.getByLabel('Amount ($)').fill('5.00');
      await tess.getByRole('button', { name: 'Record payment' }).click();
      await expect
        .poll(() => tess.getByTestId('payment-state').textContent())
        .toMatch(/^Paid \$5\.00 by check/);

      // This phone still shows the first payment and corrects it too: not recorded, told why, and the page
      // shows the payment that stands, in the panel, its form and the order's details, not the figure typed.
      await sam.getByLabel('Amount ($)').fill('6.00');
      await sam.getByRole('button', { name: 'Record payment' }).click();
      await page
        .getByText(
          new RegExp(
            `^Order ${corrected} already had \\$5\\.00 by check recorded .+ by Tess Till: that payment stands, \\$6\\.00 by cash was not recorded\\. Check with the customer\\.`,
          ),
        )
        .waitFor();
      await expect
        .poll(() => sam.getByTestId('payment-state').textContent())
        .toMatch(/^Paid \$5\.00 by check/);
      await expect.poll(() => paidShown.textContent()).toBe('$5.00 by check');
      expect(await sam.getByLabel('Amount ($)').inputValue()).toBe('5.00');
      expect(await sam.getByRole('radio', { name: 'Check' }).isChecked()).toBe(true);
      expect(
        e2e.shop.shop.database.sqlite
          .prepare(
            'select paid_method as method, paid_cents as cents, paid_by as paidBy from orders where order_id = ?',
          )
          .get(corrected),
      ).toEqual({ method: 'check', cents: 500, paidBy: 'Tess Till' });
    } finally {
      await other.context.close();
    }
  });
});
