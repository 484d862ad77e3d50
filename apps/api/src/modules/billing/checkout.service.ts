import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { returnOrigin } from '../../hosts';
import { companyEntitlements } from '../access/entitlements';
import type { SessionUser } from '../access/session';
import { checkoutSessionWhere, subscriptionWhere } from './billing.where';
import { assertCallerEmail } from './subscriptions.service';
import { syncProviderSubscription } from './sync';

/** One provider customer per company, created on its first checkout. */
async function ensureCustomer(s: Deps, companyId: number, email: string): Promise<string> {
  const sub = await s.db.subscription.findUnique({
    where: subscriptionWhere(companyId),
    select: { stripeCustomerId: true, company: { select: { name: true } } },
  });
  if (!sub) throw notFound();
  if (sub.stripeCustomerId) return sub.stripeCustomerId;
  const created = await s.platform.payments.createCustomer({ email, name: sub.company.name, companyId });
  // Two checkouts at once: the first stored customer wins, the other one stays unused.
  const { count } = await s.db.subscription.updateMany({
    where: { companyId, stripeCustomerId: null },
    data: { stripeCustomerId: created },
  });
  if (count === 1) return created;
  const winner = await s.db.subscription.findUniqueOrThrow({ where: subscriptionWhere(companyId), select: { stripeCustomerId: true } });
  return winner.stripeCustomerId ?? created;
}

/**
 * POST /api/payments/create-checkout-session: a paid public plan, paid by the signed-in owner. The
 * provider sends the browser back to the address the owner started from (`requestOrigin`, the
 * page's Origin) when it is one of the app's own (hosts.ts), so they come back signed in.
 */
export async function createCheckoutSession(
  s: Deps,
  caller: SessionUser,
  input: { plan_id?: number; planId?: number; email: string },
  requestOrigin: string | null,
) {
  assertCallerEmail(caller, input.email);
  const plan = await s.db.plan.findFirst({
    where: { id: input.plan_id ?? input.planId, isPublic: true },
    select: { id: true, name: true, amountCents: true, stripePriceId: true },
  });
  if (!plan) throw notFound();
  if (plan.amountCents === 0) throw new AppError('CONFLICT', { message: 'O plano gratuito não exige pagamento.' });
  const current = await s.db.subscription.findUnique({
    where: subscriptionWhere(caller.companyId),
    select: { planId: true, status: true, stripeSubscriptionId: true },
  });
  if (current?.planId === plan.id && current.status === 'active' && current.stripeSubscriptionId) {
    throw new AppError('CONFLICT', { message: 'A assinatura deste plano já está ativa.' });
  }
  const customerId = await ensureCustomer(s, caller.companyId, input.email);
  const company = await s.db.company.findUniqueOrThrow({ where: { id: caller.companyId }, select: { subdomain: true } });
  const back = `${returnOrigin(s.config, requestOrigin, company.subdomain)}/seu-plano`;
  const session = await s.platform.payments.createCheckoutSession({
    customerId,
    companyId: caller.companyId,
    plan,
    successUrl: `${back}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: back,
  });
  await s.db.checkoutSession.create({
    data: { id: session.id, companyId: caller.companyId, planId: plan.id, userId: caller.id, email: input.email },
  });
  return { checkout_url: session.url };
}

/**
 * GET /api/payments/check-session/{id}: the session as the provider has it now. The browser comes
 * here back from the checkout page, often before the webhook: the read brings our copy of the
 * session and of the subscription in step with the provider's (the webhook's own reconciliation,
 * re-read from the provider, never from the caller), so the plan the owner just paid for is
 * usable at once. Our copy already in step writes nothing, so repeating the GET has no effect.
 */
export async function checkSession(s: Deps, caller: SessionUser, id: string) {
  const record = await s.db.checkoutSession.findFirst({
    where: checkoutSessionWhere(caller.companyId, id),
    select: { id: true, planId: true },
  });
  if (!record) throw notFound();
  const session = await s.platform.payments.retrieveCheckoutSession(record.id);
  if (!session) throw notFound();
  const sub = session.subscriptionId ? await s.platform.payments.retrieveSubscription(session.subscriptionId) : null;
  if (sub) await syncProviderSubscription(s, sub);
  await s.db.checkoutSession.updateMany({
    where: { id: record.id, NOT: { status: session.status, paymentStatus: session.paymentStatus } },
    data: { status: session.status, paymentStatus: session.paymentStatus },
  });
  const ent = await companyEntitlements(s.db, caller.companyId, caller.role);
  return {
    id: record.id,
    status: session.status,
    payment_status: session.paymentStatus,
    plan_id: record.planId,
    status_plan: ent.status_plan,
    days_remaining: ent.days_remaining,
  };
}
