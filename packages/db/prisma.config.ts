import { defineConfig } from 'prisma/config';

// Used by the Prisma CLI on machines that can run it (`prisma migrate deploy`); this repo's
// own migration tool (packages/db/src/migrate.ts) reads the same schema and folder.
export default defineConfig({
  schema: '../../prisma/schema.prisma',
  migrations: { path: '../../prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
});
