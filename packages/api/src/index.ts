export { answerSchemaOf, cachedAnswer, typedAnswer } from './answers.ts';
export { createBackup, restoreBackup, writeBackupFile } from './backup/service.ts';
export * from './config.ts';
export * from './input.ts';
export { RawJson } from './rawJson.ts';
export { type RestRoute, restRoutes } from './rest.ts';
export { type AppRouter, appRouter, createCaller } from './router.ts';
export * from './shop.ts';
export * from './trpc.ts';
