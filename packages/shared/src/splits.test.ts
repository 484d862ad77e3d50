import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCurrency } from './format';
import { monthlyPlan } from './sales';
import { firstPartDiffers, installmentsText, passengerSplit, perPassengerText, splitEvenly, splitParts } from './splits';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const brl = (cents: number) => toCurrency(cents);
/** Up to R$ 20.000.000,00, the largest total a budget stores. */
const totals = fc.integer({ min: 0, max: 2_000_000_000 });
const counts = fc.integer({ min: 1, max: 48 });

describe('splitEvenly', () => {
  it('every split sums exactly to its whole: any total ≥ 0 in 1..48 parts', () => {
    fc.assert(
      fc.property(totals, counts, (total, count) => {
        const split = splitEvenly(total, count);
        const parts = splitParts(split);
        expect(parts).toHaveLength(count);
        expect(sum(parts)).toBe(total);
      }),
    );
  });

  it('only the first part differs, by fewer cents than there are parts', () => {
    fc.assert(
      fc.property(totals, counts, (total, count) => {
        const [first = 0, ...others] = splitParts(splitEvenly(total, count));
        for (const part of others) expect(part).toBe(others[0]);
        const each = others[0] ?? first;
        expect(first - each).toBeGreaterThanOrEqual(0);
        expect(first - each).toBeLessThan(count);
        expect(Number.isInteger(first) && Number.isInteger(each)).toBe(true);
      }),
    );
  });

  it('every split sums exactly to its whole, a negative amount (a refund above the sale) too', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000_000, max: 0 }), counts, (total, count) => {
        expect(sum(splitParts(splitEvenly(total, count)))).toBe(total);
      }),
    );
  });

  it('takes at least one part', () => {
    expect(splitEvenly(500, 0)).toEqual({ count: 1, first_cents: 500, each_cents: 500 });
  });
});

describe('monthlyPlan', () => {
  it('every split sums exactly to its whole: a sale paid monthly, the first installment taking the leftover cents', () => {
    fc.assert(
      fc.property(totals, counts, (total, count) => {
        const plan = monthlyPlan(total, count, '2026-01-31');
        expect(plan.map((p) => p.number)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
        expect(sum(plan.map((p) => p.amount_cents))).toBe(total);
        expect(new Set(plan.slice(1).map((p) => p.amount_cents)).size).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('the texts of a split', () => {
  it('name the first installment only where it differs (issue 31: 3x of R$ 23.150,00)', () => {
    expect(installmentsText(splitEvenly(2_315_000, 3), brl)).toBe('1ª de R$ 7.716,68 + 2x de R$ 7.716,66');
    expect(installmentsText(splitEvenly(2_314_998, 3), brl)).toBe('3x de R$ 7.716,66');
    expect(installmentsText(splitEvenly(2_315_000, 1), brl)).toBe('1x de R$ 23.150,00');
  });

  it('name the first passenger only where the share leaves cents over, in the noun’s gender', () => {
    expect(perPassengerText('adult', splitEvenly(1_645_649, 2), brl)).toBe('1º adulto de R$ 8.228,25 + 1 adulto de R$ 8.228,24');
    expect(perPassengerText('child', splitEvenly(100_000, 3), brl)).toBe('1ª criança de R$ 333,34 + 2 crianças de R$ 333,33');
    expect(perPassengerText('infant', splitEvenly(3_001, 3), brl)).toBe('1º bebê de R$ 10,01 + 2 bebês de R$ 10,00');
    expect(perPassengerText('adult', splitEvenly(1_645_648, 2), brl)).toBe('R$ 8.228,24 por adulto');
    expect(perPassengerText('child', splitEvenly(422_353, 1), (c) => toCurrency(c, 'USD'))).toBe('US$ 4.223,53 por criança');
  });

  it('every split sums exactly to its whole: what the text says adds up to the amount split', () => {
    fc.assert(
      fc.property(totals, counts, (total, count) => {
        const split = splitEvenly(total, count);
        const text = installmentsText(split, String);
        const amounts = [...text.matchAll(/(?:(\d+)x|1ª) de (-?\d+)/g)].map(([, times, cents]) => Number(times ?? 1) * Number(cents));
        expect(sum(amounts)).toBe(total);
        expect(text.startsWith('1ª')).toBe(firstPartDiffers(split));
      }),
    );
  });

  it('read a proposal’s totals: the first passenger from per_passenger_first, else as any other', () => {
    const totals = {
      per_passenger: { adult: 822_824, child: 422_353 },
      per_passenger_first: { adult: 822_825 },
      passengers: { adult: 2, child: 1, infant: 0 },
    };
    expect(passengerSplit(totals, 'adult')).toEqual({ count: 2, first_cents: 822_825, each_cents: 822_824 });
    expect(passengerSplit(totals, 'child')).toEqual({ count: 1, first_cents: 422_353, each_cents: 422_353 });
    expect(passengerSplit(totals, 'infant')).toBeNull();
  });
});
