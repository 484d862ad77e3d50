import { join } from 'node:path';
import type { Db } from '@app/db';
import { ACCESS_LOG_LIMITS, SEND_LIMITS, type SendLimitScope } from '@app/shared';
import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Config } from '../config';
import { bullmqQueue, embeddedQueue, type JobDefinition, type JobQueue, type JobSchedule } from './jobs';
import { type LastSeen, memoryLastSeen, redisLastSeen } from './last-seen';
import type { Log } from './log';
import { type Mailer, outboxMailer, smtpMailer } from './mail';
import { mailDeliveriesJobs, mailDeliveriesSchedules } from './mail-deliveries';
import { type Payments, simulatorPayments, simulatorWebhookSecret, stripePayments } from './payments';
import { type PdfRenderer, pdfRenderer } from './pdf';
import { lazyStorage, localStorage, type Storage } from './storage';

export type Platform = {
  mailer: Mailer;
  jobs: JobQueue;
  /** Attempts per key (ip + e-mail, ip, or e-mail) on login and password recovery, per 15 minutes. */
  authLimiter: RateLimiterAbstract;
  /** Failed logins per client address across e-mails (an office shares one address): ten times the budget. */
  authIpLimiter: RateLimiterAbstract;
  /** Public reads of a budget's landing page and PDF, per client address, per 15 minutes. */
  landingReadLimiter: RateLimiterAbstract;
  /** Acceptances of a landing page, per client address, per 15 minutes. */
  landingAcceptLimiter: RateLimiterAbstract;
  /**
   * The host handoff codes already redeemed: one point per code, kept longer than a code lives, in
   * Redis when there is one, so a code opens one session across every API process.
   */
  handoffCodes: RateLimiterAbstract;
  /**
   * Recipients of outgoing e-mail (SEND_LIMITS), one point per recipient: per user per hour, per
   * agency per hour and per agency per day (send-limits.ts consumes them).
   */
  sendLimiters: SendLimiters;
  /**
   * The on-demand refresh of the system's exchange rates: one point per
   * CURRENCY_QUOTES_MANUAL_REFRESH_SECONDS for everyone; null when that is 0 (no throttle).
   */
  quotesRefreshLimiter: RateLimiterAbstract | null;
  /** When each user's last access-log beacon arrived (the active time a beacon may credit). */
  beaconClock: LastSeen;
  /** Uploaded files (cover images, attachments, consolidated files). */
  storage: Storage;
  /** Stripe with STRIPE_SECRET_KEY, else the embedded checkout simulator. */
  payments: Payments;
  /** Budget and contract PDFs, drawn in worker threads. */
  pdf: PdfRenderer;
  close(): Promise<void>;
};

export type SendLimiters = Record<SendLimitScope, RateLimiterAbstract>;

/** What one beacon may claim at most: a user unseen that long may claim anything up to it. */
const BEACON_CLOCK_TTL_MS = ACCESS_LOG_LIMITS.activeTimeSeconds * 1000;

function createPayments(config: Config, db: Db): Payments {
  if (!config.STRIPE_SECRET_KEY) {
    return simulatorPayments(db, { webhookSecret: simulatorWebhookSecret(config.jwtSecret) });
  }
  if (!config.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  return stripePayments({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  });
}

function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 'local') return localStorage(join(config.DATA_DIR, 'uploads'));
  return lazyStorage('s3', async () => (await import('./s3-storage')).s3StorageFromConfig(config));
}

/**
 * `opts.jobs`: the modules' job definitions. Mail goes out through them too: each mail is a job of
 * its domain whose handler builds the message (and mints any one-time link) when it runs, so a
 * queue never holds a rendered message nor a link. `opts.schedules`: jobs the queue runs by itself
 * at an interval (the currency quotes' refresh).
 */
export function createPlatform(
  config: Config,
  db: Db,
  log: Log,
  opts: { queueName?: string; jobs?: JobDefinition<unknown>[]; schedules?: JobSchedule<unknown>[] } = {},
): Platform {
  const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(db);
  const payments = createPayments(config, db);
  const jobDefs = [...(opts.jobs ?? []), ...mailDeliveriesJobs];
  const storage = createStorage(config);
  const pdf = pdfRenderer(log);
  const deps = { db, mailer, log, config, payments, storage, pdf };
  // One queue per database: apps on one Redis but different databases never take each other's jobs.
  const queueName = opts.queueName ?? `jobs-${databaseName(config.DATABASE_URL)}`;
  const schedules = [...(opts.schedules ?? []), ...mailDeliveriesSchedules];
  const jobs = config.REDIS_URL
    ? bullmqQueue(config.REDIS_URL, jobDefs, deps, queueName, schedules)
    : embeddedQueue(jobDefs, deps, undefined, schedules);
  // Commands wait for the connection (capped by commandTimeout, then the in-memory insurance
  // limiter answers), so attempts right after start-up are counted in Redis like the rest.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { enableOfflineQueue: true, maxRetriesPerRequest: 1, commandTimeout: 2000 })
    : undefined;
  const limiter = (points: number, prefix: string, duration = 15 * 60) => {
    const limiterOpts = { points, duration, keyPrefix: `${prefix}:${queueName}` };
    return redis
      ? new RateLimiterRedis({ storeClient: redis, insuranceLimiter: new RateLimiterMemory(limiterOpts), ...limiterOpts })
      : new RateLimiterMemory(limiterOpts);
  };
  const authLimiter = limiter(config.LOGIN_RATE_LIMIT, 'auth');
  const authIpLimiter = limiter(config.LOGIN_RATE_LIMIT * 10, 'auth-ip');
  // A customer opens a page a few times, and one phone per family accepts once or twice.
  const landingReadLimiter = limiter(300, 'landing-read');
  const landingAcceptLimiter = limiter(10, 'landing-accept');
  const handoffCodes = limiter(1, 'handoff');
  const sendLimiters: SendLimiters = {
    userHour: limiter(SEND_LIMITS.recipientsPerUserPerHour, 'send-user-hour', 3600),
    agencyHour: limiter(SEND_LIMITS.recipientsPerAgencyPerHour, 'send-agency-hour', 3600),
    agencyDay: limiter(SEND_LIMITS.recipientsPerAgencyPerDay, 'send-agency-day', 86_400),
  };
  const refreshSeconds = config.CURRENCY_QUOTES_MANUAL_REFRESH_SECONDS;
  const quotesRefreshLimiter = refreshSeconds > 0 ? limiter(1, 'quotes-refresh', refreshSeconds) : null;
  const beaconClock = redis
    ? redisLastSeen(redis, `beacon:${queueName}`, BEACON_CLOCK_TTL_MS, memoryLastSeen(BEACON_CLOCK_TTL_MS))
    : memoryLastSeen(BEACON_CLOCK_TTL_MS);
  return {
    mailer,
    jobs,
    authLimiter,
    authIpLimiter,
    landingReadLimiter,
    landingAcceptLimiter,
    handoffCodes,
    sendLimiters,
    quotesRefreshLimiter,
    beaconClock,
    storage,
    payments,
    pdf,
    async close() {
      await jobs.stop();
      await pdf.close();
      redis?.disconnect();
    },
  };
}

function databaseName(url: string | undefined): string {
  if (!url) return 'embedded';
  const u = new URL(url);
  return `${u.hostname}-${u.port || '5432'}-${u.pathname.slice(1) || 'postgres'}`;
}
