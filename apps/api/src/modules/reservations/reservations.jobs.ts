import type { JobDefinition } from '../../platform/jobs';
import { reservationRequestJob } from './reservation-request.job';

export const reservationsJobs = [reservationRequestJob] as JobDefinition<unknown>[];
