// The rate an agent sets beside the day's quote (câmbio da operadora / IATA): for a currency of one
// budget (câmbio do orçamento, budgets.agent_rates) or for one service (câmbio do serviço). The
// order a service's rate is taken in, the checks of a typed rate and the texts that show it.
import { CURRENCY_QUOTE_MESSAGES, formatRate, hasRateDecimals, TRACKED_CURRENCIES } from './currency-quotes';
import { z } from './zod';

/** No tracked currency comes near R$ 1.000 per unit: beyond it a rate is a typo (a lost comma). */
export const AGENT_RATE_MAX = 1_000;

export const AGENT_RATE_MESSAGES = {
  positive: 'deve ser maior que zero',
  max: `deve ser no máximo ${formatRate(AGENT_RATE_MAX)} por unidade`,
  /** No rate of any kind for the service's currency: the agent is asked for one. */
  missing: (currency: string) => `não há cotação de ${currency}: informe o câmbio para esta moeda`,
  /** A service in the budget's own currency converts with the budget's rate (1:1). */
  budgetCurrency: 'o serviço está na moeda do orçamento: vale o câmbio do orçamento',
  brl: 'serviço em reais não tem câmbio',
  /** Clearing a budget's rate with no quote of the day left for its services or for the budget itself. */
  clearWithoutQuote: (currency: string) => `não há cotação de ${currency} hoje: informe o câmbio para esta moeda`,
} as const;

/** Reais per unit, as the agent types it: positive, up to 6 decimals, at most AGENT_RATE_MAX. */
export const agentRateField = z
  .number()
  .positive({ message: AGENT_RATE_MESSAGES.positive })
  .max(AGENT_RATE_MAX, { message: AGENT_RATE_MESSAGES.max })
  .refine(hasRateDecimals, { message: CURRENCY_QUOTE_MESSAGES.decimals });

/** A budget's rates by currency ({"USD": 5.8}): only the currencies the quotes track (BRL is always 1). */
export const agentRatesField = z.partialRecord(z.enum(TRACKED_CURRENCIES), agentRateField);
export type AgentRates = Partial<Record<string, number>>;

/** Where a service's rate came from (services.quote_source). */
export const QUOTE_SOURCES = ['day', 'budget', 'service'] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];

export const QUOTE_SOURCE_LABELS: Record<QuoteSource, string> = {
  day: 'Câmbio do dia',
  budget: 'Câmbio do orçamento',
  service: 'Câmbio do serviço',
};

/** 'Câmbio do orçamento R$ 5,80 (informado pelo agente)'. */
export function quoteSourceText(source: QuoteSource, rate: number): string {
  return `${QUOTE_SOURCE_LABELS[source]} ${formatRate(rate)}${source === 'day' ? '' : ' (informado pelo agente)'}`;
}

export type ServiceQuote = { rate: number; source: QuoteSource; historyId: number | null };

export type BudgetQuotes = {
  currency: string;
  currency_rate: number;
  currency_quote_history_id: number | null;
  agent_rates: AgentRates;
};

/**
 * The rate a service in `currency` is priced with: in the budget's own currency the budget's rate
 * (both convert alike); BRL is 1; otherwise the service's own rate, else the budget's rate for the
 * currency, else the day's quote. Null: none at all (the agent must type one).
 */
export function serviceQuote(
  currency: string,
  budget: BudgetQuotes,
  own: number | null | undefined,
  day: { rate: number; historyId: number | null } | undefined,
): ServiceQuote | null {
  if (currency === budget.currency) {
    const source = budget.agent_rates[currency] !== undefined ? 'budget' : 'day';
    return { rate: budget.currency_rate, source, historyId: budget.currency_quote_history_id };
  }
  if (currency === 'BRL') return { rate: 1, source: 'day', historyId: null };
  if (own != null) return { rate: own, source: 'service', historyId: null };
  const agent = budget.agent_rates[currency];
  if (agent !== undefined) return { rate: agent, source: 'budget', historyId: null };
  return day ? { rate: day.rate, source: 'day', historyId: day.historyId } : null;
}

/** Whether a service in `currency` may carry its own rate (not in reais, not in the budget's currency). */
export function ownRateIssue(currency: string, budgetCurrency: string): string | null {
  if (currency === 'BRL') return AGENT_RATE_MESSAGES.brl;
  if (currency === budgetCurrency) return AGENT_RATE_MESSAGES.budgetCurrency;
  return null;
}
