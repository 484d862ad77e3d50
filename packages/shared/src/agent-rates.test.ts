import { describe, expect, it } from 'vitest';
import { AGENT_RATE_MAX, agentRateField, agentRatesField, ownRateIssue, quoteSourceText, serviceQuote } from './agent-rates';

const budget = { currency: 'BRL', currency_rate: 1, currency_quote_history_id: null, agent_rates: { USD: 5.8 } };
const day = { rate: 5.42, historyId: 7 };

describe('serviceQuote', () => {
  it("takes the service's own rate, else the budget's for the currency, else the day's quote", () => {
    expect(serviceQuote('USD', budget, 6, day)).toEqual({ rate: 6, source: 'service', historyId: null });
    expect(serviceQuote('USD', budget, null, day)).toEqual({ rate: 5.8, source: 'budget', historyId: null });
    expect(serviceQuote('EUR', budget, null, { rate: 6.1, historyId: 8 })).toEqual({ rate: 6.1, source: 'day', historyId: 8 });
    expect(serviceQuote('EUR', budget, undefined, undefined)).toBeNull();
  });

  it("prices the budget's own currency with the budget's rate, and reais at 1", () => {
    const usdBudget = { currency: 'USD', currency_rate: 5.8, currency_quote_history_id: null, agent_rates: { USD: 5.8 } };
    expect(serviceQuote('USD', usdBudget, 9, day)).toEqual({ rate: 5.8, source: 'budget', historyId: null });
    expect(
      serviceQuote('USD', { ...usdBudget, currency_rate: 5.42, currency_quote_history_id: 7, agent_rates: {} }, null, undefined),
    ).toEqual({
      rate: 5.42,
      source: 'day',
      historyId: 7,
    });
    expect(serviceQuote('BRL', usdBudget, null, undefined)).toEqual({ rate: 1, source: 'day', historyId: null });
  });

  it('refuses an own rate where it would change nothing', () => {
    expect(ownRateIssue('BRL', 'USD')).not.toBeNull();
    expect(ownRateIssue('USD', 'USD')).not.toBeNull();
    expect(ownRateIssue('EUR', 'USD')).toBeNull();
  });
});

describe('agent rates', () => {
  it('are positive, with up to 6 decimals, below the sane maximum', () => {
    expect(agentRateField.safeParse(5.123456).success).toBe(true);
    for (const bad of [0, -1, AGENT_RATE_MAX + 1, 5.1234567, '5.8']) expect(agentRateField.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('are keyed by the tracked currencies only', () => {
    expect(agentRatesField.safeParse({ USD: 5.8, EUR: 6.1 }).success).toBe(true);
    expect(agentRatesField.safeParse({}).success).toBe(true);
    expect(agentRatesField.safeParse({ BRL: 1 }).success).toBe(false);
    expect(agentRatesField.safeParse({ XYZ: 1 }).success).toBe(false);
  });

  it('read as the agent sees them', () => {
    expect(quoteSourceText('day', 5.42)).toBe('Câmbio do dia R$ 5,42');
    expect(quoteSourceText('budget', 5.8)).toBe('Câmbio do orçamento R$ 5,80 (informado pelo agente)');
    expect(quoteSourceText('service', 6.5)).toBe('Câmbio do serviço R$ 6,50 (informado pelo agente)');
  });
});
