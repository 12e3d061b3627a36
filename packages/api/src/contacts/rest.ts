import type { RestRoute } from '../restRoute.ts';

export const contactsRest: RestRoute[] = [];
