import { backupRest } from './backup/rest.ts';
import { catalogRest } from './catalog/rest.ts';
import { catalogSheetRest } from './catalog/sheetRest.ts';
import { contactsRest } from './contacts/rest.ts';
import { customerEmailsRest } from './customerEmails/rest.ts';
import { exportsRest } from './exports/rest.ts';
import { integrationsRest } from './integrations/rest.ts';
import { ordersRest } from './orders/rest.ts';
import { photosRest } from './photos/rest.ts';
import { pickUpDaysRest } from './pickUpDays/rest.ts';
import { pickupRest } from './pickup/rest.ts';
import type { RestRoute } from './restRoute.ts';
import { seasonReportRest } from './seasonReport/rest.ts';
import { seasonsRest } from './seasons/rest.ts';
import { settingsRest } from './settings/rest.ts';
import { stockRest } from './stock/rest.ts';
import { waitlistRest } from './waitlist/rest.ts';
import { webhooksRest } from './webhooks/rest.ts';

export type { ProcedurePath, RestRoute } from './restRoute.ts';

/** Every REST path of the spec, one row each; the server's generic handler and the OpenAPI document read this. */
export const restRoutes: readonly RestRoute[] = [
  ...catalogRest,
  ...catalogSheetRest,
  ...stockRest,
  ...ordersRest,
  ...pickUpDaysRest,
  ...pickupRest,
  ...contactsRest,
  ...settingsRest,
  ...photosRest,
  ...exportsRest,
  ...backupRest,
  ...integrationsRest,
  ...seasonsRest,
  ...seasonReportRest,
  ...customerEmailsRest,
  ...waitlistRest,
  ...webhooksRest,
];
