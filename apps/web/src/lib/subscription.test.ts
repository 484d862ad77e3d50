import type { Subscription } from '@app/shared/billing';
import { NO_FEATURES } from '@app/shared/constants';
import { describe, expect, it } from 'vitest';
import { accountRestricted } from './subscription';

const subscription = (fields: Partial<Subscription>): Subscription => ({
  plan_id: 2,
  plan_name: 'Plano Profissional',
  amount_cents: 14_990,
  is_free_plan: false,
  status: 'active',
  status_plan: 'active',
  features: NO_FEATURES,
  current_period_end: null,
  trial_ends_at: null,
  is_valid_for_features: true,
  days_remaining: 0,
  ...fields,
});

const stored = (statusPlan: string | null, daysRemaining: number | null) => ({ statusPlan, daysRemaining });

describe('account restriction (section 4)', () => {
  it('follows the loaded subscription: is_valid_for_features decides, so an ended trial is restricted', () => {
    const ended = subscription({ status: 'trialing', status_plan: 'trialing', is_valid_for_features: false });
    expect(accountRestricted({ loaded: true, subscription: ended }, stored('active', 9))).toBe(true);
    // Canceled, but the period already paid is still running.
    const canceled = subscription({ status: 'canceled', status_plan: 'canceled', is_valid_for_features: true, days_remaining: 9 });
    expect(accountRestricted({ loaded: true, subscription: canceled }, stored('canceled', 9))).toBe(false);
  });

  it('before the subscription loads: the stored status (restricted, or a trial with 0 days left)', () => {
    const none = { loaded: false, subscription: null };
    expect(accountRestricted(none, stored('past_due', 0))).toBe(true);
    expect(accountRestricted(none, stored('trialing', 0))).toBe(true);
    expect(accountRestricted(none, stored('trialing', 2))).toBe(false);
    expect(accountRestricted(none, stored('active', 0))).toBe(false);
    expect(accountRestricted(none, stored(null, null))).toBe(false);
  });
});
