import { describe, expect, it } from 'vitest';
import { commissionCheck } from './commission';

describe('commissionCheck', () => {
  it('sets the commission against the revenue (sale minus cost)', () => {
    // 5 % of R$ 12.154,01 = 607,7005 -> 607,70; revenue 1.291,50.
    expect(commissionCheck({ sale_cents: 1_215_401, cost_cents: 1_086_251 }, 500)).toEqual({
      commission_cents: 60_770,
      revenue_cents: 129_150,
      remaining_cents: 68_380,
      exceedsRevenue: false,
    });
  });

  it('flags a commission above the revenue', () => {
    // 20 % of R$ 3.102,00 = 620,40 against a revenue of 200,00.
    expect(commissionCheck({ sale_cents: 310_200, cost_cents: 290_200 }, 2_000)).toEqual({
      commission_cents: 62_040,
      revenue_cents: 20_000,
      remaining_cents: -42_040,
      exceedsRevenue: true,
    });
  });

  it('takes a commission equal to the revenue as fine', () => {
    expect(commissionCheck({ sale_cents: 100_000, cost_cents: 90_000 }, 1_000).exceedsRevenue).toBe(false);
  });

  it('gives only the commission when the cost is hidden', () => {
    expect(commissionCheck({ sale_cents: 100_000, cost_cents: null }, 250)).toEqual({
      commission_cents: 2_500,
      revenue_cents: null,
      remaining_cents: null,
      exceedsRevenue: false,
    });
    expect(commissionCheck({ sale_cents: 100_000 }, 0).commission_cents).toBe(0);
  });
});
