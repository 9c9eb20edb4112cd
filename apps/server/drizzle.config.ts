import { defineConfig } from 'drizzle-kit';

// Used only to generate SQL migrations from the schema (`npm run db:generate`); no database needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
