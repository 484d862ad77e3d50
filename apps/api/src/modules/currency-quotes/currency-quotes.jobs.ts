import { z } from 'zod';
import type { Config } from '../../config';
import type { JobDefinition, JobSchedule } from '../../platform/jobs';
import { refreshSystemQuotes } from './currency-quotes.service';
import { awesomeApiExchangeRates } from './exchange-rates';

/**
 * Refreshes the system's automatic quotes from the exchange-rate service. A failure (the service
 * down or answering badly) changes nothing and is retried by the queue; a retry or a run that
 * meets another (update_quotes, a second process) writes nothing twice (refreshSystemQuotes).
 */
export const refreshCurrencyQuotesJob: JobDefinition<Record<string, never>> = {
  name: 'currency-quotes.refresh',
  payload: z.strictObject({}),
  async handle(_payload, { db, config }) {
    await refreshSystemQuotes(db, awesomeApiExchangeRates(config));
  },
};

export const currencyQuotesJobs = [refreshCurrencyQuotesJob] as JobDefinition<unknown>[];

/** Every CURRENCY_QUOTES_REFRESH_MINUTES (0: off). */
export function currencyQuotesSchedules(config: Pick<Config, 'CURRENCY_QUOTES_REFRESH_MINUTES'>): JobSchedule<unknown>[] {
  return [
    { job: refreshCurrencyQuotesJob, payload: {}, everyMs: config.CURRENCY_QUOTES_REFRESH_MINUTES * 60_000 },
  ] as JobSchedule<unknown>[];
}
