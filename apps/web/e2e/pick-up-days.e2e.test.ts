import { displayPickUpDate, PICK_UP_DAY_FULL, PICK_UP_DAYS_ALL_FULL } from '@nursery/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  DESK,
  fillDetails,
  keepInCart,
  newPage,
  openForOrders,
  PHONE,
  shopInBrowser,
  signIn,
} from './support/index.ts';

// Pick-up days as the shop meets them: staff open a day that takes one order, a customer books it
// at checkout, and the next customer finds it full. At phone and desktop size, with axe on each new screen.

const e2e = shopInBrowser();
let productId: number;

const nextYear = new Date().getFullYear() + 1;

const dialog = (page: Page) => page.getByRole('dialog');

beforeAll(async () => {
  productId = openForOrders(e2e.shop);
});

/** A customer's page at the details step, with one product in the cart. */
async function atDetails(viewport: { width: number; height: number }, who: string) {
  const opened = await newPage(e2e.browser, { viewport });
  const { page } = opened;
  await page.goto(`${e2e.shop.origin}/FAQ`);
  await keepInCart(page, { productId, cartQuantity: 1 });
  await page.reload();
  await page.getByRole('button', { name: /^Cart/ }).first().click();
  await dialog(page).getByRole('button', { name: 'Checkout' }).click();
  await dialog(page).getByRole('heading', { name: 'Order Details' }).waitFor();
  const fields: Record<string, string> = {
    'First name': who,
    'Last name': 'Gardener',
    Email: `${who.toLowerCase()}@example.com`,
    'Confirm email': `${who.toLowerCase()}@example.com`,
    'Phone number': '555-201-3344',
  };
  await fillDetails(page, fields);
  return opened;
}

describe.each([
  ['phone', PHONE, `${nextYear}-04-03`],
  ['desktop', DESK, `${nextYear}-04-10`],
])('pick-up days at %s size', (_size, viewport, date) => {
  const shown = displayPickUpDate(date);

  it('staff add a day that takes one order, in Settings, with the keyboard', async () => {
    const { page, context, consoleErrors } = await e2e.staffPage({ path: '/Admin/Settings', viewport });
    const section = page.getByRole('region', { name: 'Pick-up Days' });
    await section.waitFor();
    // A bad capacity is marked on its field before any request.
    await section.getByLabel('Date').fill(date);
    await section.getByLabel('Orders it can take').fill('0');
    await section.getByLabel('Orders it can take').press('Enter');
    await expect
      .poll(() => section.getByLabel('Orders it can take').getAttribute('aria-invalid'))
      .toBe('true');
    await section.getByLabel('Orders it can take').fill('1');
    await section.getByLabel('Note (optional)').fill('At the barn');
    await section.getByLabel('Note (optional)').press('Enter');
    const day = section.getByRole('listitem').filter({ hasText: shown });
    await day.waitFor();
    await expect.poll(() => day.textContent()).toContain('0 of 1 orders');
    // The Pick-up Days section (the rest of Settings is other tests' business).
    expect(
      await accessibilityProblems(page, 'Settings > Pick-up Days', { include: '.pick-up-days' }),
    ).toEqual([]);
    // Nothing spills sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a customer chooses the day at checkout, and the order says so', async () => {
    const { page, context } = await atDetails(viewport, 'Rowan');
    const choice = dialog(page).getByRole('group', { name: 'Pick-up day' });
    await choice.waitFor();
    // Without a day the details step asks for one.
    await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
    await expect.poll(async () => choice.getAttribute('aria-invalid')).toBe('true');
    expect(await accessibilityProblems(page, 'checkout details with pick-up days')).toEqual([]);
    await choice.getByLabel(new RegExp(shown)).check();
    await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
    await dialog(page).getByRole('heading', { name: 'Confirm Order' }).waitFor();
    await dialog(page).getByText(shown).first().waitFor();
    await dialog(page).getByRole('button', { name: 'Submit Order' }).click();
    await page.waitForURL(/\/Order\/\d+\//);
    await expect.poll(() => page.getByTestId('order-pick-up-day').textContent()).toContain(shown);
    // The day's note, shown at checkout, is on the order page too, and in what happens next.
    expect(await page.getByTestId('order-pick-up-note').textContent()).toBe('At the barn');
    const next = page.getByRole('region', { name: 'What happens next' });
    expect(await next.textContent()).toContain('(At the barn).');
    // Once picked up, the page says so instead of what happens next.
    const orderId = Number(/\/Order\/(\d+)\//.exec(page.url())?.[1]);
    e2e.shop.shop.database.sqlite
      .prepare("update orders set picked_up_at = ?, picked_up_by = 'Sam Staff' where order_id = ?")
      .run(Date.now(), orderId);
    await page.reload();
    const pickedUp = page.getByRole('region', { name: 'Picked up' });
    await expect.poll(() => pickedUp.textContent()).toMatch(/This order was picked up on .+\. Thank you!/);
    expect(await page.getByRole('region', { name: 'What happens next' }).count()).toBe(0);
    e2e.shop.shop.database.sqlite
      .prepare('update orders set picked_up_at = null, picked_up_by = null where order_id = ?')
      .run(orderId);
    await context.close();
  });

  it("staff find the order under its day in the Orders list, and on the order's edit page", async () => {
    const { page, context } = await newPage(e2e.browser, { viewport });
    const sqlite = e2e.shop.shop.database.sqlite;
    const { dayId } = sqlite
      .prepare('select pick_up_day_id as dayId from pick_up_days where date = ?')
      .get(date) as {
      dayId: number;
    };
    const { orderId } = sqlite
      .prepare('select order_id as orderId from orders where pick_up_day_id = ? and deleted_at is null')
      .get(dayId) as { orderId: number };
    await signIn(page, e2e.shop, { path: `/Admin/Orders?season=-1&day=${dayId}` });
    await page.getByRole('columnheader', { name: 'Pick-up Day' }).waitFor();
    expect(await page.getByLabel('Pick-up day').inputValue()).toBe(String(dayId));
    // A table row on a desktop, a card on a phone: the order's edit link is in both.
    await page.getByRole('link', { name: `Edit order ${orderId}`, exact: true }).waitFor();
    await expect
      .poll(() =>
        page
          .getByText(/^Showing \d+ Order/)
          .first()
          .textContent(),
      )
      .toMatch(/^Showing 1 Order/);
    await page.goto(`${e2e.shop.origin}/Admin/Orders/Edit/${orderId}`);
    const select = page.getByLabel('Pick-up day');
    await select.waitFor();
    await expect.poll(() => select.inputValue()).toBe(String(dayId));
    await context.close();
  });

  it('the next customer finds the day full', async () => {
    const { page, context } = await atDetails(viewport, 'Sage');
    const choice = dialog(page).getByRole('group', { name: 'Pick-up day' });
    const day = choice.getByLabel(new RegExp(shown));
    await day.waitFor();
    expect(await day.isDisabled()).toBe(true);
    await choice
      .getByRole('listitem')
      .filter({ hasText: shown })
      .getByText('Full', { exact: true })
      .waitFor();
    expect(await accessibilityProblems(page, 'checkout details with a full day')).toEqual([]);
    // With every day full, the details step says so instead of going on.
    if ((await choice.locator('input:not([disabled])').count()) === 0) {
      await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
      await page.getByText(PICK_UP_DAYS_ALL_FULL).first().waitFor();
    }
    await context.close();
  });
});

describe('the last place of a day goes while a customer is on Confirm', () => {
  it('brings the customer back to the day list, with the reason beside it and not over the form', async () => {
    const date = `${nextYear}-05-08`;
    const sqlite = e2e.shop.shop.database.sqlite;
    const dayId = Number(
      sqlite
        .prepare(
          "insert into pick_up_days (date, start_time, end_time, capacity) values (?, '09:00', '16:00', 1)",
        )
        .run(date).lastInsertRowid,
    );
    const shown = displayPickUpDate(date);
    const { page, context } = await atDetails(DESK, 'Linden');
    const choice = dialog(page).getByRole('group', { name: 'Pick-up day' });
    await choice.getByLabel(new RegExp(shown)).check();
    await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
    await dialog(page).getByRole('heading', { name: 'Confirm Order' }).waitFor();
    // Someone else's order takes the day's one place meanwhile.
    sqlite
      .prepare(
        'update orders set pick_up_day_id = ? where order_id = (select max(order_id) from orders where deleted_at is null)',
      )
      .run(dayId);
    await dialog(page).getByRole('button', { name: 'Submit Order' }).click();
    await dialog(page).getByRole('heading', { name: 'Order Details' }).waitFor();
    await expect.poll(() => choice.getByRole('alert').textContent()).toBe(PICK_UP_DAY_FULL);
    // The keyboard is on the day list, not on First name.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pick-up-choice');
    // No notification lies over the form with the same words.
    expect(await page.locator('.toast-body').filter({ hasText: PICK_UP_DAY_FULL }).count()).toBe(0);
    await expect.poll(() => choice.getByLabel(new RegExp(shown)).isDisabled()).toBe(true);
    expect(await accessibilityProblems(page, 'checkout details after the day was refused')).toEqual([]);
    await context.close();
  });
});

describe('deleting a day', () => {
  it('asks first: Escape keeps the day, Delete takes it away and the keyboard goes on from the form', async () => {
    const date = `${nextYear}-05-15`;
    e2e.shop.shop.database.sqlite
      .prepare(
        "insert into pick_up_days (date, start_time, end_time, capacity) values (?, '09:00', '16:00', 5)",
      )
      .run(date);
    const shown = displayPickUpDate(date);
    const { page, context, consoleErrors } = await e2e.staffPage({ path: '/Admin/Settings', viewport: DESK });
    const section = page.getByRole('region', { name: 'Pick-up Days' });
    const day = section.getByRole('listitem').filter({ hasText: shown });
    const remove = day.getByRole('button', { name: `Delete ${shown}` });
    await remove.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Please confirm' });
    await ask.getByText(`Delete the pick-up day ${shown}?`).waitFor();
    expect(await accessibilityProblems(page, 'deleting a pick-up day')).toEqual([]);
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    // Back on the button it came from, and the day is still there.
    await expect.poll(() => remove.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await day.count()).toBe(1);

    await page.keyboard.press('Enter');
    const yes = ask.getByRole('button', { name: 'Delete' });
    await expect.poll(() => yes.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Pick-up day deleted.').waitFor();
    await day.waitFor({ state: 'detached' });
    await expect
      .poll(() => section.getByLabel('Date').evaluate((input) => input === document.activeElement))
      .toBe(true);
    expect(
      e2e.shop.shop.database.sqlite
        .prepare('select count(*) as n from pick_up_days where date = ?')
        .get(date),
    ).toEqual({ n: 0 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
