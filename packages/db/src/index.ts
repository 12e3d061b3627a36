export * from './client.ts';
export { type DataFolderLock, LOCK_FILE_NAME, lockDataFolder, ShopStartError } from './dataLock.ts';
export {
  type BareInsert,
  type BareSelect,
  bareInsert,
  bareSelect,
  boundLimit,
  idList,
  inIdList,
  perConnection,
} from './prepared.ts';
export * as schema from './schema.ts';
export * from './schema.ts';
export {
  BETTER_SQLITE3_MODULE,
  expectedSchema,
  LITESTREAM_TABLES,
  MIGRATIONS_TABLE,
  readSchema,
  type SchemaObject,
  type StagedSchema,
  schemaDifferences,
} from './schemaCheck.ts';
export { type SeedOptions, seedDatabase } from './seed.ts';
