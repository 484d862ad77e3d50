import { describe, expect, it } from 'vitest';
import { BUDGET_STATUSES, isBudgetEditable } from './budget-statuses';

describe('isBudgetEditable', () => {
  it('freezes only a sold budget', () => {
    expect(isBudgetEditable('sold')).toBe(false);
    const editable = BUDGET_STATUSES.filter((s) => s !== 'sold');
    expect(editable.length).toBeGreaterThan(0);
    for (const status of editable) expect(isBudgetEditable(status), status).toBe(true);
  });
});
