import type { RestRoute } from '../restRoute.ts';

export const stockRest: RestRoute[] = [];
