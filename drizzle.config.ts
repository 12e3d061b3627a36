import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the one schema in packages/db and applied by the server on start.
export default defineConfig({
  dialect: 'sqlite',
  schema: './packages/db/src/schema.ts',
  out: './packages/db/drizzle',
});
