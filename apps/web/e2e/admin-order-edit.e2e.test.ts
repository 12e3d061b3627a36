import { findStaffAccountByEmail, revokeOidcPayloadsOfAccount } from '@nursery/api/staff';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  countCalls,
  DESK,
  PHONE,
  type StaffLogin,
  shopInBrowser,
  signInAgainInNewTab,
} from './support/index.ts';

// The order edit page as a clerk taking a phone order uses it: by keyboard, on a desk screen and on a phone,
// through a sign-in that ends halfway, with the mistakes people make.

const e2e = shopInBrowser();

function sql<T>(query: string, ...params: unknown[]): T[] {
  return e2e.shop.shop.database.sqlite.prepare(query).all(...params) as T[];
}

const orderCount = () => sql<{ n: number }>('select count(*) as n from orders')[0]!.n;

async function staffPage(
  viewport: { width: number; height: number },
  path = '/Admin/Orders/Edit',
  before?: (context: BrowserContext) => Promise<void>,
) {
  return e2e.staffPage({
    path,
    email: 'clerk@example.com',
    name: 'Cal Clerk',
    viewport,
    ...(before ? { before } : {}),
  });
}

const lineRows = (page: Page) => page.locator('tr[data-product-id]');
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? '');

afterAll(async () => {});

describe('taking a phone order by keyboard', () => {
  it('starts on Name; typing and arrow keys in Add a product add nothing, Enter adds the highlighted product and goes to its quantity', async () => {
    const { page, context } = await staffPage(DESK);
    await page.getByRole('heading', { name: 'Creating new Order' }).waitFor();
    // The clerk types the caller's name at once.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id.endsWith('-name') ?? false))
      .toBe(true);
    await page.keyboard.type('Wanda Phone');
    expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Wanda Phone');

    const add = page.getByRole('combobox', { name: 'Add a product' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.focus();
    await page.keyboard.type('Wh');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    // Typing and moving through the list choose nothing.
    expect(await lineRows(page).count()).toBe(0);
    const list = page.getByRole('listbox', { name: 'Products' });
    await list.waitFor();
    const options = await list.getByRole('option').allTextContents();
    expect(options.length).toBeGreaterThan(1);
    for (const option of options) expect(option.toLowerCase()).toContain('wh');
    const highlighted = await page.getByRole('option', { selected: true }).textContent();
    expect(highlighted).toBe(options[1]);

    await page.keyboard.press('Enter');
    await expect.poll(() => lineRows(page).count()).toBe(1);
    expect(await lineRows(page).first().locator('td').first().textContent()).toContain(
      highlighted?.replace(/ \(.*\)$/, ''),
    );
    // The keyboard is on the new line's quantity, ready to be typed over.
    await expect.poll(() => focusedLabel(page)).toMatch(/^Quantity of /);
    await page.keyboard.type('3');
    expect(
      await lineRows(page)
        .first()
        .getByLabel(/^Quantity of /)
        .inputValue(),
    ).toBe('3');
    expect(await add.inputValue()).toBe('');
    expect(await list.isHidden()).toBe(true);

    // A click on a listed product adds it too (and only it).
    await add.click();
    await page.keyboard.type('oak');
    const clicked = list.getByRole('option').first();
    const clickedName = await clicked.textContent();
    await clicked.click();
    await expect.poll(() => lineRows(page).count()).toBe(2);
    expect(await lineRows(page).nth(1).locator('td').first().textContent()).toContain(
      clickedName?.replace(/ \(.*\)$/, ''),
    );
    await expect.poll(() => focusedLabel(page)).toBe(`Quantity of ${clickedName?.replace(/ \(.*\)$/, '')}`);
    await context.close();
  });

  it('Enter in a quantity moves on to the next product and never creates the order', async () => {
    const { page, context } = await staffPage(DESK);
    await page.getByRole('heading', { name: 'Creating new Order' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Enter Presser');
    // Enter in the customer's boxes moves on too.
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toMatch(/-email$/);
    await page.getByLabel('Phone Number', { exact: true }).fill('555-0199');
    const add = page.getByRole('combobox', { name: 'Add a product' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.fill('oak');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toMatch(/^Quantity of /);

    const updates = countCalls(page, 'orders.update');
    const before = orderCount();
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe('Add a product');
    // An Enter in the empty Add box opens the list; it does not save either.
    await page.keyboard.press('Enter');
    await page.getByRole('listbox', { name: 'Products' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Creating new Order' }).waitFor();
    expect(updates.count()).toBe(0);
    expect(orderCount()).toBe(before);
    expect(new URL(page.url()).pathname).toBe('/Admin/Orders/Edit');

    // The button saves.
    await page.getByRole('button', { name: 'Save New Order' }).click();
    await page.waitForURL(/\/Admin\/Orders\/Edit\/\d+$/);
    expect(orderCount()).toBe(before + 1);
    expect(updates.count()).toBe(1);
    await context.close();
  });
});

describe('Add Special Order Product...', () => {
  it("opens the Products screen's product modal in its special-order mode, forgets what Cancel left, and adds the saved product with its price", async () => {
    const { page, context } = await staffPage(DESK);
    await page.getByRole('heading', { name: 'Creating new Order' }).waitFor();
    const open = page.getByRole('button', { name: 'Add Special Order Product...' });
    await open.click();
    // The same modal as Products → Add: description, type, species, zones, size and the price table.
    const modal = page.getByTestId('product-modal');
    await modal.getByRole('heading', { name: 'Adding Special Order Product' }).waitFor();
    for (const label of ['Name', 'Description', 'Type', 'Species', 'Zones', 'Product Size'])
      await modal.getByLabel(label, { exact: true }).waitFor();
    await modal.getByRole('button', { name: 'Add New Price' }).click();
    for (const header of ['Start Qty.', 'End Qty.', 'Price', 'Remove'])
      await modal.getByRole('columnheader', { name: header, exact: true }).waitFor();

    await modal.getByLabel('Name', { exact: true }).fill('Half-typed Hawthorn');
    await modal.getByLabel('Species', { exact: true }).fill('Crataegus');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
    // Cancel gives focus back to the button that opened the modal, as every modal does; the keyboard opens it.
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await modal.getByRole('heading', { name: 'Adding Special Order Product' }).waitFor();
    expect(await modal.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await modal.getByLabel('Species', { exact: true }).inputValue()).toBe('');
    expect(await modal.getByLabel('Price per unit of price 1').count()).toBe(0);

    await modal.getByLabel('Name', { exact: true }).fill('Cockspur Hawthorn');
    await modal.getByLabel('Product Size', { exact: true }).fill('6 ft B&B');
    await modal.getByRole('button', { name: 'Add New Price' }).click();
    await modal.getByLabel('Price per unit of price 1').fill('64.50');
    await modal.getByRole('button', { name: 'Save Product' }).focus();
    await page.keyboard.press('Enter');
    await modal.waitFor({ state: 'detached' });

    const row = page.locator('tr', { hasText: 'Cockspur Hawthorn - 6 ft B&B' });
    // The keyboard goes on with the new line's Quantity, not back to the button that opened the
    // modal; the modal is gone (its closing transition over), so this is where focus stays.
    const quantity = row.getByLabel(/^Quantity of /);
    expect(await quantity.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await row.getByLabel(/^Price mode of /).inputValue()).toBe('manual');
    expect(await row.getByLabel(/^Unit price of /).inputValue()).toBe('64.50');
    expect(
      sql<{ product_status: number }>("select product_status from products where name = 'Cockspur Hawthorn'"),
    ).toEqual([{ product_status: 5 }]);
    await context.close();
  });
});

describe('the order edit page on a phone', () => {
  it('shows every line as a card with Quantity, Unit Price, Subtotal and Remove, and the totals, without a sideways scroll', async () => {
    const [order] = sql<{ order_id: number }>(
      `select o.order_id from orders o where o.deleted_at is null and o.is_tax_exempt = 0
         and (select count(*) from order_lines l where l.order_id = o.order_id) >= 3
       order by o.order_id desc limit 1`,
    );
    const { page, context, consoleErrors } = await staffPage(PHONE, `/Admin/Orders/Edit/${order!.order_id}`);
    await page.getByRole('heading', { name: `Modifying Order ${order!.order_id}` }).waitFor();
    // One line with a typed price too: its box is the widest thing a line holds.
    await page
      .getByLabel(/^Price mode of /)
      .first()
      .selectOption('manual');
    await page
      .getByLabel(/^Unit price of /)
      .first()
      .waitFor();

    const width = PHONE.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Where it sits without anyone scrolling sideways (the page or a box around it): a vertical scroll
    // leaves left and right as they are.
    const inView = async (locator: Locator, what: string) => {
      expect(await locator.isVisible(), what).toBe(true);
      const box = (await locator.boundingBox())!;
      expect(box.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(width);
    };
    const rows = lineRows(page);
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      await inView(row.getByLabel(/^Quantity of /), `quantity ${i + 1}`);
      await inView(row.getByLabel(/^Price mode of /), `unit price mode ${i + 1}`);
      await inView(row.locator('td').nth(2), `unit price ${i + 1}`);
      await inView(row.locator('td').nth(3), `subtotal ${i + 1}`);
      await inView(row.getByRole('button', { name: /^Remove / }), `remove ${i + 1}`);
      // Each value says what it is, as the column header did.
      expect(
        await row
          .locator('td[data-label="Subtotal"]')
          .evaluate((td) => getComputedStyle(td, '::before').content),
      ).toBe('"Subtotal"');
    }
    await inView(page.getByRole('cell', { name: /^\$/ }).last(), 'the last total');
    for (const total of ['Subtotal', 'Tax', 'Total'])
      await inView(page.locator('tfoot th', { hasText: new RegExp(`^${total}`) }), total);
    await inView(page.getByTestId('order-total'), 'the order total');
    await inView(page.getByRole('combobox', { name: 'Add a product' }), 'Add a product');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Nor does anything hide in a box that scrolls sideways.
    expect(
      await page
        .locator('.admin-order-edit *')
        .evaluateAll(
          (all) =>
            all.filter(
              (e) =>
                ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) &&
                e.scrollWidth > e.clientWidth + 1,
            ).length,
        ),
    ).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

/** A new order typed halfway: a customer and one line with a quantity, not saved. */
async function typeHalfAnOrder(page: Page, name: string) {
  await page.getByRole('heading', { name: 'Creating new Order' }).waitFor();
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Phone Number/ }).fill('555-0142');
  await page.getByRole('textbox', { name: /^Comments/ }).fill('Wants them before the frost.');
  const add = page.getByRole('combobox', { name: 'Add a product' });
  await expect.poll(() => add.isEnabled()).toBe(true);
  await add.fill('oak');
  await page.keyboard.press('Enter');
  await page.keyboard.type('2');
}

/** The form still holds what was typed. */
async function expectDraftKept(page: Page, name: string) {
  await page.getByRole('heading', { name: 'Creating new Order' }).waitFor();
  expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe(name);
  expect(await page.getByRole('textbox', { name: /^Comments/ }).inputValue()).toBe(
    'Wants them before the frost.',
  );
  expect(await lineRows(page).count()).toBe(1);
  expect(
    await lineRows(page)
      .first()
      .getByLabel(/^Quantity of /)
      .inputValue(),
  ).toBe('2');
}

/** "Sign in again" opens the provider in a new tab; the password there signs this tab in too. */
async function signInAgain(page: Page, context: BrowserContext, login: StaffLogin) {
  const banner = page.getByRole('alert').filter({ has: page.getByRole('link', { name: 'Sign in again' }) });
  await (await signInAgainInNewTab(banner, context, login)).close();
  await banner.waitFor({ state: 'detached' });
}

/** Saving now works, and stores what was typed before the sign-in ended. */
async function saveAndCheck(page: Page, name: string) {
  await page.getByRole('button', { name: 'Save New Order' }).click();
  await page.waitForURL(/\/Admin\/Orders\/Edit\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split('/').at(-1));
  expect(
    sql<{ name: string; comments: string; n: number }>(
      `select name, comments, (select sum(quantity) from order_lines l where l.order_id = o.order_id) as n
       from orders o where order_id = ?`,
      orderId,
    ),
  ).toEqual([{ name, comments: 'Wants them before the frost.', n: 2 }]);
}

describe('a sign-in that ends while an order is typed', () => {
  it('a logout in another tab keeps the form; signing in again in a new tab lets it be saved', async () => {
    const { page, context, login } = await staffPage(DESK);
    await typeHalfAnOrder(page, 'Tabitha Other');
    const other = await context.newPage();
    await other.goto(`${e2e.shop.origin}/Admin/Logout`);
    await other.waitForURL(`${e2e.shop.origin}/`);
    await other.close();

    await page.getByText('You signed out in another tab.').waitFor();
    await expectDraftKept(page, 'Tabitha Other');
    await signInAgain(page, context, login);
    await expectDraftKept(page, 'Tabitha Other');
    await saveAndCheck(page, 'Tabitha Other');
    await context.close();
  });

  it("an ended session at the provider (the renewal refused) keeps the form instead of going to the provider's page", async () => {
    // The page's clock, so an hour's token can run out in a moment; the server's clock is the real one.
    const { page, context, login } = await staffPage(DESK, '/Admin/Orders/Edit', (c) => c.clock.install());
    await typeHalfAnOrder(page, 'Sid Session');
    // The provider's session is gone (its cookie with it): the renewal before the token runs out is refused.
    await context.clearCookies();
    await page.clock.fastForward('59:30');
    await page.getByText('Your sign-in has ended', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/Admin/Orders/Edit');
    await expectDraftKept(page, 'Sid Session');
    await signInAgain(page, context, login);
    await expectDraftKept(page, 'Sid Session');
    await saveAndCheck(page, 'Sid Session');
    await context.close();
  });

  it('a token the server refuses (401) on Save keeps the form; signing in again in a new tab lets it be saved', async () => {
    const { page, context, login } = await staffPage(DESK);
    await typeHalfAnOrder(page, 'Rory Refused');
    revokeOidcPayloadsOfAccount(
      e2e.shop.shop.db,
      String(findStaffAccountByEmail(e2e.shop.shop.db, login.email)?.staffId),
    );
    await page.getByRole('button', { name: 'Save New Order' }).click();
    await page.getByText('Your sign-in has ended', { exact: false }).waitFor();
    await expectDraftKept(page, 'Rory Refused');
    await signInAgain(page, context, login);
    await expectDraftKept(page, 'Rory Refused');
    await saveAndCheck(page, 'Rory Refused');
    await context.close();
  });
});

describe('an order that cannot be saved yet', () => {
  const noPaths = async (page: Page) =>
    expect(await page.locator('body').innerText()).not.toMatch(/products\.\d|\bphoneNumber\b|\bquantity:/);
  const problemOf = (field: Locator) =>
    field.evaluate((input) => {
      const id = input.getAttribute('aria-describedby');
      const note = id ? document.getElementById(id) : null;
      return {
        invalid: input.getAttribute('aria-invalid'),
        note: note?.textContent ?? null,
        noteShown: note ? note.getBoundingClientRect().height > 0 : false,
      };
    });

  it('marks each field the checks here refuse, with a message a person can act on, at 390x844', async () => {
    const { page, context } = await staffPage(PHONE);
    await page.getByRole('heading', { name: 'Creating new Order' }).waitFor();
    await page.getByRole('button', { name: 'Save New Order' }).click();
    // Nothing on the order yet: the name, the phone number and the products are marked.
    const summary = page.getByRole('alert').filter({ hasText: 'The order is not saved yet.' });
    await summary.waitFor();
    const name = page.getByRole('textbox', { name: /^Name/ });
    expect(await problemOf(name)).toEqual({
      invalid: 'true',
      note: 'You must enter a name for the order.',
      noteShown: true,
    });
    expect((await problemOf(page.getByRole('textbox', { name: /^Phone Number/ }))).invalid).toBe('true');
    const add = page.getByRole('combobox', { name: 'Add a product' });
    expect(await problemOf(add)).toMatchObject({ invalid: 'true', noteShown: true });
    // The keyboard is on the first field to put right.
    await expect.poll(() => name.evaluate((e) => e === document.activeElement)).toBe(true);

    await name.fill('Quinn Quantity');
    expect(await problemOf(name)).toEqual({ invalid: null, note: null, noteShown: false });
    await page.getByRole('textbox', { name: /^Phone Number/ }).fill('555-0177');
    await add.fill('oak');
    await page.keyboard.press('Enter');
    const quantity = lineRows(page)
      .first()
      .getByLabel(/^Quantity of /);
    await quantity.fill('');
    const productName = (await quantity.getAttribute('aria-label'))!.replace(/^Quantity of /, '');
    await page.getByRole('button', { name: 'Save New Order' }).click();
    await expect.poll(async () => (await problemOf(quantity)).invalid).toBe('true');
    expect(await problemOf(quantity)).toEqual({
      invalid: 'true',
      note: 'Each product on an order needs a quantity of at least 1.',
      noteShown: true,
    });
    expect(await summary.textContent()).toContain(
      `${productName}: Each product on an order needs a quantity of at least 1.`,
    );
    await noPaths(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it("marks the line the server's 400 is about (too few left), with its message and no toast with a field path", async () => {
    const [tracked] = sql<{ name: string; product_size: string }>(
      `select p.name, p.product_size from products p
       where p.product_status in (2, 7) and p.deleted_at is null
         and exists (select 1 from stock_changes s where s.product_id = p.product_id
                     and s.season = (select max(season) from stock_changes))
       order by p.name limit 1`,
    );
    const label = tracked!.product_size ? `${tracked!.name} - ${tracked!.product_size}` : tracked!.name;
    const { page, context } = await staffPage(DESK);
    await page.getByRole('heading', { name: 'Creating new Order' }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Stella Stock');
    await page.getByRole('textbox', { name: /^Phone Number/ }).fill('555-0188');
    const add = page.getByRole('combobox', { name: 'Add a product' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.fill(tracked!.name);
    await page.getByRole('option', { name: label, exact: true }).click();
    const quantity = page.getByLabel(`Quantity of ${label}`);
    await quantity.fill('99999');
    const before = orderCount();
    await page.getByRole('button', { name: 'Save New Order' }).click();
    await expect.poll(async () => (await problemOf(quantity)).invalid).toBe('true');
    const { note, noteShown } = await problemOf(quantity);
    expect(note).toMatch(
      new RegExp(`^Only \\d+ of ${tracked!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} are left\\.$`),
    );
    expect(noteShown).toBe(true);
    const summary = page.getByRole('alert').filter({ hasText: 'The order is not saved yet.' });
    expect(await summary.textContent()).toContain(note);
    await expect.poll(() => quantity.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await page.locator('[data-toast-kind]').filter({ hasText: note! }).count()).toBe(0);
    await noPaths(page);
    expect(orderCount()).toBe(before);

    // Put right, it saves.
    await quantity.fill('1');
    expect((await problemOf(quantity)).invalid).toBe(null);
    await page.getByRole('button', { name: 'Save New Order' }).click();
    await page.waitForURL(/\/Admin\/Orders\/Edit\/\d+$/);
    expect(orderCount()).toBe(before + 1);
    await context.close();
  });
});
