// A budget's own rates (câmbio do orçamento, budgets.agent_rates): what a new map changes in the
// budget's rate for its currency and in the rates its services stored. Order of a service's rate:
// its own > the budget's for the currency > the day's quote (packages/shared agent-rates.ts).
import type { Db, Prisma } from '@app/db';
import { AGENT_RATE_MESSAGES, type AgentRates } from '@app/shared';
import { fieldError } from '../../errors';
import type { QuoteCaller } from '../currency-quotes/currency-quotes.where';
import { currentRates } from '../currency-quotes/current-rates';

type Tx = Prisma.TransactionClient;
type Caller = Pick<QuoteCaller, 'companyId' | 'role' | 'features'>;

/** The currencies whose rate differs between two maps. */
export function changedCurrencies(before: AgentRates, after: AgentRates): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((c) => before[c] !== after[c]);
}

/** The budget's rate for its currency: the agent's for it, else the day's quote (null: neither). */
export async function budgetRateOf(db: Db | Tx, caller: Caller, currency: string, rates: AgentRates) {
  const agent = rates[currency];
  if (agent !== undefined) return { currencyRate: agent, currencyQuoteHistoryId: null };
  // BRL is 1 with no history (currentRates answers it without a read).
  const day = (await currentRates(db, caller, [currency])).get(currency);
  return day ? { currencyRate: day.rate, currencyQuoteHistoryId: day.historyId } : null;
}

/**
 * After the budget's rates or currency changed (the budget row already written, under its lock):
 * the active services of each changed currency that have no rate of their own take the budget's new
 * rate, or, when it was cleared, those that took it go back to the day's quote (400 on
 * `agent_rates.<currency>` when there is none: nothing is written). Services in the budget's own
 * currency follow its rate when that changed. A canceled service stays as it was refunded. The
 * caller refreshes the totals.
 */
export async function repriceServices(
  tx: Tx,
  caller: Caller,
  budget: { id: number; currency: string; currencyRate: number; currencyQuoteHistoryId: number | null; budgetRateChanged: boolean },
  before: AgentRates,
  after: AgentRates,
): Promise<void> {
  const active = { budgetId: budget.id, status: 'active' as const };
  for (const currency of changedCurrencies(before, after)) {
    if (currency === budget.currency) continue;
    const rate = after[currency];
    if (rate !== undefined) {
      await tx.service.updateMany({
        where: { ...active, currency, quoteSource: { not: 'service' } },
        data: { quoteRate: rate, quoteHistoryId: null, quoteSource: 'budget' },
      });
      continue;
    }
    const took = { ...active, currency, quoteSource: 'budget' as const };
    if (!(await tx.service.count({ where: took }))) continue;
    const day = (await currentRates(tx, caller, [currency])).get(currency);
    if (!day) throw fieldError(`agent_rates.${currency}`, AGENT_RATE_MESSAGES.clearWithoutQuote(currency));
    await tx.service.updateMany({ where: took, data: { quoteRate: day.rate, quoteHistoryId: day.historyId, quoteSource: 'day' } });
  }
  if (budget.budgetRateChanged && budget.currency !== 'BRL') {
    // They convert with the budget's rate anyway; stored alike, the service shows the rate it used.
    await tx.service.updateMany({
      where: { ...active, currency: budget.currency },
      data: {
        quoteRate: budget.currencyRate,
        quoteHistoryId: budget.currencyQuoteHistoryId,
        quoteSource: after[budget.currency] !== undefined ? 'budget' : 'day',
      },
    });
  }
}
