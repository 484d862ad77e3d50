// Keeps a company's subscription in step with the provider's (Stripe or the simulator). The
// state always comes from a fresh read of the provider, never from an event body.
import type { Prisma } from '@app/db';
import { PLAN_STATUSES, type PlanStatus, subscriptionState } from '@app/shared';
import type { Deps } from '../../deps';
import type { JobQueue } from '../../platform/jobs';
import { ENDED_STATUSES, type ProviderSubscription } from '../../platform/payments';
import { cancelReplacedSubscriptionJob } from './billing.jobs';

type Tx = Prisma.TransactionClient;

export type SyncResult =
  | { outcome: 'applied'; companyId: number; replaced: string | null }
  | { outcome: 'stale' | 'not_current'; companyId: number }
  | { outcome: 'unknown_customer' };

const sameValue = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

const toPlanStatus = (status: string): PlanStatus =>
  (PLAN_STATUSES as readonly string[]).includes(status) ? (status as PlanStatus) : 'inactive';

/**
 * The end of the time the company has been granted, stored as current_period_end so that the
 * plan rule (valid while active or the period end is ahead) holds: a trial runs to its end,
 * a paid or customer-canceled period to its end; a period that was never paid (incomplete,
 * past_due, unpaid, paused, canceled for non-payment) counts only up to its start.
 */
export function grantedUntil(p: ProviderSubscription): Date | null {
  if (p.status === 'trialing') return p.trialEnd ?? p.currentPeriodEnd;
  if (p.status === 'active' || (p.status === 'canceled' && !p.canceledForNonPayment)) return p.currentPeriodEnd;
  return p.currentPeriodStart;
}

async function resolvePlanId(tx: Tx, p: ProviderSubscription): Promise<number | null> {
  const byPrice = p.priceId ? await tx.plan.findUnique({ where: { stripePriceId: p.priceId }, select: { id: true } }) : null;
  if (byPrice) return byPrice.id;
  const byMetadata = p.planId ? await tx.plan.findUnique({ where: { id: p.planId }, select: { id: true } }) : null;
  return byMetadata?.id ?? null;
}

/**
 * Applies the provider's subscription to the company owning its customer, inside `tx`.
 * - Order: an event older than the newest one applied (`eventCreated` < providerUpdatedAt) is
 *   skipped, so an old event never overwrites newer state.
 * - Another subscription than the company's current one replaces it only when paid (active or
 *   trialing), or when the company is not valid anyway: a declined new checkout never makes a
 *   valid account worse, and the end of a replaced subscription is ignored.
 * The row is locked first, so concurrent events of one company apply one after the other.
 */
export async function applyProviderSubscription(
  tx: Tx,
  p: ProviderSubscription,
  eventCreated?: Date,
  now = new Date(),
): Promise<SyncResult> {
  const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM subscriptions WHERE stripe_customer_id = ${p.customerId} FOR UPDATE`;
  if (!locked) return { outcome: 'unknown_customer' };
  const sub = await tx.subscription.findUniqueOrThrow({
    where: { id: locked.id },
    select: {
      companyId: true,
      planId: true,
      status: true,
      currentPeriodEnd: true,
      trialEndsAt: true,
      stripeSubscriptionId: true,
      providerUpdatedAt: true,
    },
  });
  if (eventCreated && sub.providerUpdatedAt && eventCreated < sub.providerUpdatedAt) return { outcome: 'stale', companyId: sub.companyId };
  const current = sub.stripeSubscriptionId === p.id;
  if (!current) {
    const paid = p.status === 'active' || p.status === 'trialing';
    const mayAdopt = paid || (!ENDED_STATUSES.includes(p.status) && !subscriptionState(sub, now).is_valid_for_features);
    if (!mayAdopt) return { outcome: 'not_current', companyId: sub.companyId };
  }
  const next = {
    planId: (await resolvePlanId(tx, p)) ?? sub.planId,
    status: toPlanStatus(p.status),
    currentPeriodEnd: grantedUntil(p),
    trialEndsAt: p.trialEnd,
    stripeSubscriptionId: p.id,
    providerUpdatedAt: eventCreated ?? sub.providerUpdatedAt,
  };
  // Already in step (check-session after the webhook, a second check): nothing is written.
  const changed = (Object.keys(next) as (keyof typeof next)[]).some((key) => !sameValue(next[key], sub[key]));
  if (changed) await tx.subscription.update({ where: { id: locked.id }, data: next });
  const replaced = !current && sub.stripeSubscriptionId ? sub.stripeSubscriptionId : null;
  return { outcome: 'applied', companyId: sub.companyId, replaced };
}

/** In the change's transaction: a replaced subscription is canceled at the provider (a job, retried). */
export async function enqueueSyncFollowUps(tx: Tx, jobs: JobQueue, result: SyncResult | null): Promise<void> {
  if (result?.outcome === 'applied' && result.replaced) {
    await jobs.enqueueIn(tx, cancelReplacedSubscriptionJob, { subscription_id: result.replaced });
  }
}

/** A direct read (check-session, cancel): no event, so no ordering timestamp. */
export async function syncProviderSubscription(s: Deps, p: ProviderSubscription): Promise<SyncResult> {
  const result = await s.db.$transaction(async (tx) => {
    const applied = await applyProviderSubscription(tx, p);
    await enqueueSyncFollowUps(tx, s.platform.jobs, applied);
    return applied;
  });
  await s.platform.jobs.flush();
  return result;
}
