import { z } from 'zod';
import { withEagerCollection } from '../../platform/heap-growth';
import type { JobDefinition } from '../../platform/jobs';
import { runImport } from './import-run';

/**
 * Runs an import (POST /api/imports/{id}/start). A retry, or the same job picked up again after
 * its worker died, goes on after the last committed batch; a done import is left alone.
 */
export const importJob: JobDefinition<{ import_id: number }> = {
  name: 'imports.run',
  payload: z.strictObject({ import_id: z.number().int().positive() }),
  async handle({ import_id }, { db, storage }) {
    await withEagerCollection(() => runImport({ db, storage }, import_id));
  },
};

export const importsJobs = [importJob] as JobDefinition<unknown>[];
