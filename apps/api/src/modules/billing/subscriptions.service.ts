import type { Prisma } from '@app/db';
import { FREE_PLAN_MIGRATED, type UpdateCompanySubscriptionInput } from '@app/shared';
import type { Deps } from '../../deps';
import { AppError, fieldError, notFound } from '../../errors';
import { ENDED_STATUSES } from '../../platform/payments';
import { freshToken } from '../access/claims';
import { companyEntitlements, entitlementsOf } from '../access/entitlements';
import type { SessionUser } from '../access/session';
import type { AccessClaims } from '../access/tokens';
import { toSubscriptionDto } from './billing.dto';
import { subscriptionSelect } from './billing.select';
import { subscriptionWhere } from './billing.where';
import { syncProviderSubscription } from './sync';

type Tx = Prisma.TransactionClient;

const DAY_MS = 86_400_000;

/** Billing acts only for the signed-in user's own e-mail (the web sends the one it stored at login). */
export function assertCallerEmail(caller: SessionUser, email: string) {
  if (email.toLowerCase() !== caller.email.toLowerCase()) throw fieldError('email', 'não corresponde ao usuário conectado');
}

/** GET /api/subscription/current, with a new token when the presented token's claims went stale. */
export async function currentSubscription(s: Deps, caller: SessionUser, presented: AccessClaims) {
  const company = await s.db.company.findUniqueOrThrow({
    where: { id: caller.companyId },
    select: { name: true, subscription: { select: subscriptionSelect } },
  });
  const subscription = company.subscription ? toSubscriptionDto(company.subscription, caller.role) : null;
  const features = subscription?.features ?? entitlementsOf(null, caller.role).features;
  const token = freshToken(s.config, presented, {
    userId: caller.id,
    company_id: caller.companyId,
    company_name: company.name,
    role: caller.role,
    features,
    token_version: caller.tokenVersion,
  });
  return { subscription, token };
}

export async function availableFeatures(s: Deps, caller: SessionUser) {
  return { features: (await companyEntitlements(s.db, caller.companyId, caller.role)).features };
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
export async function subscribeFree(s: Deps, caller: SessionUser, planId: number, email: string) {
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
 * or the trial) stays usable until its end: a canceled plan is valid while its period end is ahead.
 */
export async function cancelSubscription(s: Deps, caller: SessionUser, email: string, presented: AccessClaims) {
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
  return currentSubscription(s, caller, presented);
}

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

/** PATCH /api/admin/companies/{id}/subscription: an agency's status and dates, set by support staff. */
export async function correctSubscription(s: Deps, companyId: number, input: UpdateCompanySubscriptionInput) {
  const { count } = await s.db.subscription.updateMany({
    // The system company has no plan to correct: it answers like a missing agency.
    where: { companyId, company: { isSystem: false } },
    data: { status: input.status, trialEndsAt: toDate(input.trial_ends_at), currentPeriodEnd: toDate(input.current_period_end) },
  });
  if (count === 0) throw notFound();
}
