import type { RestRoute } from '../restRoute.ts';

export const ordersRest: RestRoute[] = [];
