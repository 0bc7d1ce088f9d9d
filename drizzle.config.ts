import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration from the tables in server/db/schema. Generated
// migrations are committed and never edited or regenerated once applied.
export default defineConfig({
  dialect: 'postgresql',
  // derived.cjs names the tables derived from resources/tables/ (see its comment)
  schema: ['./server/db/schema/*.ts', './server/db/schema/derived.cjs'],
  out: './server/db/migrations',
  casing: 'snake_case',
});
