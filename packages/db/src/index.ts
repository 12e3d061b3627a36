export * from './client.ts';
export { type DataFolderLock, LOCK_FILE_NAME, lockDataFolder, ShopStartError } from './dataLock.ts';
export { idList, inIdList, perConnection } from './prepared.ts';
export * as schema from './schema.ts';
export * from './schema.ts';
export { type SeedOptions, seedDatabase } from './seed.ts';
