// The platform with every module's jobs and schedules: what an API process enqueues and a worker
// (or the all-in-one process) runs.
import type { Db } from '@app/db';
import type { Config } from './config';
import { accessLogsJobs, accessLogsSchedules } from './modules/access-logs/access-logs.jobs';
import { agencyExportsJobs } from './modules/agency-exports/agency-exports.service';
import { authJobs } from './modules/auth/auth.jobs';
import { billingJobs } from './modules/billing/billing.jobs';
import { budgetDocumentsJobs } from './modules/budget-documents/budget-documents.jobs';
import { companyClosuresJobs, companyClosuresSchedules } from './modules/company-closures/company-closures.service';
import { contractsJobs } from './modules/contracts/contracts.jobs';
import { currencyQuotesJobs, currencyQuotesSchedules } from './modules/currency-quotes/currency-quotes.jobs';
import { dataSubjectsJobs } from './modules/data-subjects/data-subjects.service';
import { financeJobs, financeSchedules } from './modules/finance/overdue.jobs';
import { importsJobs } from './modules/imports/imports.jobs';
import { integrationsJobs, integrationsSchedules } from './modules/integrations/pipedrive.sync';
import { landingPagesJobs } from './modules/landing-pages/landing-pages.jobs';
import { nfseJobs } from './modules/nfse/nfse.jobs';
import { notificationsJobs, notificationsSchedules } from './modules/notifications/notifications.service';
import { personalDataJobs, personalDataSchedules } from './modules/personal-data/personal-data.jobs';
import { reservationsJobs } from './modules/reservations/reservations.jobs';
import { tasksJobs, tasksSchedules } from './modules/tasks/tasks.jobs';
import { usersJobs } from './modules/users/users.jobs';
import { vouchersJobs } from './modules/vouchers/vouchers.jobs';
import { createPlatform, type Platform } from './platform';
import type { Log } from './platform/log';

export function createAppPlatform(config: Config, db: Db, log: Log, opts: { queueName?: string } = {}): Platform {
  return createPlatform(config, db, log, {
    queueName: opts.queueName,
    jobs: [
      ...authJobs,
      ...usersJobs,
      ...billingJobs,
      ...currencyQuotesJobs,
      ...landingPagesJobs,
      ...budgetDocumentsJobs,
      ...reservationsJobs,
      ...contractsJobs,
      ...vouchersJobs,
      ...importsJobs,
      ...dataSubjectsJobs,
      ...agencyExportsJobs,
      ...companyClosuresJobs,
      ...notificationsJobs,
      ...financeJobs,
      ...nfseJobs,
      ...integrationsJobs,
      ...tasksJobs,
      ...accessLogsJobs,
      ...personalDataJobs,
    ],
    schedules: [
      ...currencyQuotesSchedules(config),
      ...tasksSchedules(config),
      ...notificationsSchedules(config),
      ...financeSchedules(config),
      ...accessLogsSchedules(config),
      ...companyClosuresSchedules,
      ...personalDataSchedules(config),
      ...integrationsSchedules(config),
    ],
  });
}
