import type { JobDefinition } from '../../platform/jobs';

export const landingPagesJobs: JobDefinition<never>[] = [];
