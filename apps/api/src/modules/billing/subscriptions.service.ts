import type { Db, Prisma } from '@app/db';
import { FREE_PLAN_MIGRATED, type Role } from '@app/shared';
import type { Config } from '../../config';
import { AppError, fieldError, notFound } from '../../errors';
import type { Platform } from '../../platform';
import { ENDED_STATUSES } from '../../platform/payments';
import { subscriptionWhere } from './billing.where';
import { freshToken } from './claims';
import { companyEntitlements, entitlementSelect, entitlementsOf } from './entitlements';
import { syncProviderSubscription } from './sync';

type Services = { db: Db; config: Config; platform: Platform };
type Tx = Prisma.TransactionClient;
/** The signed-in user; companyId is theirs, never one sent by the client. */
export type Caller = { id: number; companyId: number; role: Role; email: string };

const DAY_MS = 86_400_000;

export const subscriptionSelect = {
  ...entitlementSelect,
  planId: true,
  plan: { select: { name: true, amountCents: true, features: true } },
} satisfies Prisma.SubscriptionSelect;
type SubscriptionRow = Prisma.SubscriptionGetPayload<{ select: typeof subscriptionSelect }>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toSubscriptionDto(row: SubscriptionRow, role: Role, now = new Date()) {
  const ent = entitlementsOf(row, role, now);
  return {
    plan_id: row.planId,
    plan_name: row.plan.name,
    amount_cents: row.plan.amountCents,
    is_free_plan: row.plan.amountCents === 0,
    status: row.status,
    status_plan: row.status,
    features: ent.features,
    current_period_end: iso(ent.current_period_end),
    trial_ends_at: iso(row.trialEndsAt),
    is_valid_for_features: ent.is_valid_for_features,
    days_remaining: ent.days_remaining,
  };
}

/** Section 5 on the server: billing acts only for the signed-in user's own e-mail. */
export function assertCallerEmail(caller: Caller, email: string) {
  if (email.toLowerCase() !== caller.email.toLowerCase()) throw fieldError('email', 'não corresponde ao usuário conectado');
}

/** GET /api/subscription/current, with a new token when the caller's claims went stale. */
export async function currentSubscription(s: Services, caller: Caller, authorization: string | undefined) {
  const company = await s.db.company.findUniqueOrThrow({
    where: { id: caller.companyId },
    select: { name: true, subscription: { select: subscriptionSelect } },
  });
  const subscription = company.subscription ? toSubscriptionDto(company.subscription, caller.role) : null;
  const features = subscription?.features ?? entitlementsOf(null, caller.role).features;
  const token = await freshToken(s.config, authorization, {
    userId: caller.id,
    company_id: caller.companyId,
    company_name: company.name,
    role: caller.role,
    features,
  });
  return { subscription, token };
}

export async function availableFeatures(db: Db, caller: Caller) {
  return { features: (await companyEntitlements(db, caller.companyId, caller.role)).features };
}

/**
 * A new agency starts trialing on the cheapest public paid plan that offers a trial; without
 * one, on the free plan.
 */
export async function startTrial(tx: Tx, companyId: number, now = new Date()) {
  const paid = await tx.plan.findFirst({
    where: { isPublic: true, amountCents: { gt: 0 }, trialDays: { gt: 0 } },
    orderBy: [{ amountCents: 'asc' }, { id: 'asc' }],
    select: { id: true, trialDays: true },
  });
  if (paid) {
    return tx.subscription.create({
      data: { companyId, planId: paid.id, status: 'trialing', trialEndsAt: new Date(now.getTime() + paid.trialDays * DAY_MS) },
    });
  }
  const free = await tx.plan.findFirst({ where: { amountCents: 0 }, orderBy: { id: 'asc' }, select: { id: true } });
  if (!free) throw new AppError('CONFLICT', { message: 'Nenhum plano disponível para a nova agência.' });
  return tx.subscription.create({ data: { companyId, planId: free.id, status: 'active' } });
}

/**
 * POST /api/plans/{id}/subscribe: moves the company to a free plan at once. A live paid
 * subscription is canceled at the provider first, so it is never charged again.
 */
export async function subscribeFree(s: Services, caller: Caller, planId: number, email: string) {
  assertCallerEmail(caller, email);
  const plan = await s.db.plan.findFirst({ where: { id: planId, isPublic: true }, select: { id: true, amountCents: true } });
  if (!plan) throw notFound();
  if (plan.amountCents > 0) throw new AppError('CONFLICT', { message: 'Este plano é pago: assine pelo pagamento.' });
  const sub = await s.db.subscription.findUnique({ where: subscriptionWhere(caller.companyId), select: { stripeSubscriptionId: true } });
  if (!sub) throw notFound();
  if (sub.stripeSubscriptionId) {
    const live = await s.platform.payments.retrieveSubscription(sub.stripeSubscriptionId);
    if (live && !ENDED_STATUSES.includes(live.status)) await s.platform.payments.cancelSubscription(live.id);
  }
  await s.db.subscription.update({
    where: subscriptionWhere(caller.companyId),
    data: { planId: plan.id, status: 'active', currentPeriodEnd: null, trialEndsAt: null, stripeSubscriptionId: null },
  });
  const ent = await companyEntitlements(s.db, caller.companyId, caller.role);
  return { status: FREE_PLAN_MIGRATED, data: { status_plan: ent.status_plan, days_remaining: ent.days_remaining } };
}

/**
 * PUT /api/cancel-subscription: cancels at once. What was already granted (the paid period,
 * or the trial) stays usable until its end, as the section 4 rule says for canceled plans.
 */
export async function cancelSubscription(s: Services, caller: Caller, email: string, authorization: string | undefined) {
  assertCallerEmail(caller, email);
  const sub = await s.db.subscription.findUnique({
    where: subscriptionWhere(caller.companyId),
    select: { status: true, currentPeriodEnd: true, trialEndsAt: true, stripeSubscriptionId: true },
  });
  if (!sub) throw notFound();
  if (sub.status === 'canceled') throw new AppError('CONFLICT', { message: 'A assinatura já está cancelada.' });
  const provider = sub.stripeSubscriptionId ? await s.platform.payments.retrieveSubscription(sub.stripeSubscriptionId) : null;
  if (provider) {
    // Already ended at the provider (an event we missed): take its state as it is.
    await syncProviderSubscription(
      s,
      ENDED_STATUSES.includes(provider.status) ? provider : await s.platform.payments.cancelSubscription(provider.id),
    );
  } else {
    const grantedUntil = sub.status === 'trialing' ? sub.trialEndsAt : sub.currentPeriodEnd;
    await s.db.subscription.update({
      where: subscriptionWhere(caller.companyId),
      data: { status: 'canceled', currentPeriodEnd: grantedUntil },
    });
  }
  return currentSubscription(s, caller, authorization);
}
