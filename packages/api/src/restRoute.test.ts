import { describe, expect, it } from 'vitest';
import { restRoutes } from './rest.ts';
import type { ProcedurePath, RestRoute } from './restRoute.ts';
import { appRouter } from './router.ts';

describe('REST rows name procedures by a typed reference', () => {
  it('every path the type allows is a procedure of the router, and every row names one', () => {
    const known = new Set(Object.keys(appRouter._def.procedures));
    const submit: ProcedurePath = 'orders.submit';
    expect(known.has(submit)).toBe(true);
    for (const route of restRoutes) expect(known.has(route.procedure), route.path).toBe(true);
  });

  it('a misspelt procedure does not type-check', () => {
    const row: RestRoute = {
      method: 'POST',
      path: '/api/v1/Orders/Submit',
      // @ts-expect-error 'orders.sumbit' is not a procedure of the router
      procedure: 'orders.sumbit',
      input: 'body',
      summary: 'misspelt',
      tag: 'Orders',
    };
    expect(row.procedure).toBe('orders.sumbit');
  });
});
