import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @proshop/server` writes a new SQL migration from schema.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
