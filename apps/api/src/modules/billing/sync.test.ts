import { subscriptionState } from '@app/shared';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { fromStripeSession, fromStripeSubscription, type ProviderSubscription } from '../../platform/payments';
import { grantedUntil } from './sync';

const NOW = new Date('2026-05-10T12:00:00Z');
const start = new Date('2026-05-01T00:00:00Z');
const end = new Date('2026-06-01T00:00:00Z');
const trialEnd = new Date('2026-05-13T00:00:00Z');

const provider = (status: string, extra: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status,
  currentPeriodStart: start,
  currentPeriodEnd: end,
  trialEnd: null,
  priceId: 'price_1',
  planId: 2,
  canceledForNonPayment: false,
  ...extra,
});

/** What the company may do once the provider's subscription is stored. */
const validity = (p: ProviderSubscription) =>
  subscriptionState({ status: p.status, currentPeriodEnd: grantedUntil(p), trialEndsAt: p.trialEnd }, NOW).is_valid_for_features;

describe('grantedUntil: the provider period as the plan validity rule reads it', () => {
  it('paid and customer-canceled periods run to their end', () => {
    expect(grantedUntil(provider('active'))).toEqual(end);
    expect(grantedUntil(provider('canceled'))).toEqual(end);
    expect(validity(provider('canceled'))).toBe(true);
  });

  it('a trial runs to the trial end', () => {
    expect(grantedUntil(provider('trialing', { trialEnd }))).toEqual(trialEnd);
    expect(grantedUntil(provider('trialing'))).toEqual(end);
    expect(validity(provider('trialing', { trialEnd }))).toBe(true);
  });

  it('a period never paid counts only up to its start, so the company is restricted', () => {
    for (const status of ['past_due', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(grantedUntil(provider(status)), status).toEqual(start);
      expect(validity(provider(status)), status).toBe(false);
    }
    expect(grantedUntil(provider('canceled', { canceledForNonPayment: true }))).toEqual(start);
    expect(validity(provider('canceled', { canceledForNonPayment: true }))).toBe(false);
  });
});

describe('Stripe objects to the port', () => {
  it('reads the period from the first item (API 2025+), our plan from metadata and why it was canceled', () => {
    const sub = {
      id: 'sub_9',
      customer: { id: 'cus_9' },
      status: 'canceled',
      trial_end: null,
      metadata: { plan_id: '7' },
      cancellation_details: { reason: 'payment_disputed' },
      items: { data: [{ current_period_start: 1_780_000_000, current_period_end: 1_782_592_000, price: { id: 'price_x' } }] },
    } as unknown as Stripe.Subscription;
    expect(fromStripeSubscription(sub)).toEqual({
      id: 'sub_9',
      customerId: 'cus_9',
      status: 'canceled',
      currentPeriodStart: new Date(1_780_000_000_000),
      currentPeriodEnd: new Date(1_782_592_000_000),
      trialEnd: null,
      priceId: 'price_x',
      planId: 7,
      canceledForNonPayment: true,
    });
    expect(fromStripeSubscription({ ...sub, metadata: { plan_id: 'abc' } } as unknown as Stripe.Subscription).planId).toBeNull();
  });

  it('keeps only the session statuses the contract knows', () => {
    const session = (status: string | null, payment_status: string) =>
      fromStripeSession({
        id: 'cs_1',
        status,
        payment_status,
        customer: 'cus_1',
        subscription: { id: 'sub_1' },
      } as unknown as Stripe.Checkout.Session);
    expect(session('complete', 'paid')).toEqual({
      id: 'cs_1',
      status: 'complete',
      paymentStatus: 'paid',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    expect(session(null, 'weird')).toMatchObject({ status: 'open', paymentStatus: 'unpaid' });
    expect(session('expired', 'no_payment_required')).toMatchObject({ status: 'expired', paymentStatus: 'no_payment_required' });
  });
});
