import type { RestRoute } from '../restRoute.ts';

export const settingsRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/Settings/GetAllSettings',
    procedure: 'settings.all',
    input: 'none',
    summary: 'All site settings (OnlineOrderingEnabled, Message, ActivePdf, ProductStockEmails).',
    tag: 'Settings',
  },
];
