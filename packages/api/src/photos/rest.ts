import type { RestRoute } from '../restRoute.ts';

export const photosRest: RestRoute[] = [];
