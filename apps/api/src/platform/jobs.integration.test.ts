// The job queue the app runs on (BullMQ with REDIS_URL, else the embedded one), and the embedded
// queue's own rules. Every wait goes through drain(), never a sleep.
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config';
import { createPlatform, type Platform } from './index';
import { embeddedQueue, type JobDefinition, type JobSchedule, KEEP_FINISHED_MS, nextDailyRun } from './jobs';

let database: TestDatabase;
let platform: Platform;
const errors: string[] = [];
const log = { error: (_details: object, message: string) => void errors.push(message) };
const config = () =>
  loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    APP_URL: 'http://localhost:3000',
  });

/** Records what it ran; fails each payload's first `failures` attempts. */
function recordingJob(name: string, failures = 0) {
  const ran: number[] = [];
  const attempts = new Map<number, number>();
  const job: JobDefinition<{ n: number }> = {
    name,
    payload: z.strictObject({ n: z.number().int() }),
    async handle({ n }) {
      const attempt = (attempts.get(n) ?? 0) + 1;
      attempts.set(n, attempt);
      if (attempt <= failures) throw new Error(`attempt ${attempt} of ${n} fails`);
      ran.push(n);
    },
  };
  return { job, ran };
}

const counted = recordingJob('test.counted');
const queueName = `test-jobs-${randomUUID()}`;
/** Another process on the same queue and database, as an API process is: it enqueues, runs nothing. */
const otherProcess = () => createPlatform(config(), database.prisma, log, { queueName, jobs: [counted.job] as JobDefinition<unknown>[] });

beforeAll(async () => {
  database = await createTestDatabase();
  platform = otherProcess();
  await platform.jobs.start();
});

afterAll(async () => {
  await platform?.close();
  await database?.drop();
});

describe('the configured queue', () => {
  it('runs each job once with its payload; drain() returns once all have run', async () => {
    await Promise.all([1, 2, 3].map((n) => platform.jobs.enqueue(counted.job, { n })));
    await platform.jobs.drain();
    expect([...counted.ran].sort()).toEqual([1, 2, 3]);
    expect(await platform.jobs.stored('test.counted')).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }, { n: 3 }]));
  });

  it('refuses at enqueue a payload its schema rejects, so nothing beyond it is ever stored', async () => {
    const before = await platform.jobs.stored('test.counted');
    await expect(platform.jobs.enqueue(counted.job, { n: 4, link: 'https://x/definir-senha/abc' } as { n: number })).rejects.toThrow();
    await platform.jobs.drain();
    expect(await platform.jobs.stored('test.counted')).toEqual(before);
    expect(counted.ran).not.toContain(4);
  });

  it('runs a job recorded in a transaction once if the transaction commits, and never if it rolls back', async () => {
    await database.prisma.$transaction((tx) => platform.jobs.enqueueIn(tx, counted.job, { n: 10 }));
    await expect(
      database.prisma.$transaction(async (tx) => {
        await platform.jobs.enqueueIn(tx, counted.job, { n: 11 });
        throw new Error('the write fails after the job was recorded');
      }),
    ).rejects.toThrow('the write fails');
    await platform.jobs.flush();
    await platform.jobs.drain();
    expect(counted.ran.filter((n) => n === 10)).toEqual([10]);
    expect(counted.ran).not.toContain(11);
  });

  it('runs, once, a committed job whose process died before handing it over', async () => {
    const api = otherProcess();
    try {
      // The commit happened; the flush that would follow never does (the process died).
      await database.prisma.$transaction((tx) => api.jobs.enqueueIn(tx, counted.job, { n: 12 }));
    } finally {
      await api.close();
    }
    // Polled, not drained: drain() would hand it over itself. The running queue's sweep does.
    await expect.poll(() => counted.ran.filter((n) => n === 12), { timeout: 10_000 }).toEqual([12]);
    await platform.jobs.drain();
    expect(counted.ran.filter((n) => n === 12)).toEqual([12]);
  });

  it.runIf(process.env.REDIS_URL)(
    'keeps as one job an outbox row handed over twice (a process dying between the add and the delete)',
    async () => {
      const row = { id: randomUUID(), name: counted.job.name, payload: { n: 13 } };
      await database.prisma.jobOutbox.create({ data: row });
      await platform.jobs.flush();
      await platform.jobs.drain();
      // The delete rolled back: the row is there again, and is handed over again.
      await database.prisma.jobOutbox.create({ data: row });
      await platform.jobs.flush();
      await platform.jobs.drain();
      expect(await database.prisma.jobOutbox.count()).toBe(0);
      expect(counted.ran.filter((n) => n === 13)).toEqual([13]);
    },
  );
});

describe('a daily schedule', () => {
  const nightly = recordingJob('test.nightly');
  const daily = { hour: 3, minute: 0, tz: 'America/Sao_Paulo' };
  const schedules = [{ job: nightly.job, payload: { n: 1 }, daily }] as JobSchedule<unknown>[];

  it('falls at the time of day in its time zone, the next day once it has passed', () => {
    // São Paulo is UTC-3 all year.
    expect(nextDailyRun(daily, new Date('2026-11-28T05:59:00Z')).toISOString()).toBe('2026-11-28T06:00:00.000Z');
    expect(nextDailyRun(daily, new Date('2026-11-28T06:00:00Z')).toISOString()).toBe('2026-11-29T06:00:00.000Z');
    expect(nextDailyRun({ hour: 23, minute: 30, tz: 'America/Sao_Paulo' }, new Date('2026-12-31T12:00:00Z')).toISOString()).toBe(
      '2027-01-01T02:30:00.000Z',
    );
    // A zone with daylight saving: 03:00 in Lisbon is 03:00 UTC in winter and 02:00 UTC in summer.
    expect(nextDailyRun({ hour: 3, minute: 0, tz: 'Europe/Lisbon' }, new Date('2026-07-01T00:00:00Z')).toISOString()).toBe(
      '2026-07-01T02:00:00.000Z',
    );
  });

  it('is registered by the configured queue as a cron pattern in its time zone, not run before its time', async () => {
    const queueName = `test-jobs-${randomUUID()}`;
    const scheduled = createPlatform(config(), database.prisma, log, {
      queueName,
      jobs: [nightly.job] as JobDefinition<unknown>[],
      schedules,
    });
    await scheduled.jobs.start();
    try {
      const next = nextDailyRun(daily, new Date());
      if (scheduled.jobs.kind === 'bullmq') {
        const queue = new Queue(queueName, { connection: { url: process.env.REDIS_URL } });
        const scheduler = await queue.getJobScheduler('test.nightly');
        await queue.close();
        expect(scheduler).toMatchObject({ pattern: '0 3 * * *', tz: 'America/Sao_Paulo', next: next.getTime() });
      } else {
        const row = await database.prisma.embeddedJob.findFirstOrThrow({ where: { name: 'test.nightly', doneAt: null } });
        expect(row.runAt).toEqual(next);
      }
      await scheduled.jobs.drain();
      expect(nightly.ran).toEqual([]);
    } finally {
      await scheduled.close();
    }
  });
});

describe('the embedded queue', () => {
  const deps = () => ({
    db: database.prisma,
    mailer: platform.mailer,
    log,
    config: config(),
    payments: platform.payments,
    storage: platform.storage,
    pdf: platform.pdf,
  });
  // The app's own queue (embedded too without REDIS_URL) would claim these tests' rows as well.
  beforeAll(() => platform.jobs.stop());

  it('runs a failed job again once its backoff has passed, then marks it done', async () => {
    const flaky = recordingJob('test.flaky', 1);
    const queue = embeddedQueue([flaky.job] as JobDefinition<unknown>[], deps());
    await queue.enqueue(flaky.job, { n: 7 });
    await queue.drain();
    const failed = await database.prisma.embeddedJob.findFirstOrThrow({ where: { name: 'test.flaky' } });
    expect(failed).toMatchObject({ attempts: 1, doneAt: null, lastError: 'Error: attempt 1 of 7 fails' });
    expect(failed.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(errors).toContain('job failed');

    // The backoff has passed.
    await database.prisma.embeddedJob.update({ where: { id: failed.id }, data: { runAt: new Date() } });
    await queue.drain();
    expect(flaky.ran).toEqual([7]);
    const done = await database.prisma.embeddedJob.findUniqueOrThrow({ where: { id: failed.id } });
    expect(done.attempts).toBe(2);
    expect(done.doneAt).toBeInstanceOf(Date);
  });

  it('prunes the rows finished more than a day ago when it runs, and keeps the others', async () => {
    const queue = embeddedQueue([counted.job] as JobDefinition<unknown>[], deps());
    const finishedAgo = (ms: number) => new Date(Date.now() - ms);
    const row = (n: number, data: { doneAt: Date | null; attempts?: number; runAt?: Date }) =>
      database.prisma.embeddedJob.create({ data: { name: 'test.pruned', payload: { n }, ...data } });
    await row(101, { doneAt: finishedAgo(KEEP_FINISHED_MS + 60_000) });
    const recent = await row(102, { doneAt: finishedAgo(KEEP_FINISHED_MS - 60_000) });
    // Out of attempts, never finished: kept for a look at its last error.
    const exhausted = await row(103, { doneAt: null, attempts: 5, runAt: finishedAgo(2 * KEEP_FINISHED_MS) });
    await queue.drain();
    const left = await database.prisma.embeddedJob.findMany({ where: { name: 'test.pruned' }, orderBy: { id: 'asc' } });
    expect(left.map((r) => r.id)).toEqual([recent.id, exhausted.id]);
  });

  it('keeps a daily schedule as one row due at its next time; a missed night runs at once', async () => {
    const nightly = recordingJob('test.embedded_nightly');
    const daily = { hour: 3, minute: 0, tz: 'America/Sao_Paulo' };
    const schedules = [{ job: nightly.job, payload: { n: 1 }, daily }] as JobSchedule<unknown>[];
    const queue = embeddedQueue([nightly.job] as JobDefinition<unknown>[], deps(), 60_000, schedules);
    await queue.start();
    await queue.stop();
    const pending = await database.prisma.embeddedJob.findMany({ where: { name: 'test.embedded_nightly' } });
    expect(pending.map((r) => r.runAt)).toEqual([nextDailyRun(daily, new Date())]);

    // The process was down at the last 03:00 after a run two nights ago: the next start runs it at once.
    await database.prisma.embeddedJob.update({
      where: { id: pending[0]?.id },
      data: { doneAt: new Date(Date.now() - 2 * 86_400_000), runAt: new Date(Date.now() - 2 * 86_400_000) },
    });
    await queue.start();
    await queue.stop();
    await queue.drain();
    expect(nightly.ran).toEqual([1]);
    const next = await database.prisma.embeddedJob.findFirstOrThrow({ where: { name: 'test.embedded_nightly', doneAt: null } });
    expect(next.runAt).toEqual(nextDailyRun(daily, new Date()));
  });
});
