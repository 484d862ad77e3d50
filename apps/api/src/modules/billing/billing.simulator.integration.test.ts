// The embedded default (no Stripe keys): checkout happens on the app's simulator page, which
// emits signed Stripe events through the same webhook route.
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
const DAY = 86_400_000;

async function outra() {
  const company = await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.outra }, select: { id: true } });
  const [pro, free] = await Promise.all([
    t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.pro } }),
    t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.free } }),
  ]);
  return { companyId: company.id, pro, free, token: await t.tokenFor(DEMO.users.outraOwner) };
}

const subscriptionOf = (companyId: number) => t.deps.db.subscription.findUniqueOrThrow({ where: { companyId } });

async function openCheckout(token: string, planId: number) {
  const res = await t.call('POST', '/api/payments/create-checkout-session', {
    token,
    body: { plan_id: planId, email: DEMO.users.outraOwner },
  });
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().checkout_url);
  expect(url.origin).toBe('http://localhost:3000');
  expect(url.pathname).toMatch(/^\/checkout-simulator\/cs_sim_[0-9a-f]+$/);
  return url.pathname.split('/').pop() as string;
}

describe('checkout simulator', () => {
  it('a failed payment leaves a valid trial as it was; paying activates the plan through signed events', async () => {
    const { companyId, pro, token } = await outra();
    expect(t.platform.payments.kind).toBe('simulator');

    const failing = await openCheckout(token, pro.id);
    const page = await t.call('GET', `/checkout-simulator/${failing}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Plano Profissional');
    expect(page.body).toContain('R$ 149,90');
    expect(page.body).toContain('>Pagar<');
    expect(page.body).toContain('>Simular falha<');

    const failed = await t.call('POST', `/checkout-simulator/${failing}/fail`);
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`http://localhost:3000/seu-plano?session_id=${failing}`);
    // Declined card on a trial that still runs: the trial is kept, the attempt shows as unpaid.
    expect(await subscriptionOf(companyId)).toMatchObject({ status: 'trialing', stripeSubscriptionId: null });
    const check = await t.call('GET', `/api/payments/check-session/${failing}`, { token });
    expect(check.json()).toMatchObject({
      id: failing,
      status: 'complete',
      payment_status: 'unpaid',
      status_plan: 'trialing',
      plan_id: pro.id,
    });
    expect((await t.call('GET', `/checkout-simulator/${failing}`)).body).toContain('já foi finalizada');

    const paying = await openCheckout(token, pro.id);
    const paid = await t.call('POST', `/checkout-simulator/${paying}/pay`);
    expect(paid.statusCode).toBe(303);
    const sub = await subscriptionOf(companyId);
    expect(sub).toMatchObject({ status: 'active', planId: pro.id, trialEndsAt: null });
    expect(sub.stripeSubscriptionId).toMatch(/^sub_sim_/);
    expect(sub.stripeCustomerId).toMatch(/^cus_sim_/);
    expect((sub.currentPeriodEnd as Date).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    const events = await t.deps.db.processedStripeEvent.findMany({ orderBy: { processedAt: 'asc' }, select: { type: true } });
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid', 'invoice.payment_failed']),
    );
    expect(await t.deps.db.checkoutSession.findUniqueOrThrow({ where: { id: paying } })).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      companyId,
    });

    const current = (await t.call('GET', '/api/subscription/current', { token })).json();
    expect(current.subscription).toMatchObject({
      status: 'active',
      status_plan: 'active',
      plan_name: 'Plano Profissional',
      is_valid_for_features: true,
    });
    // Paying the same plan twice is refused.
    const again = await t.call('POST', '/api/payments/create-checkout-session', {
      token,
      body: { planId: pro.id, email: DEMO.users.outraOwner },
    });
    expect(again.statusCode).toBe(409);
  });

  it('an expired trial takes the declined subscription (incomplete, restricted); paying again fixes it and the old one is canceled', async () => {
    const { companyId, pro, token } = await outra();
    await t.deps.db.subscription.update({
      where: { companyId },
      data: {
        status: 'trialing',
        trialEndsAt: new Date(Date.now() - DAY),
        currentPeriodEnd: null,
        stripeSubscriptionId: null,
        providerUpdatedAt: null,
      },
    });
    expect((await t.call('GET', '/api/users', { token })).json()).toMatchObject({ status: 402, message: 'Fim de período de teste' });

    const declined = await openCheckout(token, pro.id);
    await t.call('POST', `/checkout-simulator/${declined}/fail`);
    const incomplete = await subscriptionOf(companyId);
    expect(incomplete.status).toBe('incomplete');
    const users = await t.call('GET', '/api/users', { token });
    expect(users.statusCode).toBe(402);
    expect(users.json().message).toBe('Pagamento pendente');

    const retry = await openCheckout(token, pro.id);
    await t.call('POST', `/checkout-simulator/${retry}/pay`);
    const active = await subscriptionOf(companyId);
    expect(active.status).toBe('active');
    expect(active.stripeSubscriptionId).not.toBe(incomplete.stripeSubscriptionId);
    expect((await t.call('GET', '/api/users', { token })).statusCode).toBe(200);
    await t.platform.jobs.drain();
    const old = await t.platform.payments.retrieveSubscription(incomplete.stripeSubscriptionId as string);
    expect(old?.status).toBe('canceled');
  });

  it('cancel goes through the simulator, which reports customer.subscription.deleted; the paid month stays usable', async () => {
    const { companyId, token } = await outra();
    const before = await subscriptionOf(companyId);
    const res = await t.call('PUT', '/api/cancel-subscription', { token, body: { email: DEMO.users.outraOwner } });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'canceled', is_valid_for_features: true });
    const after = await subscriptionOf(companyId);
    expect(after).toMatchObject({ status: 'canceled', stripeSubscriptionId: before.stripeSubscriptionId });
    expect(after.currentPeriodEnd).toEqual(before.currentPeriodEnd);
    const deleted = await t.deps.db.processedStripeEvent.count({ where: { type: 'customer.subscription.deleted' } });
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/api/users', { token })).statusCode).toBe(200);
    expect((await t.call('PUT', '/api/cancel-subscription', { token, body: { email: DEMO.users.outraOwner } })).statusCode).toBe(409);
  });

  it('unknown sessions: 404 page; another agency cannot check a session', async () => {
    expect((await t.call('GET', '/checkout-simulator/cs_sim_nada')).statusCode).toBe(404);
    const { pro, token } = await outra();
    const id = await openCheckout(token, pro.id);
    const demoOwner = await t.tokenFor(DEMO.users.owner);
    const other = await t.call('GET', `/api/payments/check-session/${id}`, { token: demoOwner });
    const missing = await t.call('GET', '/api/payments/check-session/cs_sim_000000', { token: demoOwner });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json().message).toBe(missing.json().message);
  });
});
