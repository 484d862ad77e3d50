import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPrismaClient, disconnectWhenIdle } from '@app/db';
import { withAdvisoryLock } from '@app/db/admin';
import { applyMigrations } from '@app/db/migrate';
import { seedReferenceData } from '@app/db/reference-seed';
import { buildApp } from './app';
import { loadConfig } from './config';
import { documentCipherOf } from './document-numbers';
import { backfillCompanyDefaults } from './modules/companies/company-defaults';
import { sealDocumentNumbers } from './modules/personal-data/personal-data.service';
import { buildWorker } from './worker';

// APP_ROLE (config.ts): 'all' serves HTTP and runs the jobs, 'api' only serves, 'worker' only runs the jobs.
const config = loadConfig();
const role = config.APP_ROLE;

// No DATABASE_URL (APP_ROLE=all only): an embedded PostgreSQL (PGlite) keeps its data under DATA_DIR.
// It, the seeds and every module a process may never call are imported when first needed: the build
// keeps them in chunks of their own, so a process's memory holds only what it runs.
const embedded = config.DATABASE_URL
  ? undefined
  : await (await import('@app/db/embedded')).startEmbeddedPostgres({ dataDir: join(config.DATA_DIR, 'pg') });
const databaseUrl = config.DATABASE_URL ?? (embedded as NonNullable<typeof embedded>).url;
const db = createPrismaClient(databaseUrl, { max: embedded ? 4 : 10, preparedStatements: !embedded });

// Processes starting at once on one database take turns: the first migrates and seeds, the others find it done.
await withAdvisoryLock(databaseUrl, 'app:migrate-and-seed', async () => {
  await applyMigrations(databaseUrl);
  const firstStart = config.SEED_DEMO !== 'false' && (await db.company.count()) === 0;
  if (firstStart) {
    const { seed, seedSampleCrm } = await import('@app/db/seed');
    await seed(db);
    if (config.SEED_SAMPLE_CRM) await seedSampleCrm(db);
  }
  // The reference lists' system rows are product data, not demo data: every start adds what is missing.
  await seedReferenceData(db);
  // So do the quote rows and default contract template every agency has (reading them never writes).
  await backfillCompanyDefaults(db);
  // Document numbers still in plaintext (before the encryption migration) or under a previous key.
  await sealDocumentNumbers(db, documentCipherOf(config));
  // Demo budgets pick airports from those lists.
  if (firstStart && config.SEED_SAMPLE_CRM) await (await import('./sample-budgets')).seedSampleBudgets(db, documentCipherOf(config));
});

const { app, platform } = role === 'worker' ? await buildWorker(config, db) : await buildApp(config, db, { embedded });
// An API process only enqueues: its jobs wait (in Redis, or as embedded_jobs rows) for a worker.
if (role !== 'api') await platform.jobs.start();

let closing = false;
/**
 * Readiness fails at once; an API process then waits SHUTDOWN_DRAIN_MS for its load balancer to
 * notice, and app.close() stops accepting, finishes the requests in flight and then stops the job
 * queue (a worker finishes its running jobs; a process killed instead leaves them to the queue's
 * stalled-job or lock-expiry handling). Past SHUTDOWN_TIMEOUT_MS the process exits anyway.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.draining = true;
  const drainMs = role === 'worker' ? 0 : config.SHUTDOWN_DRAIN_MS;
  app.log.info({ signal, drainMs }, 'shutting down');
  setTimeout(() => {
    app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out: exiting with work unfinished');
    process.exit(1);
  }, drainMs + config.SHUTDOWN_TIMEOUT_MS).unref();
  if (drainMs > 0) await sleep(drainMs);
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
    role,
    database: embedded ? 'embedded (PGlite)' : 'postgresql',
    jobs: platform.jobs.kind,
    mail: platform.mailer.kind,
    payments: platform.payments.kind,
  },
  role === 'worker' ? `Agência CRM: worker de jobs, /healthz e /readyz na porta ${config.PORT}` : `Agência CRM em ${config.appUrl}`,
);
// Without Stripe keys anyone can "pay" on the local checkout simulator: fine on a developer's
// machine, never for real customers.
if (role !== 'worker' && platform.payments.kind === 'simulator')
  app.log.warn('pagamentos pelo simulador local (sem STRIPE_SECRET_KEY): nenhuma cobrança real');
