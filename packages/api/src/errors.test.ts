import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { afterAll, describe, expect, it } from 'vitest';
import { SHOP_ERROR_STATUS, ShopError, type ShopErrorKind } from './errors.ts';
import { appRouter } from './router.ts';
import { openTestShop } from './testing/testShop.ts';
import { toTRPCError } from './trpc.ts';

describe('ShopError', () => {
  it('each kind becomes the tRPC code whose HTTP status REST answers for it', () => {
    for (const [kind, status] of Object.entries(SHOP_ERROR_STATUS) as [ShopErrorKind, number][]) {
      const error = new ShopError({ kind, message: `refused: ${kind}` });
      expect(error.status).toBe(status);
      const trpc = toTRPCError(error);
      expect(getHTTPStatusCodeFromError(trpc), kind).toBe(status);
      expect(trpc.message).toBe(`refused: ${kind}`);
      expect(trpc.cause).toBe(error);
    }
  });

  const test = openTestShop({ demo: false });
  afterAll(() => test.close());

  it("a service's refusal reaches a tRPC caller as its code and message, not as a 500", async () => {
    const refusal = await test
      .caller()
      .orders.byId({ orderId: 999_999, phoneNumber: '555-123-4567' })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TRPCError);
    expect((refusal as TRPCError).code).toBe('NOT_FOUND');
    expect((refusal as TRPCError).cause).toBeInstanceOf(ShopError);
  });

  it('the staff guard refuses with the same type', async () => {
    const refusal = await test
      .caller()
      .contacts.all()
      .catch((error: unknown) => error);
    expect((refusal as TRPCError).code).toBe('UNAUTHORIZED');
    expect((refusal as TRPCError).cause).toBeInstanceOf(ShopError);
  });

  it('a refusal raised while tRPC writes a lazy answer out (a paged list) keeps its status over HTTP', async () => {
    const response = await fetchRequestHandler({
      endpoint: '/trpc',
      req: new Request(
        `http://shop.test/trpc/contacts.all?input=${encodeURIComponent(JSON.stringify({ after: 999_999 }))}`,
      ),
      router: appRouter,
      createContext: () => ({
        shop: test.shop,
        caller: {
          kind: 'staff' as const,
          identity: { subject: 's', email: 'staff@example.com', name: 'Staff' },
        },
        staff: null,
        clientIp: '203.0.113.7',
        requestId: 'test',
      }),
    });
    const body = (await response.json()) as { error: { message: string; data: { code: string } } };
    expect(response.status).toBe(400);
    expect(body.error.data.code).toBe('BAD_REQUEST');
    expect(body.error.message).toMatch(/there is no contact message number 999999/);
  });
});
