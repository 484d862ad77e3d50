import { join } from 'node:path';
import { createPrismaClient, disconnectWhenIdle } from '@app/db';
import { startEmbeddedPostgres } from '@app/db/embedded';
import { applyMigrations } from '@app/db/migrate';
import { seedReferenceData } from '@app/db/reference-seed';
import { seed, seedSampleCrm } from '@app/db/seed';
import { buildApp } from './app';
import { loadConfig } from './config';
import { seedSampleBudgets } from './sample-budgets';

const config = loadConfig();

// No DATABASE_URL: an embedded PostgreSQL (PGlite) keeps its data under DATA_DIR.
const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir: join(config.DATA_DIR, 'pg') });
const databaseUrl = config.DATABASE_URL ?? (embedded as NonNullable<typeof embedded>).url;

await applyMigrations(databaseUrl);
const db = createPrismaClient(databaseUrl, { max: embedded ? 4 : 10, preparedStatements: !embedded });
const firstStart = config.SEED_DEMO !== 'false' && (await db.company.count()) === 0;
if (firstStart) {
  await seed(db);
  if (config.SEED_SAMPLE_CRM) await seedSampleCrm(db);
}
// The reference lists' system rows are product data, not demo data: every start adds what is missing.
await seedReferenceData(db);
// Demo budgets pick airports from those lists.
if (firstStart && config.SEED_SAMPLE_CRM) await seedSampleBudgets(db);

const { app, platform } = await buildApp(config, db);
await platform.jobs.start();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await disconnectWhenIdle(db);
  await embedded?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  {
    database: embedded ? 'embedded (PGlite)' : 'postgresql',
    jobs: platform.jobs.kind,
    mail: platform.mailer.kind,
    payments: platform.payments.kind,
  },
  `Agência CRM em ${config.appUrl}`,
);
// Without Stripe keys anyone can "pay" on the local checkout simulator: fine on a developer's
// machine, never for real customers.
if (platform.payments.kind === 'simulator') app.log.warn('pagamentos pelo simulador local (sem STRIPE_SECRET_KEY): nenhuma cobrança real');
