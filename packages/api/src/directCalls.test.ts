import { emailOutbox } from '@nursery/db';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DIRECT_CALLS } from './directCalls.ts';
import { ShopError } from './errors.ts';
import { openTestShop, type TestShop } from './testing/testShop.ts';
import { type ApiContext, inputErrorMessages, PUBLIC_PROCEDURES } from './trpc.ts';

const at = new Date('2026-04-18T15:00:00Z');
const shops: TestShop[] = [];
function shop(env: Record<string, string> = {}): TestShop {
  const t = openTestShop({ now: () => at, env });
  shops.push(t);
  return t;
}
afterAll(() => {
  for (const t of shops) t.close();
});

type Outcome = { answer: unknown } | { status: number; message: string; errors?: string[] };

/** What a REST caller hears of an answer or an error (rest/handler.ts errorEnvelope reads the same parts). */
async function outcome(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    // As JSON, as it reaches the caller: the direct call answers the text tRPC's value is read from.
    return { answer: JSON.parse(JSON.stringify(await call())) as unknown };
  } catch (error) {
    if (error instanceof ShopError) return { status: error.status, message: error.message };
    if (!(error instanceof TRPCError)) throw error;
    if (error.cause instanceof z.ZodError) {
      return { status: 400, message: '', errors: inputErrorMessages(error.cause) };
    }
    return { status: getHTTPStatusCodeFromError(error), message: error.message };
  }
}

/** The same call through the procedure (a tRPC caller) and directly, each on its own shop (new ones unless given). */
async function both(
  path: string,
  input: unknown,
  [viaCaller, direct]: readonly [TestShop, TestShop] = [shop(), shop()],
): Promise<[Outcome, Outcome]> {
  const [group = '', name = ''] = path.split('.');
  const ctx: ApiContext = {
    shop: direct.shop,
    caller: { kind: 'anonymous' },
    staff: null,
    clientIp: '203.0.113.7',
    requestId: 'test',
  };
  const procedures = viaCaller.caller() as unknown as Record<string, Record<string, (i: unknown) => unknown>>;
  const call = DIRECT_CALLS.get(path);
  if (!call) throw new Error(`no direct call for ${path}`);
  return [
    await outcome(async () => procedures[group]?.[name]?.(input)),
    await outcome(() => call(ctx, input)),
  ];
}

/** Three products of the demo catalogue anyone may order online without a stock limit (the same in every test shop). */
function orderableProducts(t: TestShop): number[] {
  return t.shop.database.sqlite
    .prepare(
      `select product_id as id from products p where deleted_at is null and product_status in (2, 7)
       and not exists (select 1 from stock_changes s where s.product_id = p.product_id) order by product_id limit 3`,
    )
    .pluck()
    .all() as number[];
}

const customer = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  phoneNumber: '(555) 201-9876',
  workPhoneNumber: '',
  comments: 'Saturday please.',
};

describe('direct calls', () => {
  it('are public mutations only', () => {
    for (const path of DIRECT_CALLS.keys()) expect(PUBLIC_PROCEDURES.has(path), path).toBe(true);
  });

  it('place the same order as the procedure, with the same receipt and owner notice', async () => {
    const lines = orderableProducts(shop()).map((productId, i) => ({ productId, quantity: i + 1 }));
    const [viaCaller, direct] = await both('orders.submit', { ...customer, orderProductXrefs: lines });
    expect('answer' in direct).toBe(true);
    expect(direct).toEqual(viaCaller);
    const [mailA, mailB] = shops.slice(-2).map((t) =>
      t.shop.db
        .select({
          kind: emailOutbox.kind,
          to: emailOutbox.toAddress,
          subject: emailOutbox.subject,
          text: emailOutbox.textBody,
        })
        .from(emailOutbox)
        .all(),
    );
    expect(mailA?.map((m) => m.kind).sort()).toEqual(['new-order', 'receipt']);
    expect(mailB).toEqual(mailA);
  });

  it('refuse what the procedure refuses, in the same words', async () => {
    const cases: [string, unknown][] = [
      ['no input', undefined],
      ['an empty order', {}],
      ['a field of the wrong type', { ...customer, phoneNumber: 5, orderProductXrefs: [] }],
      [
        'a product that is not sold',
        { ...customer, orderProductXrefs: [{ productId: 987_654, quantity: 1 }] },
      ],
    ];
    // One pair of shops for every case: a refusal writes nothing (each shop opens and migrates a database).
    const pair = [shop(), shop()] as const;
    for (const [what, input] of cases) {
      const [viaCaller, direct] = await both('orders.submit', input, pair);
      expect(direct, what).toEqual(viaCaller);
      expect('status' in direct && direct.status, what).toBe(400);
    }
  });

  it('keep the hourly order budget and the damaged-database refusal', async () => {
    let lines: { productId: number; quantity: number }[] = [];
    const twice = async (t: TestShop, call: (input: unknown) => Promise<unknown>) => {
      lines = orderableProducts(t)
        .slice(0, 1)
        .map((productId) => ({ productId, quantity: 1 }));
      const input = { ...customer, orderProductXrefs: lines };
      return [await outcome(() => call(input)), await outcome(() => call(input))];
    };
    const env = { ORDERS_PER_CLIENT_PER_HOUR: '1' };
    const [a, b] = [shop(env), shop(env)];
    const direct = DIRECT_CALLS.get('orders.submit');
    if (!direct) throw new Error('no direct submit');
    const ctx = (t: TestShop): ApiContext => ({
      shop: t.shop,
      caller: { kind: 'anonymous' },
      staff: null,
      clientIp: '203.0.113.7',
      requestId: 'test',
    });
    const viaCaller = await twice(a, (input) => a.caller().orders.submit(input as never));
    const directly = await twice(b, (input) => direct(ctx(b), input));
    expect(directly).toEqual(viaCaller);
    expect(directly[1]).toMatchObject({ status: 429 });

    for (const t of [a, b]) t.shop.database.damage = 'a damaged page';
    const damagedA = await outcome(() => a.caller({ clientIp: '198.51.100.1' }).orders.submit({} as never));
    const damagedB = await outcome(() => direct({ ...ctx(b), clientIp: '198.51.100.1' }, {}));
    expect(damagedB).toEqual(damagedA);
    expect(damagedB).toMatchObject({ status: 503 });
  });
});
