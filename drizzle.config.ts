import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration from the tables in server/platform/db/schema. Generated
// migrations are committed and never edited or regenerated once applied.
export default defineConfig({
  dialect: 'postgresql',
  // derived.cjs names the tables derived from resources/tables/ (see its comment)
  schema: ['./server/platform/db/schema/*.ts', './server/platform/db/schema/derived.cjs'],
  out: './server/platform/db/migrations',
  casing: 'snake_case',
});
