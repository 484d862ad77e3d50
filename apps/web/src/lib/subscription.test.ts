import type { CurrentSubscription, Subscription } from '@app/shared/billing';
import { describe, expect, it } from 'vitest';
import { subscription } from '../testing';
import { accountRestricted, planStatusOf } from './subscription';

/** A subscription reply (GET /api/subscription/current) as the query cache holds it. */
const reply = (sub: Subscription | null): CurrentSubscription => ({ subscription: sub, token: null });
const stored = (status: string | null, days: number | null) => ({ status, days });

describe('account restriction', () => {
  it('follows the loaded subscription: is_valid_for_features decides, so an ended trial is restricted', () => {
    const ended = subscription({ status: 'trialing', status_plan: 'trialing', is_valid_for_features: false });
    expect(accountRestricted(reply(ended), stored('active', 9))).toBe(true);
    // Canceled, but the period already paid is still running.
    const canceled = subscription({ status: 'canceled', status_plan: 'canceled', is_valid_for_features: true, days_remaining: 9 });
    expect(accountRestricted(reply(canceled), stored('canceled', 9))).toBe(false);
    // A reply for a company without a subscription: nothing restricts it, whatever was stored.
    expect(accountRestricted(reply(null), stored('past_due', 0))).toBe(false);
  });

  it('before the subscription loads: the stored status (restricted, or a trial with 0 days left)', () => {
    expect(accountRestricted(undefined, stored('past_due', 0))).toBe(true);
    expect(accountRestricted(undefined, stored('trialing', 0))).toBe(true);
    expect(accountRestricted(undefined, stored('trialing', 2))).toBe(false);
    expect(accountRestricted(undefined, stored('active', 0))).toBe(false);
    expect(accountRestricted(undefined, stored(null, null))).toBe(false);
  });
});

describe('plan status now', () => {
  it("the loaded subscription's status and days, else the stored ones", () => {
    const trial = subscription({ status: 'trialing', status_plan: 'trialing', days_remaining: 3 });
    expect(planStatusOf(reply(trial), stored('past_due', 0))).toEqual({ status: 'trialing', days: 3 });
    expect(planStatusOf(reply(null), stored('past_due', 0))).toEqual({ status: 'past_due', days: 0 });
    expect(planStatusOf(undefined, stored('trialing', 2))).toEqual({ status: 'trialing', days: 2 });
  });
});
