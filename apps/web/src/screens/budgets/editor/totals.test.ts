import type { Service } from '@app/shared/services';
import { describe, expect, it } from 'vitest';
import { blankService } from './service-values';
import { editingQuote, liveProposalTotals } from './totals';

const usd = (id: number, quote_rate: number, quote_source: Service['quote_source']): Service => ({
  id,
  version: 1,
  budget_id: 1,
  proposal_id: 1,
  type: 'other',
  title: `Ingresso ${id}`,
  description: null,
  supplier: null,
  start_date: null,
  start_time: null,
  end_date: null,
  end_time: null,
  adult_number: 1,
  child_number: 0,
  infant_number: 0,
  currency: 'USD',
  adult_cents: 0,
  child_cents: 0,
  infant_cents: 0,
  total_cents: 10_000,
  taxes_cents: 0,
  taxes_basis: 'booking',
  fee_cents: 0,
  commission_basis_points: 0,
  quote_rate,
  quote_history_id: null,
  quote_source,
  details: {},
  status: 'active',
  position: id,
  sale_cents: 0,
  cost_cents: 0,
  refund: null,
});

const brl = { currency: 'BRL', currency_rate: 1, paxes: [] };

describe('liveProposalTotals with rates of the agent', () => {
  it('converts each stored service at its own rate, as the API does (two dollars, two rates)', () => {
    expect(liveProposalTotals(brl, [usd(1, 5, 'day'), usd(2, 6.5, 'service')]).totals?.sale_cents).toBe(50_000 + 65_000);
  });

  it("prices the service being typed with its own rate, else the budget's, else today's quote", () => {
    const eur = { ...blankService('other', { currency: 'EUR' }), total_cents: 10_000 };
    expect(liveProposalTotals(brl, [], { values: eur })).toEqual({ totals: null, missing: 'EUR' });
    expect(liveProposalTotals(brl, [], { values: eur }, { EUR: 6 }).totals?.sale_cents).toBe(60_000);
    const budgetRate = { ...brl, agent_rates: { EUR: 6.2 } };
    expect(liveProposalTotals(budgetRate, [], { values: eur }, { EUR: 6 }).totals?.sale_cents).toBe(62_000);
    expect(liveProposalTotals(budgetRate, [], { values: { ...eur, quote_rate: 6.5 } }, { EUR: 6 }).totals?.sale_cents).toBe(65_000);
  });

  it("falls back on a stored day quote of the currency while today's loads", () => {
    expect(editingQuote(brl, [usd(1, 5.1, 'day')], { currency: 'USD', quote_rate: null })).toEqual({
      rate: 5.1,
      source: 'day',
      historyId: null,
    });
    expect(editingQuote(brl, [usd(1, 6.5, 'service')], { currency: 'USD', quote_rate: null })).toBeNull();
    expect(editingQuote(brl, [], { currency: 'BRL', quote_rate: null })).toMatchObject({ rate: 1 });
  });
});
