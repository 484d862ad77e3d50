// The system company's view of the job queue ('Filas', super_admin only): how many jobs are in
// each state, the jobs that failed for good, and their retry. The same for both kinds of queue.
import { paginationInput, paginationSchema } from './pagination';
import { z } from './zod';

export const QUEUE_KINDS = ['embedded', 'bullmq'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/**
 * waiting: due, not taken yet; active: running now; delayed: due later (a schedule's next run, a
 * retry after a failed attempt); failed: out of attempts, runs again only when retried;
 * completed: finished and not yet pruned.
 */
export const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
export type JobState = (typeof JOB_STATES)[number];

const count = z.number().int().min(0);
export const queueCountsOutput = z.object({
  kind: z.enum(QUEUE_KINDS),
  counts: z.object({ waiting: count, active: count, delayed: count, failed: count, completed: count }),
});
export type QueueCounts = z.infer<typeof queueCountsOutput>;

export const failedJobsInput = z.object({ ...paginationInput });

/** A job out of attempts: its payload (ids only), its last error and when it failed. */
export const failedJobSchema = z.object({
  /** The queue's own id: digits in the embedded queue, BullMQ's job id otherwise. */
  id: z.string(),
  name: z.string(),
  payload: z.unknown(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  failed_at: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;
export const failedJobsOutput = z.object({ jobs: z.array(failedJobSchema), pagination: paginationSchema });

/** Runs a failed job again now, with all of its attempts; 404 when no failed job has the id. */
export const retryJobInput = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9:_-]+$/),
});
export const retryJobOutput = z.object({ id: z.string() });
