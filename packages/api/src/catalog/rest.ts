import type { RestRoute } from '../restRoute.ts';

export const catalogRest: RestRoute[] = [];
