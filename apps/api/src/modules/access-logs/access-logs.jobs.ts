import { z } from 'zod';
import type { Config } from '../../config';
import type { JobDefinition, JobSchedule } from '../../platform/jobs';
import { deleteExpiredPersonalDataAccesses } from '../personal-data/personal-data.service';
import { deleteExpiredAccessLogs } from './access-logs.service';

/**
 * Deletes the access logs (and daily sums) older than ACCESS_LOG_RETENTION_DAYS, and the personal-data
 * audit entries older than each agency's own period; a rerun finds nothing more to delete.
 */
export const pruneAccessLogsJob: JobDefinition<Record<string, never>> = {
  name: 'access-logs.prune',
  payload: z.strictObject({}),
  async handle(_payload, { db, config }) {
    await deleteExpiredAccessLogs(db, config.ACCESS_LOG_RETENTION_DAYS);
    await deleteExpiredPersonalDataAccesses(db);
  },
};

export const accessLogsJobs = [pruneAccessLogsJob] as JobDefinition<unknown>[];

/** Once a day. */
export const accessLogsSchedules = (_config: Config): JobSchedule<unknown>[] =>
  [{ job: pruneAccessLogsJob, payload: {}, everyMs: 24 * 3_600_000 }] as JobSchedule<unknown>[];
