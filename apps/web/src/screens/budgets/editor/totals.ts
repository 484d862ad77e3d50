// A proposal's totals as the editor shows them, by packages/shared budget-totals alone: the stored
// services, with the one being typed in place of its stored self, priced with the budget's stored
// quotes (the budget's currency rate and each service's own stored rate, as the API does); the one
// being typed takes the rate the API will take on save (its own, the budget's, today's quote).
import { type AgentRates, type ServiceQuote, serviceQuote } from '@app/shared/agent-rates';
import type { BudgetServiceType } from '@app/shared/budget-services';
import { servicePricing } from '@app/shared/budget-services';
import { MissingQuoteError, type PricedService, type ProposalTotals, proposalTotals, type QuoteRates } from '@app/shared/budget-totals';
import { proposalPassengers } from '@app/shared/budgets';
import type { Service } from '@app/shared/services';
import { headCountsOf, pricedServiceOf, type ServiceValues } from './service-values';

export type BudgetPricing = {
  currency: string;
  currency_rate: number;
  currency_quote_history_id?: number | null;
  /** The agent's rates for the budget (câmbio do orçamento); absent, none. */
  agent_rates?: AgentRates;
  paxes: readonly { age_group: 'adult' | 'child' | 'infant' }[];
};

/**
 * The key a service's currency is priced under: each foreign service converts at the rate stored
 * with it (two services in one currency may hold different rates), one in the budget's currency or
 * in reais converts with the budget's rate.
 */
function rateKey(currency: string, budgetCurrency: string, id: number | string): string {
  return currency === budgetCurrency || currency === 'BRL' ? currency : `${currency}#${id}`;
}

export function storedPricedService(s: Service, currency: string = s.currency): PricedService {
  return {
    currency,
    adult_number: s.adult_number,
    child_number: s.child_number,
    infant_number: s.infant_number,
    pricing: servicePricing({ ...s, type: s.type as BudgetServiceType, details: s.details }),
    taxes_cents: s.taxes_cents,
    taxes_basis: s.taxes_basis,
    fee_cents: s.fee_cents,
    // Absent for a user the agency keeps from costs: the sale does not depend on it.
    commission_basis_points: s.commission_basis_points ?? 0,
    refund: s.refund ? { refund_cents: s.refund.refund_cents, penalty_cents: s.refund.penalty_cents } : null,
  };
}

/**
 * The rate the service being typed is priced with on save (its own, the budget's for the currency,
 * the day's quote): today's quote, or while it loads the day's rate a service of the currency stored.
 * Null: no rate at all (the form asks for one).
 */
export function editingQuote(
  budget: BudgetPricing,
  services: readonly Service[],
  values: { currency: string; quote_rate?: number | '' | null },
  today: QuoteRates = {},
): ServiceQuote | null {
  const own = typeof values.quote_rate === 'number' && values.quote_rate > 0 ? values.quote_rate : null;
  const dayRate = today[values.currency] ?? services.find((s) => s.currency === values.currency && s.quote_source === 'day')?.quote_rate;
  return serviceQuote(
    values.currency,
    {
      currency: budget.currency,
      currency_rate: budget.currency_rate,
      currency_quote_history_id: budget.currency_quote_history_id ?? null,
      agent_rates: budget.agent_rates ?? {},
    },
    own,
    dayRate === undefined ? undefined : { rate: dayRate, historyId: null },
  );
}

export type LiveTotals = { totals: ProposalTotals; missing: null } | { totals: null; missing: string };

/**
 * The proposal's totals with `editing` (typed values; `id` of the stored service it replaces, none
 * for a new one). `missing` names a currency without any quote.
 */
export function liveProposalTotals(
  budget: BudgetPricing,
  services: readonly Service[],
  editing?: { id?: number; values: ServiceValues },
  today: QuoteRates = {},
): LiveTotals {
  const kept = services.filter((s) => s.id !== editing?.id);
  // The budget's own rate wins for its currency, as the API does.
  const rates: QuoteRates = { [budget.currency]: budget.currency_rate };
  const priced = kept.map((s) => {
    const key = rateKey(s.currency, budget.currency, s.id);
    if (key !== s.currency) rates[key] = s.quote_rate;
    return storedPricedService(s, key);
  });
  const heads = kept.map((s) => ({
    status: s.status,
    adult_number: s.adult_number,
    child_number: s.child_number,
    infant_number: s.infant_number,
  }));
  if (editing) {
    const stored = services.find((s) => s.id === editing.id);
    const key = rateKey(editing.values.currency, budget.currency, 'editing');
    const quote = editingQuote(budget, services, editing.values, today);
    if (key !== editing.values.currency && quote) rates[key] = quote.rate;
    priced.push({ ...pricedServiceOf(editing.values, stored?.refund ?? null), currency: key });
    heads.push({ status: stored?.status ?? 'active', ...headCountsOf(editing.values) });
  }
  try {
    return { totals: proposalTotals(priced, proposalPassengers(budget.paxes, heads), budget.currency, rates), missing: null };
  } catch (error) {
    if (error instanceof MissingQuoteError) return { totals: null, missing: error.currency.split('#')[0] ?? error.currency };
    throw error;
  }
}
