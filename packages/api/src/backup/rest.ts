import type { RestRoute } from '../restRoute.ts';

export const backupRest: RestRoute[] = [];
