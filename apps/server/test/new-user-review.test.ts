import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, startTestServer, type TestServer } from '../src/testing.ts';
import { placeOrder } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

/**
 * Cases met by trying the storefront and the settings as a new owner and a customer would: each one failed
 * before its fix.
 */

interface ShownProduct {
  productId: number;
  productStatus: number;
  isStockTracked: boolean;
  calculatedStock: number | null;
  numSold: number;
}
interface Setting {
  name: string;
  isTrue: boolean;
  value: string;
}

const customer = {
  firstName: 'Robin',
  lastName: 'Marsh',
  email: 'robin@example.com',
  confirmEmail: 'robin@example.com',
};

// June 30, 23:30 in the shop's zone (America/Chicago, UTC-5 in summer): still season 2025-26.
let clock = new Date('2026-07-01T04:30:00Z');
let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await signedInShop({}, { now: () => clock }));
});
afterAll(async () => server?.stop());

/** From the admin's list, which carries the season's units sold (the storefront's does not). */
async function orderableProduct(): Promise<ShownProduct> {
  const list = await rest<ShownProduct[]>(server.url, 'GET', '/api/v1/Products/GetAllProductsWithStats', {
    token,
  });
  const product = list.body.data.find((p) => p.productStatus === 2 && !p.isStockTracked && p.numSold === 0);
  if (!product) throw new Error('the demo catalogue has no unsold, untracked Active product');
  return product;
}

describe('order lookup by a phone without digits', () => {
  it('finds an order placed with words for a phone, typed the same way; other words get the one 404', async () => {
    const product = await orderableProduct();
    const id = await placeOrder(server, [{ productId: product.productId, quantity: 1 }], {
      ...customer,
      phoneNumber: 'Call the shop',
    });

    const found = await rest<{ orderId: number }>(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderById?orderId=${id}&phoneNumber=${encodeURIComponent('  call THE  shop ')}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.data.orderId).toBe(id);

    for (const phone of ['call me', '5551234567']) {
      const miss = await rest(
        server.url,
        'GET',
        `/api/v1/Orders/GetOrderById?orderId=${id}&phoneNumber=${encodeURIComponent(phone)}`,
      );
      expect(miss.status).toBe(404);
    }
  });
});

describe('settings refuse bodies that would silently wipe a setting', () => {
  it('answers 400 to SetMessage and SetProductStockEmails without their field, and keeps the values', async () => {
    const auth = { token };
    await rest(server.url, 'PUT', '/api/v1/Settings/SetMessage', { ...auth, body: { html: '<b>Open</b>' } });
    await rest(server.url, 'PUT', '/api/v1/Settings/SetProductStockEmails', {
      ...auth,
      body: { emails: 'owner@example.com' },
    });

    const noHtml = await rest(server.url, 'PUT', '/api/v1/Settings/SetMessage', {
      ...auth,
      body: { message: 'misspelt field' },
    });
    expect(noHtml.status).toBe(400);
    expect(noHtml.body.message).toBe('Send the message as {"html": "..."}; an empty text clears it.');
    const noEmails = await rest(server.url, 'PUT', '/api/v1/Settings/SetProductStockEmails', {
      ...auth,
      body: {},
    });
    expect(noEmails.status).toBe(400);
    expect(noEmails.body.message).toBe(
      'Send the list as {"emails": "a@example.com, b@example.com"}; an empty text clears it.',
    );

    const settings = await rest<Setting[]>(server.url, 'GET', '/api/v1/Settings/GetAllSettings', { token });
    const value = (name: string) => settings.body.data.find((s) => s.name === name)?.value;
    expect(value('Message')).toBe('<b>Open</b>');
    expect(value('ProductStockEmails')).toBe('owner@example.com');

    // An empty text or null still clears, as the screen's blank choice does.
    const cleared = await rest<Setting[]>(server.url, 'PUT', '/api/v1/Settings/SetMessage', {
      ...auth,
      body: { html: null },
    });
    expect(cleared.body.data.find((s) => s.name === 'Message')?.value).toBe('');
  });

  it('says isOpen must be true or false instead of "Invalid input"', async () => {
    for (const query of ['?isOpen=maybe', '']) {
      const answer = await rest(server.url, 'PUT', `/api/v1/Settings/SetOrdersClosed${query}`, { token });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('isOpen must be true or false.');
    }
    // Every flag of a query names itself the same way, as the order list's isSpam does.
    const list = await rest(
      server.url,
      'GET',
      '/api/v1/Products/GetAllProductsWithStats?includeSpecialOrderProducts=maybe',
      { token },
    );
    expect(list.status).toBe(400);
    expect(list.body.message).toBe('includeSpecialOrderProducts must be true or false.');
  });
});

describe('the cached product list follows the season', () => {
  it('drops last season stock figures on July 1 in the shop time zone, with nothing written', async () => {
    const product = await orderableProduct();
    const added = await rest(server.url, 'POST', '/api/v1/Products/InsertProductStockUpdates', {
      token,
      body: [{ productId: product.productId, changeInStock: 5, notes: 'June count' }],
    });
    expect(added.status).toBe(200);
    const shown = async () =>
      (await rest<ShownProduct[]>(server.url, 'GET', '/api/v1/Products/GetProductsToShow')).body.data.find(
        (p) => p.productId === product.productId,
      );
    expect(await shown()).toMatchObject({ isStockTracked: true, calculatedStock: 5 });

    clock = new Date('2026-07-01T05:30:00Z'); // July 1, 00:30 in Chicago: season 2026-27
    expect(await shown()).toMatchObject({ isStockTracked: false, calculatedStock: null });
  });
});

describe('the OpenAPI document tells a third-party caller what really happens', () => {
  interface Operation {
    summary?: string;
    security?: Record<string, string[]>[];
    responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  }
  it('names the real file types, and which calls need no token', async () => {
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const exportAnswer = doc.paths['/Exports/GetStockExport']?.get?.responses['200']?.content;
    // The envelope, whose data names the .xls inside it; the example's base64 is the start of an .xls file
    // (its compound-file signature).
    expect(Object.keys(exportAnswer ?? {})).toEqual(['application/json']);
    expect(exportAnswer?.['application/json']).toMatchObject({
      schema: { properties: { data: { $ref: '#/components/schemas/ExportWorkbook' } } },
      example: {
        success: true,
        data: {
          fileName: '2025-03-15 ProductStock.xls',
          contentType: 'application/vnd.ms-excel',
          base64: '0M8R4KGxGuE=',
        },
      },
    });
    expect(Object.keys(doc.paths['/api/v1/BackupAuth']?.post?.responses['200']?.content ?? {})).toEqual([
      'application/zip',
    ]);
    // An empty requirement means "no token needed": only the storefront's calls carry it.
    const open = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .filter(({ op }) => op.security?.some((s) => Object.keys(s).length === 0))
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(open).toEqual([
      'GET /api/v1/Orders/GetOrderById',
      'GET /api/v1/PickUpDays/GetOpenPickUpDays',
      'GET /api/v1/Products/GetProductsToShow',
      'GET /api/v1/Settings/GetAllSettings',
      'POST /api/v1/Contact/InsertUserComment',
      'POST /api/v1/Orders/Submit',
      'POST /api/v1/Waitlist/Join',
    ]);
  });
});

describe('a shop whose sales tax has three decimals', () => {
  it('charges 8.875% exactly, half-up per line, the same as the cart computes', async () => {
    const nyc = await startTestServer({ TAX_RATE_PERCENT: '8.875' });
    try {
      const list = await rest<(ShownProduct & { prices: { startQuantity: number; price: number }[] })[]>(
        nyc.url,
        'GET',
        '/api/v1/Products/GetProductsToShow',
      );
      const product = list.body.data.find(
        (p) => p.productStatus === 2 && !p.isStockTracked && p.prices[0]?.startQuantity === 1,
      );
      if (!product) throw new Error('no orderable product with a price from 1');
      const placed = await rest<{ order: { subtotal: number; tax: number } }>(
        nyc.url,
        'POST',
        '/api/v1/Orders/Submit',
        {
          body: {
            ...customer,
            phoneNumber: '555 010 2000',
            orderProductXrefs: [{ productId: product.productId, quantity: 1 }],
          },
        },
      );
      expect(placed.status).toBe(200);
      const cents = Math.round(placed.body.data.order.subtotal * 100);
      // Half-up of cents * 8.875% in integers (the unit tests cover amounts where 8.88% would differ).
      expect(Math.round(placed.body.data.order.tax * 100)).toBe(Math.floor((cents * 8875 + 50000) / 100000));
    } finally {
      await nyc.stop();
    }
  });
});
