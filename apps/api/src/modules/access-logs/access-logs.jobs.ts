import type { Config } from '../../config';
import type { JobDefinition, JobSchedule } from '../../platform/jobs';

export const accessLogsJobs: JobDefinition<unknown>[] = [];
export const accessLogsSchedules = (_config: Config): JobSchedule<unknown>[] => [];
