export { ANONYMOUS_READS } from './anonymousReads.ts';
export { answerSchemaOf, cachedAnswer, typedAnswer } from './answers.ts';
export { fileDigest, sizeText } from './backup/archive.ts';
export {
  CATALOGUE_APPLY_UNDER_WAY,
  NEW_SEASON_UNDER_WAY,
  RESTORE_UNDER_WAY,
  serverConnectionHeld,
  serverConnectionReleased,
  withServerConnectionHeld,
} from './backup/changesHeld.ts';
export {
  checkDatabaseToRestore,
  createBackup,
  removeBackupLeftovers,
  restoreBackupFile,
  writeBackupFile,
} from './backup/service.ts';
export {
  firstStorefrontProduct,
  productsToShow,
  type SitemapProduct,
  storefrontProduct,
} from './catalog/storefront.ts';
export { clientKey } from './clientKey.ts';
export * from './config.ts';
export {
  type PickUpReminders,
  REMINDER_CHECK_INTERVAL_MS,
  startPickUpReminders,
} from './customerEmails/reminders.ts';
export { DIRECT_CALLS, type DirectCall } from './directCalls.ts';
export * from './errors.ts';
export {
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENT_CREATES,
} from './idempotency/service.ts';
export * from './input.ts';
export { type OrderWriter, startOrderWriterThread } from './orders/writerThread.ts';
export { MAX_PAGE_LIMIT, PagedList } from './pagedList.ts';
export { FreshJson, RawJson } from './rawJson.ts';
export * from './replica/mediaCopy.ts';
export * from './replica/mediaStore.ts';
export * from './replica/monitor.ts';
export * from './replica/targets.ts';
export { type ProcedurePath, type RestRoute, restRoutes } from './rest.ts';
export {
  type AppRouter,
  appRouter,
  createCaller,
  isPeopleOnly,
  procedureKind,
  procedureType,
} from './router.ts';
export * from './shop.ts';
export { buildSitemapXml, robotsTxt, sitemapXml } from './site/sitemap.ts';
export {
  GONE_BEFORE_ITS_TURN,
  STAFF_JOBS_AT_ONCE,
  staffJobsWaiting,
  staffJobTurn,
} from './staffJobs.ts';
export * from './trpc.ts';
export { PIECE_MS, pieces } from './turns.ts';
