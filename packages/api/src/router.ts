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
import { seasonsRouter } from './seasons/router.ts';
import { settingsRouter } from './settings/router.ts';
import { siteRouter } from './site/router.ts';
import { staffRouter } from './staff/router.ts';
import { stockRouter } from './stock/router.ts';
import { createCallerFactory, router } from './trpc.ts';
import { waitlistRouter } from './waitlist/router.ts';

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
  customerEmails: customerEmailsRouter,
  waitlist: waitlistRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

type ProcedureType = 'query' | 'mutation' | 'subscription';
const procedureTypes = new Map<string, ProcedureType>(
  Object.entries(
    appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType } }>,
  ).map(([path, procedure]) => [path, procedure._def.type]),
);

/** Whether a procedure only reads (query) or changes something (mutation); undefined for an unknown path. */
export function procedureType(path: string): ProcedureType | undefined {
  return procedureTypes.get(path);
}
