import { randomUUID } from 'node:crypto';
import { DEMO } from '@app/db/seed';
import { createTestDatabase } from '@app/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { backfillCompanyDefaults } from '../src/modules/companies/company-defaults';
import type { JobDeps, JobRun } from '../src/platform/jobs';
import { changesSettled } from '../src/platform/kept-reads';
import { type FakeExchangeRates, startFakeExchangeRates } from './fake-exchange-rates';
import { type ReceivedMail, startSmtpSink } from './smtp-sink';

export { DEMO };

/** The key document numbers are sealed with in the tests (a factory seals its rows with it too). */
export const TEST_DATA_ENCRYPTION_KEY = 'test-data-encryption-key-0123456789abcdef';

export type TestApp = BuiltApp & {
  /** Logs a demo (or any) user in through the real route and returns the bearer token. */
  tokenFor(email: string, password?: string): Promise<string>;
  /** HTTP call through the real Fastify stack. */
  call(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** The local exchange-rate service the app calls (undefined when the test passed its own EXCHANGE_RATE_API_URL). */
  exchangeRates: FakeExchangeRates | undefined;
  /** What the SMTP sink received for `to`, newest first, once every queued job has run. */
  mailsTo(to: string): Promise<ReceivedMail[]>;
  /** Every agency shows costs and margins to all its users (calls made afterwards see it). */
  showCostsToEveryone(): Promise<void>;
  /** What the app's queue hands a job's handler, for a test that runs a handler itself. */
  jobDeps(): JobDeps;
};

/**
 * One fresh migrated + seeded database and one app per test file. The real job queue (embedded,
 * or BullMQ when REDIS_URL is set, on a queue of its own) and real SMTP delivery to a local sink.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  const ctx = {} as TestApp;
  let drop: (() => Promise<void>) | undefined;
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  let exchangeRates: FakeExchangeRates | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    // What main.ts adds at every start.
    await backfillCompanyDefaults(database.prisma);
    sink = await startSmtpSink();
    const received = sink.received;
    exchangeRates = env.EXCHANGE_RATE_API_URL ? undefined : await startFakeExchangeRates();
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      APP_URL: 'http://localhost:3000',
      LOGIN_RATE_LIMIT: '1000',
      SMTP_URL: sink.url,
      // The exchange-rate service is a local fake (a test may pass its own); no scheduled refresh nor follow-up run unless asked,
      // and every update_quotes asks the fake unless a test sets the interval.
      ...(exchangeRates ? { EXCHANGE_RATE_API_URL: exchangeRates.url } : {}),
      CURRENCY_QUOTES_REFRESH_MINUTES: '0',
      CURRENCY_QUOTES_MANUAL_REFRESH_SECONDS: '0',
      FOLLOW_UP_INTERVAL_MINUTES: '0',
      OVERDUE_SWEEP_INTERVAL_MINUTES: '0',
      // Nor the notifications' mail sweep: a run in the middle of a matrix would be a write nobody made.
      NOTIFICATION_MAIL_INTERVAL_SECONDS: '0',
      // Nor the Pipedrive reconcile (its own test runs it).
      PIPEDRIVE_RECONCILE_AT: '',
      ...env,
    });
    const built = await buildApp(config, database.prisma, { queueName: `test-${randomUUID()}` });
    await built.app.ready();
    await built.platform.jobs.start();
    const tokens = new Map<string, string>();
    Object.assign(ctx, built, {
      exchangeRates,
      async call(method: string, url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
        // A test may change users, plans or list rows straight in the database: the app hears of it first.
        await changesSettled(database.prisma);
        return built.app.inject({
          method: method as 'GET',
          url,
          headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
          ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
        });
      },
      async mailsTo(to: string) {
        await built.platform.jobs.drain();
        await sink?.settled();
        return received.filter((m) => m.to === to).reverse();
      },
      /**
       * Every agency shows costs and margins to all its users (setting costs_visibility): for files
       * that check the arithmetic of costs as the colaborador sees it, not who may see it
       * (companies/costs-visibility.integration.test.ts does).
       */
      async showCostsToEveryone() {
        await built.deps.db.company.updateMany({ data: { costsVisibility: 'everyone' } });
      },
      jobDeps: () => ({
        ...built.deps,
        log: built.app.log,
        mailer: built.platform.mailer,
        payments: built.platform.payments,
        storage: built.platform.storage,
        pdf: built.platform.pdf,
      }),
      async tokenFor(email: string, password = DEMO.password) {
        const cached = tokens.get(`${email}:${password}`);
        if (cached) return cached;
        const res = await built.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
        if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
        const token = res.json().token as string;
        tokens.set(`${email}:${password}`, token);
        return token;
      },
    });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.deps?.db.$disconnect();
    await drop?.();
    await sink?.close();
    await exchangeRates?.close();
  });
  return ctx;
}

export function linkToken(text: string, path: string): string {
  const match = new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

/** The pagination block of the first page of a list of 3 rows, 2 per page. */
export const FIRST_OF_TWO_PAGES = {
  current_page: 1,
  per_page: 2,
  total_pages: 2,
  total_count: 3,
  has_next_page: true,
  has_prev_page: false,
};

/** What a super_admin carries whatever its company's plan: only the system's own features. */
export const SUPER_ADMIN_FEATURE_SET = {
  d4sign: false,
  cambio_sistema: false,
  pipedrive_deals: false,
  nfse: false,
  financial_table_comments: false,
  custom_subdomain: true,
  super_admin: true,
};

/** Agência Demo's owner invites a colaborador: the create answer (checked 200) and the invitation e-mail. */
export async function inviteColaborador(t: TestApp, name: string, email: string) {
  const owner = await t.tokenFor(DEMO.users.owner);
  const created = await t.call('POST', '/api/users', { token: owner, body: { user: { name, email, role: 'colaborador' } } });
  expect(created.statusCode).toBe(200);
  const [invite] = await t.mailsTo(email);
  if (!invite) throw new Error(`no invitation mailed to ${email}`);
  return { created, invite };
}

/** Confirms a registration through the token of its e-mailed link, choosing `password`. */
export function activateRegistration(t: TestApp, token: string, password: string) {
  return t.call('POST', `/api/registration/activate-user/${token}`, { body: { password, password_confirmation: password } });
}

/** A job run of its own, as the queue gives a handler: a test calling a handler twice stands for two jobs. */
export function jobRun(): JobRun {
  return { key: `test:${randomUUID()}`, attempt: 1 };
}
