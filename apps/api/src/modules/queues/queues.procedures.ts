import { failedJobsInput, failedJobsOutput, queueCountsOutput, retryJobInput, retryJobOutput, z } from '@app/shared';
import { router, superAdminProcedure } from '../../trpc';
import { failedJobs, queueCounts, retryJob } from './queues.service';

// tRPC only: the spec has no REST path for the operator's screens.
export const queuesRouter = router({
  counts: superAdminProcedure
    .input(z.void())
    .output(queueCountsOutput)
    .query(({ ctx }) => queueCounts(ctx.platform.jobs)),
  failed: superAdminProcedure
    .input(failedJobsInput)
    .output(failedJobsOutput)
    .query(({ ctx, input }) => failedJobs(ctx.platform.jobs, input)),
  retry: superAdminProcedure
    .input(retryJobInput)
    .output(retryJobOutput)
    .mutation(({ ctx, input }) => retryJob(ctx.platform.jobs, input.id)),
});
