import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { afterAll, describe, expect, it } from 'vitest';
import { SHOP_ERROR_STATUS, ShopError, type ShopErrorKind } from './errors.ts';
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
});
