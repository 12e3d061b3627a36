import { backupRouter } from './backup/router.ts';
import { catalogRouter } from './catalog/router.ts';
import { contactsRouter } from './contacts/router.ts';
import { customerEmailsRouter } from './customerEmails/router.ts';
import { exportsRouter } from './exports/router.ts';
import { integrationsRouter } from './integrations/router.ts';
import { ordersRouter } from './orders/router.ts';
import { photosRouter } from './photos/router.ts';
import { pickUpDaysRouter } from './pickUpDays/router.ts';
import { pickupRouter } from './pickup/router.ts';
import { seasonReportRouter } from './seasonReport/router.ts';
import { seasonsRouter } from './seasons/router.ts';
import { settingsRouter } from './settings/router.ts';
import { siteRouter } from './site/router.ts';
import { staffRouter } from './staff/router.ts';
import { stockRouter } from './stock/router.ts';
import { createCallerFactory, type ProcedureKind, router } from './trpc.ts';
import { waitlistRouter } from './waitlist/router.ts';
import { webhooksRouter } from './webhooks/router.ts';

export const appRouter = router({
  site: siteRouter,
  catalog: catalogRouter,
  stock: stockRouter,
  orders: ordersRouter,
  pickUpDays: pickUpDaysRouter,
  pickup: pickupRouter,
  contacts: contactsRouter,
  settings: settingsRouter,
  photos: photosRouter,
  exports: exportsRouter,
  backup: backupRouter,
  staff: staffRouter,
  integrations: integrationsRouter,
  seasons: seasonsRouter,
  seasonReport: seasonReportRouter,
  customerEmails: customerEmailsRouter,
  waitlist: waitlistRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

const procedureKinds = new Map<string, ProcedureKind>(
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: ProcedureKind }>).map(
    ([path, procedure]) => [path, { type: procedure._def.type, meta: procedure._def.meta }],
  ),
);

/** Whether a procedure only reads (query) or changes something (mutation), and its meta; undefined for an unknown path. */
export function procedureKind(path: string): ProcedureKind | undefined {
  return procedureKinds.get(path);
}

/** Whether a procedure only reads (query) or changes something (mutation); undefined for an unknown path. */
export function procedureType(path: string): ProcedureKind['type'] | undefined {
  return procedureKinds.get(path)?.type;
}

/** Whether a procedure is for signed-in people only (peopleProcedure), refused to every integration client. */
export function isPeopleOnly(path: string): boolean {
  return Boolean(procedureKinds.get(path)?.meta?.peopleOnly);
}
