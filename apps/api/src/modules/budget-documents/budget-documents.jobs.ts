import type { JobDefinition } from '../../platform/jobs';

export const budgetDocumentsJobs: JobDefinition<never>[] = [];
