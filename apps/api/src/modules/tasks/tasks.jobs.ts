import type { Config } from '../../config';
import type { JobDefinition, JobSchedule } from '../../platform/jobs';

export const tasksJobs: JobDefinition<unknown>[] = [];
export const tasksSchedules = (_config: Config): JobSchedule<unknown>[] => [];
