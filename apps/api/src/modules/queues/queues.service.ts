// The system company's view of the job queue ('Filas'): counts, the failed jobs and their retry,
// whichever kind of queue the app runs on (platform/jobs.ts).
import { buildPagination, type FailedJob, type QueueCounts } from '@app/shared';
import { notFound } from '../../errors';
import type { JobQueue, FailedJob as QueuedFailedJob } from '../../platform/jobs';

export async function queueCounts(jobs: JobQueue): Promise<QueueCounts> {
  return { kind: jobs.kind, counts: await jobs.counts() };
}

function toFailedJobDto(job: QueuedFailedJob): FailedJob {
  return {
    id: job.id,
    name: job.name,
    payload: job.payload,
    error: job.error,
    attempts: job.attempts,
    max_attempts: job.maxAttempts,
    failed_at: job.failedAt?.toISOString() ?? null,
  };
}

export async function failedJobs(jobs: JobQueue, input: { page: number; per_page: number }) {
  const { jobs: rows, total } = await jobs.failed({ page: input.page, perPage: input.per_page });
  return { jobs: rows.map(toFailedJobDto), pagination: buildPagination(input.page, input.per_page, total) };
}

/** A failed job runs again now; any other id (running, done, unknown) answers 404. */
export async function retryJob(jobs: JobQueue, id: string) {
  if (!(await jobs.retry(id))) throw notFound();
  return { id };
}
