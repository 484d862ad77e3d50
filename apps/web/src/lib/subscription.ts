// Section 2: the subscription info (GET /api/subscription/current), fetched on start and before
// navigations. The plan gates, the plan modals and /seu-plano read it from here.
import type { CurrentSubscription, Subscription } from '@app/shared/billing';
import { isRestricted, isRestrictedStatus, isTrialExpired } from '@app/shared/plan-status';
import { apiError } from './api-error';
import { expireSession } from './auth-actions';
import { adoptFreshToken, applyPlanStatus, type SessionState, sessionStore } from './session';
import { createStore, useStore } from './store';
import { trpcClient } from './trpc';

export type SubscriptionInfo = {
  subscription: Subscription | null;
  /** A reply arrived for the signed-in user (its subscription may still be null). */
  loaded: boolean;
};

export const subscriptionStore = createStore<SubscriptionInfo>({ subscription: null, loaded: false });

// Signed out: what was loaded belongs to the previous user.
sessionStore.subscribe(() => {
  if (!sessionStore.get().token && subscriptionStore.get().loaded) subscriptionStore.set({ subscription: null, loaded: false });
});

/** Keeps a subscription reply: its fresh token, the subscription, the stored status and days. */
export function applyCurrentSubscription(reply: CurrentSubscription): void {
  adoptFreshToken(reply.token);
  subscriptionStore.set({ subscription: reply.subscription, loaded: true });
  if (reply.subscription) applyPlanStatus(reply.subscription.status_plan, reply.subscription.days_remaining);
}

let inFlight: Promise<void> | null = null;

/**
 * Fetches the subscription info (no-cache headers and a cache-busting `_`). Calls made while one
 * is under way share it. A failure is only logged; a 401/403 still ends the session, silently.
 */
export function refreshSubscription(): Promise<void> {
  const token = sessionStore.get().token;
  if (!token) return Promise.resolve();
  inFlight ??= trpcClient.billing.subscription.current
    .query({ _: String(Date.now()) })
    .then((reply) => {
      // Not a reply for another session (signed out or in as someone else meanwhile).
      if (sessionStore.get().token === token) applyCurrentSubscription(reply);
    })
    .catch((error: unknown) => {
      console.error('Falha ao carregar a assinatura', error);
      const { status } = apiError(error);
      if (status === 401 || status === 403) void expireSession();
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The plan status and days remaining now: the loaded subscription's, else the stored ones. */
export function planStatusNow(): { status: string | null; days: number | null } {
  const { subscription } = subscriptionStore.get();
  if (subscription) return { status: subscription.status_plan, days: subscription.days_remaining };
  const { statusPlan, daysRemaining } = sessionStore.get();
  return { status: statusPlan, days: daysRemaining };
}

/**
 * Section 4: is the account restricted? The restriction rule on the loaded subscription; before
 * one has loaded, the stored status (a restricted status, or a trial with 0 days left).
 */
export function accountRestricted(
  info: SubscriptionInfo = subscriptionStore.get(),
  stored: Pick<SessionState, 'statusPlan' | 'daysRemaining'> = sessionStore.get(),
): boolean {
  if (info.loaded) return isRestricted(info.subscription);
  return isRestrictedStatus(stored.statusPlan) || isTrialExpired(stored.statusPlan, stored.daysRemaining);
}

export const useSubscription = () => useStore(subscriptionStore, (s) => s);
