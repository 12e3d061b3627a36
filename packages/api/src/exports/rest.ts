import type { RestRoute } from '../restRoute.ts';

export const exportsRest: RestRoute[] = [];
