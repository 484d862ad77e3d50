import { z } from 'zod';
import type { Config } from '../../config';
import type { JobDefinition, JobSchedule } from '../../platform/jobs';
import { runFollowUps } from './follow-ups.service';

/**
 * The automatic follow-ups (tasks for budgets not opened or not accepted, trips starting, passports
 * expiring) and their reminder mails. A retry or a second run creates no task twice and sends each
 * reminder once; a reminder whose mail failed is sent by the retry.
 */
export const followUpsJob: JobDefinition<Record<string, never>> = {
  name: 'tasks.follow-ups',
  payload: z.strictObject({}),
  async handle(_payload, { db, mailer, config }, run) {
    await runFollowUps(db, mailer, config, run);
  },
};

export const tasksJobs = [followUpsJob] as JobDefinition<unknown>[];

/** Every FOLLOW_UP_INTERVAL_MINUTES (0: off). */
export function tasksSchedules(config: Pick<Config, 'FOLLOW_UP_INTERVAL_MINUTES'>): JobSchedule<unknown>[] {
  return [{ job: followUpsJob, payload: {}, everyMs: config.FOLLOW_UP_INTERVAL_MINUTES * 60_000 }] as JobSchedule<unknown>[];
}
