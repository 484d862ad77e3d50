import type { JobDefinition } from '../../platform/jobs';
import { budgetAcceptedMailJob } from './accepted-mail.job';

export const landingPagesJobs = [budgetAcceptedMailJob] as JobDefinition<unknown>[];
