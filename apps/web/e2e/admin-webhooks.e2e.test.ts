import { type WebhookReceiver, webhookReceiver } from '@nursery/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  removeEndpointQuestion,
  WEBHOOK_SECRET_SHOWN_ONCE,
} from '../src/routes/Admin/Settings/webhookTexts.ts';
import { accessibilityProblems, shopInBrowser } from './support/index.ts';

// Settings → Integrations → Webhooks: a staff member adds an endpoint (a real receiver on 127.0.0.1 that checks
// every signature with the standardwebhooks package), sees its secret once, sends a test event, sees the
// deliveries of a real event with their outcome and redelivers one.

const e2e = shopInBrowser({ env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' } });
let page: Page;
let consoleErrors: string[];
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await webhookReceiver();
  ({ page, consoleErrors } = await e2e.staffPage({
    path: '/Admin/Settings',
    name: 'Sam Staff',
    heading: 'Webhooks',
    clipboard: true,
  }));
});
afterAll(async () => {
  await receiver?.close();
});

describe('Settings → Integrations → Webhooks', () => {
  it('adds an endpoint and shows its signing secret once, with a copy button', async () => {
    await page.getByLabel('Endpoint address').fill(receiver.url);
    await page.getByLabel('Endpoint description').fill('Bookkeeping');
    // Every event is ticked to begin with; this receiver does not want product changes.
    await page.getByRole('checkbox', { name: 'product.changed' }).uncheck();
    await page.getByRole('button', { name: 'Add Endpoint' }).click();

    const shown = page.getByRole('region', { name: `Signing secret of ${receiver.url}` });
    await shown.getByText(WEBHOOK_SECRET_SHOWN_ONCE).waitFor();
    receiver.secret = await shown.getByLabel('Signing secret').inputValue();
    expect(receiver.secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(receiver.secret);

    await page.getByRole('button', { name: 'Done: I have stored the secret' }).click();
    await shown.waitFor({ state: 'detached' });
    // Gone for good: the page holds it nowhere, and the list never had it.
    expect(await page.content()).not.toContain(receiver.secret.slice(6));
    const endpoint = page.getByRole('article', { name: 'Endpoint Bookkeeping' });
    await endpoint.getByText('Receiving.').waitFor();
    expect(await endpoint.textContent()).not.toContain('product.changed');
    expect(await accessibilityProblems(page, 'webhooks, endpoint added')).toEqual([]);
  });

  it('sends a test event the receiver verifies, and lists it with its answer', async () => {
    const endpoint = page.getByRole('article', { name: 'Endpoint Bookkeeping' });
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('The test event was delivered (200).').waitFor();
    expect(receiver.accepted().map((r) => r.type)).toEqual(['webhook.test']);
    expect(receiver.refused).toEqual([]);
    const table = endpoint.getByTestId('webhook-deliveries');
    await table.getByRole('cell', { name: 'webhook.test', exact: true }).waitFor();
    const row = table.getByRole('row').filter({ hasText: 'webhook.test' });
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['delivered', '200', '1', 'ok']),
    );
  });

  it('lists a real event and redelivers it under the same webhook-id', async () => {
    // A message on the contact form, as a visitor sends it.
    const sent = await fetch(`${e2e.shop.url}/api/v1/Contact/InsertUserComment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ruth Reader',
        email: 'ruth@example.com',
        comments: 'Do you have wild ginger?',
        loadTime: Date.now() - 60_000,
      }),
    });
    expect(sent.status).toBe(200);
    await expect.poll(() => receiver.accepted().length).toBe(2);

    const endpoint = page.getByRole('article', { name: 'Endpoint Bookkeeping' });
    // The list is read again when it is opened.
    await endpoint.getByRole('button', { name: 'Hide deliveries' }).click();
    await endpoint.getByRole('button', { name: 'Show deliveries' }).click();
    const row = endpoint
      .getByTestId('webhook-deliveries')
      .getByRole('row')
      .filter({ hasText: 'contact.received' });
    await row.waitFor();
    receiver.answer = 'thanks again';
    await row.getByRole('button', { name: /^Redeliver contact\.received/ }).click();
    await page.getByText(/^Delivery \d+ was delivered\.$/).waitFor();
    await row.getByRole('cell', { name: 'thanks again' }).waitFor();
    expect(await row.getByRole('cell', { name: '2', exact: true }).count()).toBe(1);
    const copies = receiver.received.filter((r) => r.type === 'contact.received');
    expect(copies).toHaveLength(2);
    expect(copies[1]?.webhookId).toBe(copies[0]?.webhookId);
    expect(receiver.refused).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('removes the endpoint only once the question is answered Remove, by keyboard', async () => {
    const endpoint = page.getByRole('article', { name: 'Endpoint Bookkeeping' });
    const remove = endpoint.getByRole('button', { name: 'Remove', exact: true });
    await remove.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Remove webhook endpoint' });
    await ask.getByText(removeEndpointQuestion(receiver.url)).waitFor();
    // Cancel keeps it, and the keyboard is back on Remove.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => remove.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await endpoint.count()).toBe(1);

    await page.keyboard.press('Enter');
    const yes = ask.getByRole('button', { name: 'Remove' });
    await expect.poll(() => yes.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText(`${receiver.url} is removed.`).waitFor();
    await endpoint.waitFor({ state: 'detached' });
    await page.getByText('No webhook endpoints yet.').waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
