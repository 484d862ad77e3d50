// A job that fails in the queue of the server under test, for the 'Filas' journey: one left by an
// older release, whose payload (`userId`, since renamed `user_id`) the registration mail refuses
// when a worker takes it. With one attempt it fails on the first run, and again on each retry.
// The journey reaches the queue's store as the server does: BullMQ on REDIS_URL, else the
// embedded queue's table in E2E_DATABASE_URL. The default embedded database (PGlite) lives inside
// the server's process, out of reach.
import { randomInt } from 'node:crypto';
import { createPrismaClient } from '@app/db';
import { Queue } from 'bullmq';

export type JobStore = 'bullmq' | 'embedded';

export function reachableJobStore(): JobStore | null {
  if (process.env.E2E_BASE_URL) return null;
  if (process.env.REDIS_URL) return 'bullmq';
  return process.env.E2E_DATABASE_URL ? 'embedded' : null;
}

/** The server's BullMQ queue: one per database (apps/api/src/platform/index.ts, databaseName). */
function queueName(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'jobs-embedded';
  const u = new URL(databaseUrl);
  return `jobs-${u.hostname}-${u.port || '5432'}-${u.pathname.slice(1) || 'postgres'}`;
}

export const STALE_JOB = 'users.registration-mail';

/** Enqueues the stale job; returns the number its payload carries, to find it on the screen. */
export async function enqueueStaleJob(store: JobStore): Promise<number> {
  const userId = randomInt(100_000, 999_999);
  if (store === 'bullmq') {
    const queue = new Queue(queueName(process.env.E2E_DATABASE_URL), {
      connection: { url: process.env.REDIS_URL, maxRetriesPerRequest: null },
    });
    await queue.add(STALE_JOB, { userId }, { attempts: 1 });
    await queue.close();
  } else {
    const db = createPrismaClient(process.env.E2E_DATABASE_URL as string, { max: 1 });
    await db.embeddedJob.create({ data: { name: STALE_JOB, payload: { userId }, maxAttempts: 1 } });
    await db.$disconnect();
  }
  return userId;
}
