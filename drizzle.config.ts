import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from shared/schema.ts; it needs no database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './shared/schema.ts',
  out: './migrations',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
});
