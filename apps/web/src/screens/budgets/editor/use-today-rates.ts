import type { QuoteRates } from '@app/shared/budget-totals';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/**
 * The agency's quotes of today (reais per unit), for a currency no service of the budget stored yet;
 * `loading` while they are read (a currency without a quote is not known to lack one yet).
 */
export function useTodayRates(enabled: boolean): { rates: QuoteRates; loading: boolean } {
  const trpc = useTRPC();
  const quotes = useQuery(trpc.currencyQuotes.list.queryOptions({ per_page: 50 }, { enabled, staleTime: 5 * 60_000 }));
  const rates: QuoteRates = {};
  for (const q of quotes.data?.items ?? []) if (q.rate !== null) rates[q.currency] = q.rate;
  return { rates, loading: enabled && quotes.isPending };
}
