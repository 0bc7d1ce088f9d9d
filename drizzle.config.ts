import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration from the tables in server/db/schema. Generated
// migrations are committed and never edited or regenerated once applied.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
});
