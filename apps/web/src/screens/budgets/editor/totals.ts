// A proposal's totals as the editor shows them, by packages/shared budget-totals alone: the stored
// services, with the one being typed in place of its stored self, priced with the budget's stored
// quotes (the budget's currency rate and each service's quote rate); a currency no service stored
// yet takes today's quote of the agency.
import type { BudgetServiceType } from '@app/shared/budget-services';
import { servicePricing } from '@app/shared/budget-services';
import { MissingQuoteError, type PricedService, type ProposalTotals, proposalTotals, type QuoteRates } from '@app/shared/budget-totals';
import { proposalPassengers } from '@app/shared/budgets';
import type { Service } from '@app/shared/services';
import { headCountsOf, pricedServiceOf, type ServiceValues } from './service-values';

export type BudgetPricing = {
  currency: string;
  currency_rate: number;
  paxes: readonly { age_group: 'adult' | 'child' | 'infant' }[];
};

export function storedPricedService(s: Service): PricedService {
  return {
    currency: s.currency,
    adult_number: s.adult_number,
    child_number: s.child_number,
    infant_number: s.infant_number,
    pricing: servicePricing({ ...s, type: s.type as BudgetServiceType, details: s.details }),
    taxes_cents: s.taxes_cents,
    fee_cents: s.fee_cents,
    commission_basis_points: s.commission_basis_points,
    refund: s.refund ? { refund_cents: s.refund.refund_cents, penalty_cents: s.refund.penalty_cents } : null,
  };
}

/** Today's quotes first, then the services' stored ones, then the budget's own rate (it wins for its currency, as the API does). */
export function budgetRates(budget: BudgetPricing, services: readonly Service[], today: QuoteRates = {}): QuoteRates {
  const rates: QuoteRates = { ...today };
  for (const s of services) rates[s.currency] = s.quote_rate;
  rates[budget.currency] = budget.currency_rate;
  return rates;
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
  const priced = kept.map(storedPricedService);
  const heads = kept.map((s) => ({
    status: s.status,
    adult_number: s.adult_number,
    child_number: s.child_number,
    infant_number: s.infant_number,
  }));
  if (editing) {
    const stored = services.find((s) => s.id === editing.id);
    priced.push(pricedServiceOf(editing.values, stored?.refund ?? null));
    heads.push({ status: stored?.status ?? 'active', ...headCountsOf(editing.values) });
  }
  const rates = budgetRates(budget, services, today);
  try {
    return { totals: proposalTotals(priced, proposalPassengers(budget.paxes, heads), budget.currency, rates), missing: null };
  } catch (error) {
    if (error instanceof MissingQuoteError) return { totals: null, missing: error.currency };
    throw error;
  }
}
