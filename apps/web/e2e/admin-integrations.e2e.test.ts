import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { revokeQuestion, SECRET_SHOWN_ONCE } from '../src/routes/Admin/Settings/integrationTexts.ts';
import { accessibilityProblems, shopInBrowser } from './support/index.ts';

// Settings → Integrations by keyboard: a staff member creates a client, sees its secret once, the client gets a
// token with client_credentials and reads what staff read, and once revoked in the screen its token is refused.

const e2e = shopInBrowser();
let page: Page;
let consoleErrors: string[];

const NAME = 'Nightly bookkeeping';
const shots = process.env.E2E_SCREENSHOTS;

/** What curl -u id:secret -d grant_type=client_credentials …/oidc/token does. */
async function clientToken(clientId: string, clientSecret: string): Promise<string> {
  const answer = await fetch(`${e2e.shop.url}/oidc/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { access_token: string };
  return body.access_token;
}

const staffGet = (token: string) =>
  fetch(`${e2e.shop.url}/api/v1/Orders/GetAllOrders`, { headers: { authorization: `Bearer ${token}` } });

const focusedLabel = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.getAttribute('id') ?? el?.textContent ?? null;
  });

beforeAll(async () => {
  ({ page, consoleErrors } = await e2e.staffPage({
    path: '/Admin/Settings',
    name: 'Sam Staff',
    heading: 'Integrations',
    clipboard: true,
  }));
});

describe('Settings → Integrations', () => {
  let clientId = '';
  let secret = '';
  let token = '';

  it('creates a client by keyboard and shows its secret once, with a copy button', async () => {
    await page.getByLabel('Client name', { exact: true }).focus();
    await page.keyboard.type(NAME);
    await page.keyboard.press('Tab');
    expect(await focusedLabel()).toBe('integration-scope');
    await page.keyboard.press('Tab');
    expect(await focusedLabel()).toBe('Create Client');
    await page.keyboard.press('Enter');

    const shown = page.getByRole('region', { name: `Secret of ${NAME}` });
    await shown.getByText(SECRET_SHOWN_ONCE).waitFor();
    clientId = (await shown.getByTestId('new-client-id').textContent()) ?? '';
    secret = await shown.getByLabel('Client secret').inputValue();
    expect(clientId).toMatch(/^int_[A-Za-z0-9]{20}$/);
    expect(secret.length).toBeGreaterThanOrEqual(32);

    await shown.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('The secret is copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // The list: name, scope, client id, never a token yet, not revoked, and no secret anywhere in it.
    const row = page.getByTestId('integration-clients').locator('tbody tr', { hasText: clientId });
    await row.waitFor();
    expect(await row.locator('td').allTextContents()).toEqual([
      NAME,
      'read',
      clientId,
      expect.stringMatching(/^\d+\/\d+\/\d{4} \d+:\d\d [AP]M by Sam Staff$/),
      'never',
      'Revoke',
    ]);
    expect(await page.getByTestId('integration-clients').innerHTML()).not.toContain(secret);
    expect(await accessibilityProblems(page, 'integrations, secret shown')).toEqual([]);
    if (shots) await shown.screenshot({ path: `${shots}/integrations-secret.png` });

    // Done: the secret leaves the page, and is not shown again after a reload either.
    await page.getByRole('button', { name: 'Done: I have stored the secret' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);
    // Only a hash is stored.
    const stored = JSON.stringify(
      e2e.shop.shop.database.sqlite
        .prepare('select * from integration_clients where client_id = ?')
        .get(clientId),
    );
    expect(stored).not.toContain(secret);
  });

  it('lets the client get a token with client_credentials and call a staff GET', async () => {
    token = await clientToken(clientId, secret);
    const answer = await staffGet(token);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { success: boolean }).success).toBe(true);

    await page.reload();
    const row = page.getByTestId('integration-clients').locator('tbody tr', { hasText: clientId });
    await expect
      .poll(() => row.locator('td[data-label="Last token"]').textContent())
      .toMatch(/^\d+\/\d+\/\d{4} \d+:\d\d [AP]M$/);
    expect(await page.content()).not.toContain(secret);
  });

  it('revokes the client by keyboard after a confirmation, and its token gets 401 from then on', async () => {
    const revoke = page.getByRole('button', { name: `Revoke ${NAME}` });
    await revoke.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Revoke integration client' });
    await ask.getByText(revokeQuestion(NAME)).waitFor();
    // Escape keeps the client.
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect((await staffGet(token)).status).toBe(200);

    await revoke.focus();
    await page.keyboard.press('Enter');
    await ask.getByRole('button', { name: 'Revoke' }).waitFor();
    expect(await focusedLabel()).toBe('Revoke');
    await page.keyboard.press('Enter');
    await page.getByText(`${NAME} is revoked.`).waitFor();
    const row = page.getByTestId('integration-clients').locator('tbody tr', { hasText: clientId });
    await expect
      .poll(() => row.locator('td[data-label="Revoked"]').textContent())
      .toMatch(/^\d+\/\d+\/\d{4} \d+:\d\d [AP]M by Sam Staff$/);

    expect((await staffGet(token)).status).toBe(401);
    expect(consoleErrors).toEqual([]);
  });

  it('is usable at 390 px: nothing wider than the screen, every field labelled, axe clean', async () => {
    const phone = await e2e.staffPage({
      path: '/Admin/Settings',
      name: 'Sam Staff',
      viewport: { width: 390, height: 844 },
    });
    const section = phone.page.getByRole('region', { name: 'Integrations' });
    await section.getByTestId('integration-clients').waitFor();
    await section.getByRole('button', { name: 'Create Client' }).scrollIntoViewIfNeeded();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Each client is a card whose cells say what they are.
    const cell = section.locator('td[data-label="Client id"]').first();
    const box = await cell.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    expect(await accessibilityProblems(phone.page, 'integrations at 390 px')).toEqual([]);
    if (shots) await section.screenshot({ path: `${shots}/integrations-390.png` });
    await phone.context.close();
  });
});
