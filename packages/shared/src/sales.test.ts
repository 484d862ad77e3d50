import { describe, expect, it } from 'vitest';
import { addMonths, monthlyPlan } from './sales';

describe('the derived payment plan', () => {
  it('moves by months, keeping the day or the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('splits the total monthly, the leftover cents in the first', () => {
    expect(monthlyPlan(10_000, 3, '2026-01-31')).toEqual([
      { number: 1, due_date: '2026-01-31', amount_cents: 3334 },
      { number: 2, due_date: '2026-02-28', amount_cents: 3333 },
      { number: 3, due_date: '2026-03-31', amount_cents: 3333 },
    ]);
    const plan = monthlyPlan(123_457, 7, '2026-12-10');
    expect(plan.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(123_457);
    expect(plan.at(-1)?.due_date).toBe('2027-06-10');
  });
});
