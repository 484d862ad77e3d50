import { type Db, Prisma } from '@app/db';
import { Queue, Worker } from 'bullmq';
import type { ZodType } from 'zod';
import type { Config } from '../config';
import type { Log } from './log';
import type { Mailer } from './mail';
import type { Payments } from './payments';
import type { PdfRenderer } from './pdf';
import type { Storage } from './storage';

export type JobDeps = { db: Db; mailer: Mailer; log: Log; config: Config; payments: Payments; storage: Storage; pdf: PdfRenderer };

/**
 * The run of a job: `key` names the job in its queue, the same across its retries (also when a
 * killed worker's job is taken up again by another process) and different for every other job.
 */
export type JobRun = { key: string; attempt: number };

/**
 * One definition per job: a stable name, a zod payload of ids (what a queue stores, so never a
 * secret nor a rendered message), one idempotent handler that loads what it needs when it runs.
 */
export type JobDefinition<P> = {
  name: string;
  payload: ZodType<P>;
  handle(payload: P, deps: JobDeps, run: JobRun): Promise<void>;
};

/** A wall-clock time of day in an IANA time zone (hour 0-23, minute 0-59). */
export type DailyAt = { hour: number; minute: number; tz: string };

/**
 * A job the queue runs by itself, with a fixed payload: every `everyMs` (0: never), or once a day at
 * `daily` (null: never), a time of day in a time zone. Safe with several processes on one queue:
 * each run happens once, whichever process takes it.
 */
export type JobSchedule<P> = { job: JobDefinition<P>; payload: P } & ({ everyMs: number } | { daily: DailyAt | null });

const scheduleActive = (s: JobSchedule<unknown>) => ('daily' in s ? s.daily !== null : s.everyMs > 0);

/** The UTC instant of a wall-clock time in `tz` (the zone's offset read at that instant, twice for a DST edge). */
function zonedInstant(tz: string, y: number, m: number, d: number, hour: number, minute: number): number {
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const offset = (at: number) => {
    const p = zonedParts(tz, new Date(at));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(at / 60_000) * 60_000;
  };
  const first = wall - offset(wall);
  return wall - offset(first);
}

function zonedParts(tz: string, at: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour'), minute: n('minute') };
}

/** The first `daily` time strictly after `after`. */
export function nextDailyRun(daily: DailyAt, after: Date): Date {
  const today = zonedParts(daily.tz, after);
  for (let plus = 0; ; plus++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + plus));
    const at = zonedInstant(daily.tz, day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), daily.hour, daily.minute);
    if (at > after.getTime()) return new Date(at);
  }
}

/** BullMQ's repeat options of a schedule: a cron pattern in its time zone, or an interval. */
export const repeatOf = (s: JobSchedule<unknown>) =>
  'daily' in s ? { pattern: `${s.daily?.minute} ${s.daily?.hour} * * *`, tz: s.daily?.tz } : { every: s.everyMs };

export interface JobQueue extends JobQueueAdmin {
  readonly kind: 'bullmq' | 'embedded';
  enqueue<P>(job: JobDefinition<P>, payload: P): Promise<void>;
  /**
   * Records the job in `tx`, the transaction of the write it follows: the job exists exactly when
   * that write commits, also when the process dies right after the commit (another process hands it
   * over). `flush()` after the commit hands it to the queue at once.
   */
  enqueueIn<P>(tx: Prisma.TransactionClient, job: JobDefinition<P>, payload: P): Promise<void>;
  /** Hands the jobs enqueueIn recorded to the queue now; a started queue also does so every OUTBOX_SWEEP_MS. */
  flush(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Tests: resolves once every queued job that is due has finished (no sleeps); a schedule's next run is not due. */
  drain(): Promise<void>;
  /** The payloads the queue holds for a job (waiting, and finished ones not yet pruned), newest first. */
  stored(name: string): Promise<unknown[]>;
}

/** Attempts of a job before the queue gives up on it (a run's `attempt` reaches it on the last one). */
export const JOB_MAX_ATTEMPTS = 5;
/** How often a started BullMQ queue hands over jobs recorded by a process that died before doing so. */
const OUTBOX_SWEEP_MS = 1000;
/** Outbox rows handed over per transaction. */
const OUTBOX_BATCH = 100;
/** Jobs one BullMQ worker process runs at once. */
export const WORKER_CONCURRENCY = 4;
const backoffMs = (attempt: number) => Math.min(60_000, 1000 * 2 ** attempt);
/** Finished jobs are kept a day (to look into what ran), then pruned, in both queues. */
export const KEEP_FINISHED_MS = 24 * 3_600_000;

function registry(jobs: JobDefinition<unknown>[], schedules: JobSchedule<unknown>[] = []) {
  const unknown = schedules.find((s) => !jobs.includes(s.job));
  if (unknown) throw new Error(`Scheduled job ${unknown.job.name} is not one of the queue's jobs`);
  const byName = new Map(jobs.map((j) => [j.name, j]));
  return (name: string) => {
    const job = byName.get(name);
    if (!job) throw new Error(`Unknown job ${name}`);
    return job;
  };
}

/**
 * No REDIS_URL: jobs are rows in embedded_jobs, run in-process. A job claimed by a process that
 * dies is picked up again when its lock expires, so nothing is lost. Each run of the queue ends by
 * deleting the rows finished more than KEEP_FINISHED_MS ago.
 * A schedule keeps one pending row of its job: made at start (due at once when the last run is
 * older than the interval, or than the daily time it missed) and after each run, or after its last
 * failed attempt (due one interval later, or at the next daily time). Processes sharing the database take a lock per schedule before looking, so they never
 * make two.
 */
export function embeddedQueue(
  jobs: JobDefinition<unknown>[],
  deps: JobDeps,
  pollMs = 1000,
  schedules: JobSchedule<unknown>[] = [],
): JobQueue {
  const find = registry(jobs, schedules);
  const active = schedules.filter(scheduleActive);

  async function ensureScheduled(schedule: JobSchedule<unknown>) {
    const name = schedule.job.name;
    await deps.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`embedded-schedule:${name}`}))`;
      const pending = await tx.embeddedJob.count({ where: { name, doneAt: null, attempts: { lt: JOB_MAX_ATTEMPTS } } });
      if (pending > 0) return;
      // The last run: finished, or out of attempts (its last failure): a failing job waits an interval too.
      const [last] = await tx.$queryRaw<{ at: Date | null }[]>`
        SELECT max(coalesce(done_at, run_at)) AS at FROM embedded_jobs
        WHERE name = ${name} AND (done_at IS NOT NULL OR attempts >= max_attempts)`;
      const lastAt = last?.at?.getTime();
      const next =
        'daily' in schedule
          ? // Never run: the next daily time. Else the first one after the last run (at once if it was missed).
            schedule.daily && nextDailyRun(schedule.daily, new Date(lastAt ?? Date.now())).getTime()
          : (lastAt ?? 0) + schedule.everyMs;
      const due = Math.max(Date.now(), next || 0);
      await tx.embeddedJob.create({
        data: {
          name,
          payload: schedule.job.payload.parse(schedule.payload) as object,
          maxAttempts: JOB_MAX_ATTEMPTS,
          runAt: new Date(due),
        },
      });
    });
  }
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  async function claim() {
    const rows = await deps.db.$queryRaw<{ id: number; name: string; payload: unknown; attempts: number }[]>`
      UPDATE embedded_jobs SET locked_until = now() + interval '5 minutes', attempts = attempts + 1
      WHERE id = (
        SELECT id FROM embedded_jobs
        WHERE done_at IS NULL AND attempts < max_attempts AND run_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, name, payload, attempts`;
    return rows[0];
  }

  async function runAvailable(): Promise<void> {
    // Once stopped, the queue finishes the job in hand and claims no other.
    for (let row = await claim(); row; row = stopped ? undefined : await claim()) {
      try {
        const job = find(row.name);
        await job.handle(job.payload.parse(row.payload), deps, { key: `embedded:${row.id}`, attempt: row.attempts });
        await deps.db.embeddedJob.update({ where: { id: row.id }, data: { doneAt: new Date(), lockedUntil: null } });
      } catch (error) {
        deps.log.error({ err: error, job: row.name, attempt: row.attempts }, 'job failed');
        await deps.db.embeddedJob.update({
          where: { id: row.id },
          data: { lockedUntil: null, lastError: String(error).slice(0, 2000), runAt: new Date(Date.now() + backoffMs(row.attempts)) },
        });
      }
      // The next run of a schedule (after a success, or once a failing run is out of attempts).
      const schedule = active.find((s) => s.job.name === row.name);
      if (schedule) await ensureScheduled(schedule);
    }
    await deps.db.embeddedJob.deleteMany({ where: { doneAt: { lt: new Date(Date.now() - KEEP_FINISHED_MS) } } });
  }

  function kick(): Promise<void> {
    running ??= runAvailable().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      kick()
        .catch((err) => deps.log.error({ err }, 'job poll failed'))
        .finally(schedule);
    }, pollMs);
  }

  return {
    kind: 'embedded',
    async enqueue(job, payload) {
      await deps.db.embeddedJob.create({
        data: { name: job.name, payload: job.payload.parse(payload) as object, maxAttempts: JOB_MAX_ATTEMPTS },
      });
      if (!stopped) void kick().catch((err) => deps.log.error({ err }, 'job run failed'));
    },
    // Its jobs are rows already: recorded in the caller's transaction, run by whichever process polls.
    async enqueueIn(tx, job, payload) {
      await tx.embeddedJob.create({
        data: { name: job.name, payload: job.payload.parse(payload) as object, maxAttempts: JOB_MAX_ATTEMPTS },
      });
    },
    async flush() {
      if (!stopped) void kick().catch((err) => deps.log.error({ err }, 'job run failed'));
    },
    async start() {
      stopped = false;
      for (const s of active) await ensureScheduled(s);
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    async drain() {
      for (;;) {
        await kick();
        const pending = await deps.db.embeddedJob.count({
          where: { doneAt: null, attempts: { lt: JOB_MAX_ATTEMPTS }, runAt: { lte: new Date() } },
        });
        if (pending === 0 && !running) return;
      }
    },
    async stored(name) {
      const rows = await deps.db.embeddedJob.findMany({ where: { name }, orderBy: { id: 'desc' }, select: { payload: true } });
      return rows.map((r) => r.payload);
    },
    ...embeddedAdmin(deps.db, () => {
      if (!stopped) void kick().catch((err) => deps.log.error({ err }, 'job run failed'));
    }),
  };
}

/**
 * REDIS_URL set: BullMQ queue and an in-process worker running the same handlers. A schedule is a
 * BullMQ job scheduler named after its job (an interval, or a daily cron pattern with its time
 * zone): every process upserts the same one, and BullMQ makes each run one job; a schedule turned
 * off is removed.
 */
export function bullmqQueue(
  redisUrl: string,
  jobs: JobDefinition<unknown>[],
  deps: JobDeps,
  queueName = 'app-jobs',
  schedules: JobSchedule<unknown>[] = [],
): JobQueue {
  const find = registry(jobs, schedules);
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue(queueName, { connection });
  let worker: Worker | undefined;
  let sweep: NodeJS.Timeout | undefined;
  const jobOptions = {
    attempts: JOB_MAX_ATTEMPTS,
    backoff: { type: 'exponential' as const, delay: 1000 },
    removeOnComplete: { age: KEEP_FINISHED_MS / 1000 },
    removeOnFail: 5000,
  };

  /**
   * Moves a batch of outbox rows to Redis in one transaction: rows another process is moving are
   * skipped; a failed add leaves them; a process dying after the add but before the delete leaves
   * them too, and the next hand-over adds the same job ids, which BullMQ keeps as one job.
   */
  function handOver(): Promise<number> {
    return deps.db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string; name: string; payload: unknown }[]>`
        DELETE FROM job_outbox WHERE id IN (
          SELECT id FROM job_outbox ORDER BY created_at LIMIT ${OUTBOX_BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, name, payload`;
      if (rows.length > 0) {
        await queue.addBulk(rows.map((r) => ({ name: r.name, data: r.payload, opts: { ...jobOptions, jobId: `outbox-${r.id}` } })));
      }
      return rows.length;
    });
  }
  async function handOverAll() {
    while ((await handOver()) === OUTBOX_BATCH);
  }
  /** After a commit the write has happened: a failed hand-over is the sweep's to retry, not the caller's error. */
  const flush = () => handOverAll().catch((err) => deps.log.error({ err }, 'job outbox hand-over failed'));
  let sweeping: Promise<void> | undefined;
  function sweepOutbox() {
    sweeping ??= flush().finally(() => {
      sweeping = undefined;
    });
  }

  return {
    kind: 'bullmq',
    async enqueue(job, payload) {
      await queue.add(job.name, job.payload.parse(payload), jobOptions);
    },
    async enqueueIn(tx, job, payload) {
      await tx.jobOutbox.create({ data: { name: job.name, payload: job.payload.parse(payload) as object }, select: { id: true } });
    },
    flush,
    async start() {
      for (const schedule of schedules) {
        const { job, payload } = schedule;
        if (scheduleActive(schedule)) {
          await queue.upsertJobScheduler(job.name, repeatOf(schedule), {
            name: job.name,
            data: job.payload.parse(payload),
            opts: jobOptions,
          });
        } else await queue.removeJobScheduler(job.name);
      }
      worker = new Worker(
        queueName,
        async (bullJob) => {
          const job = find(bullJob.name);
          await job.handle(job.payload.parse(bullJob.data), deps, { key: `bullmq:${bullJob.id}`, attempt: bullJob.attemptsMade + 1 });
        },
        { connection, concurrency: WORKER_CONCURRENCY },
      );
      worker.on('failed', (bullJob, err) => deps.log.error({ err, job: bullJob?.name }, 'job failed'));
      sweep = setInterval(sweepOutbox, OUTBOX_SWEEP_MS);
    },
    async stop() {
      clearInterval(sweep);
      await sweeping;
      await worker?.close();
      await queue.close();
    },
    async drain() {
      for (;;) {
        await handOverAll();
        const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children');
        // A scheduler always holds its next run, delayed: not due yet, so not waited for.
        const delayed = await queue.getDelayed();
        const due = delayed.filter((j) => !j.repeatJobKey || j.timestamp + j.delay <= Date.now());
        if (Object.values(counts).every((n) => n === 0) && due.length === 0) return;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stored(name) {
      await handOverAll();
      const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed']);
      return jobs
        .filter((j) => j.name === name)
        .sort((a, b) => b.timestamp - a.timestamp)
        .map((j) => j.data);
    },
    ...bullmqAdmin(queue),
  };
}

// ---- Operator's view (the system company's 'Filas' screen) ------------------------------------

/** Jobs per state: waiting (due), active (running), delayed (due later), failed (out of attempts), completed. */
export type JobCounts = { waiting: number; active: number; delayed: number; failed: number; completed: number };

/** A job out of attempts, as the queue keeps it. */
export type FailedJob = {
  id: string;
  name: string;
  payload: unknown;
  error: string | null;
  attempts: number;
  maxAttempts: number;
  failedAt: Date | null;
};

export interface JobQueueAdmin {
  counts(): Promise<JobCounts>;
  /** The failed jobs, the latest failure first. */
  failed(page: { page: number; perPage: number }): Promise<{ jobs: FailedJob[]; total: number }>;
  /** Runs a failed job again now, with all its attempts; false when no failed job has this id. */
  retry(id: string): Promise<boolean>;
}

/**
 * Failed in the embedded queue: out of attempts and never finished. A row still locked is on its
 * last attempt (active); one whose lock expired lost its process on that attempt, and failed too.
 */
const EMBEDDED_FAILED = Prisma.sql`done_at IS NULL AND attempts >= max_attempts AND (locked_until IS NULL OR locked_until < now())`;
/** Not running, attempts left: waiting when due, delayed before. */
const EMBEDDED_PENDING = Prisma.sql`done_at IS NULL AND attempts < max_attempts AND (locked_until IS NULL OR locked_until < now())`;

/** `wake`: runs the queue now when it is started, as enqueue does. */
function embeddedAdmin(db: Db, wake: () => void): JobQueueAdmin {
  return {
    async counts() {
      const [counts] = await db.$queryRaw<JobCounts[]>`
        SELECT
          count(*) FILTER (WHERE done_at IS NULL AND locked_until >= now())::int AS active,
          count(*) FILTER (WHERE ${EMBEDDED_PENDING} AND run_at <= now())::int AS waiting,
          count(*) FILTER (WHERE ${EMBEDDED_PENDING} AND run_at > now())::int AS delayed,
          count(*) FILTER (WHERE ${EMBEDDED_FAILED})::int AS failed,
          count(*) FILTER (WHERE done_at IS NOT NULL)::int AS completed
        FROM embedded_jobs`;
      return counts as JobCounts;
    },
    async failed({ page, perPage }) {
      const [rows, [total]] = await Promise.all([
        db.$queryRaw<
          { id: number; name: string; payload: unknown; attempts: number; max_attempts: number; last_error: string | null; run_at: Date }[]
        >`
          SELECT id, name, payload, attempts, max_attempts, last_error, run_at FROM embedded_jobs
          WHERE ${EMBEDDED_FAILED} ORDER BY run_at DESC, id DESC
          LIMIT ${perPage}::int OFFSET ${(page - 1) * perPage}::int`,
        db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM embedded_jobs WHERE ${EMBEDDED_FAILED}`,
      ]);
      return {
        jobs: rows.map((r) => ({
          id: String(r.id),
          name: r.name,
          payload: r.payload,
          error: r.last_error,
          attempts: r.attempts,
          maxAttempts: r.max_attempts,
          // Its last failure set run_at one backoff ahead (runAvailable).
          failedAt: new Date(r.run_at.getTime() - backoffMs(r.attempts)),
        })),
        total: total?.n ?? 0,
      };
    },
    async retry(id) {
      if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return false;
      const updated = await db.$executeRaw`
        UPDATE embedded_jobs SET attempts = 0, run_at = now(), locked_until = NULL
        WHERE id = ${Number(id)}::int AND ${EMBEDDED_FAILED}`;
      if (updated === 0) return false;
      wake();
      return true;
    },
  };
}

function bullmqAdmin(queue: Queue): JobQueueAdmin {
  return {
    async counts() {
      const c = await queue.getJobCounts('waiting', 'prioritized', 'waiting-children', 'active', 'delayed', 'failed', 'completed');
      const n = (state: string) => c[state] ?? 0;
      return {
        waiting: n('waiting') + n('prioritized') + n('waiting-children'),
        active: n('active'),
        delayed: n('delayed'),
        failed: n('failed'),
        completed: n('completed'),
      };
    },
    async failed({ page, perPage }) {
      const start = (page - 1) * perPage;
      const [jobs, total] = await Promise.all([queue.getFailed(start, start + perPage - 1), queue.getFailedCount()]);
      return {
        jobs: jobs.map((j) => ({
          id: String(j.id),
          name: j.name,
          payload: j.data,
          error: j.failedReason || null,
          attempts: j.attemptsMade,
          maxAttempts: j.opts.attempts ?? 1,
          failedAt: j.finishedOn ? new Date(j.finishedOn) : null,
        })),
        total,
      };
    },
    async retry(id) {
      const job = await queue.getJob(id);
      if (!job || !(await job.isFailed())) return false;
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      return true;
    },
  };
}
