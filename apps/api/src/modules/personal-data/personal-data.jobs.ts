import { z } from 'zod';
import type { Config } from '../../config';
import { documentCipherOf } from '../../document-numbers';
import type { JobDefinition, JobSchedule } from '../../platform/jobs';
import { sealDocumentNumbers } from './personal-data.service';

/**
 * Seals what is not sealed under the current key (a key rotation: the new DATA_ENCRYPTION_KEY, the
 * old one in DATA_ENCRYPTION_PREVIOUS_KEYS). A retry or rerun rewrites only what is left.
 */
export const resealDocumentNumbersJob: JobDefinition<Record<string, never>> = {
  name: 'personal-data.reseal-document-numbers',
  payload: z.strictObject({}),
  async handle(_payload, { db, config, log }) {
    const counts = await sealDocumentNumbers(db, documentCipherOf(config));
    if (counts.unreadable)
      log.error(counts, 'document numbers sealed with a key not in DATA_ENCRYPTION_KEY nor DATA_ENCRYPTION_PREVIOUS_KEYS');
  },
};

export const personalDataJobs = [resealDocumentNumbersJob] as JobDefinition<unknown>[];

/** Daily: after a rotation the rows left by a process that stopped are finished the next day. */
export const personalDataSchedules = (_config: Config): JobSchedule<unknown>[] =>
  [{ job: resealDocumentNumbersJob, payload: {}, everyMs: 24 * 3_600_000 }] as JobSchedule<unknown>[];
