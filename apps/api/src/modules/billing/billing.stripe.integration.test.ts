// STRIPE_SECRET_KEY set: the real Stripe SDK, pointed at a fake Stripe server this test starts;
// webhooks signed with the SDK's own test-header helper.
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeStripe, seconds, signedEvent, startFakeStripe } from '../../../test/fake-stripe';
import { activateRegistration, DEMO, linkToken, useTestApp } from '../../../test/harness';

const WEBHOOK_SECRET = 'whsec_test_billing_secret';
const fake: FakeStripe = await startFakeStripe();
const t = useTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url });
afterAll(() => fake.close());

const DAY = 86_400;
const now = () => seconds(Date.now());

function post(payload: string, signature: string | undefined) {
  return t.call('POST', '/api/webhooks/stripe', {
    body: payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}
function deliver(type: string, object: Record<string, unknown>, opts: { id?: string; created?: number } = {}) {
  const { payload, signature } = signedEvent(WEBHOOK_SECRET, type, object, opts);
  return post(payload, signature);
}

let agencies = 0;
/** A new agency through the super admin route, its owner activated through the e-mailed link. */
async function newAgency() {
  agencies += 1;
  const root = await t.tokenFor(DEMO.users.superAdmin);
  const email = `dono${agencies}-${Date.now()}@stripe.test`;
  const res = await t.call('POST', '/api/companies', {
    token: root,
    body: { company: { name: `Agência Stripe ${agencies}` }, owner: { name: `Dono Stripe ${agencies}`, email } },
  });
  expect(res.statusCode).toBe(200);
  const [mail] = await t.mailsTo(email);
  const registration = linkToken(mail?.text ?? '', '/registration/activate-user');
  expect((await activateRegistration(t, registration, 'senha-forte-1')).statusCode).toBe(200);
  return { companyId: res.json().company.id as number, email, token: await t.tokenFor(email, 'senha-forte-1') };
}

const plans = async () => ({
  pro: await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.pro } }),
  free: await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.free } }),
});
const subscriptionOf = (companyId: number) => t.deps.db.subscription.findUniqueOrThrow({ where: { companyId } });

/** Checkout through the API, then Stripe's side of a payment: the session completes with `subscription`. */
async function paidAgency() {
  const agency = await newAgency();
  const { pro } = await plans();
  const res = await t.call('POST', '/api/payments/create-checkout-session', {
    token: agency.token,
    body: { plan_id: pro.id, email: agency.email },
  });
  expect(res.statusCode).toBe(200);
  const sessionId = (res.json().checkout_url as string).split('/').pop() as string;
  const { stripeCustomerId } = await subscriptionOf(agency.companyId);
  const sub = fake.setSubscription({ customer: stripeCustomerId as string, status: 'active', metadata: { plan_id: String(pro.id) } });
  const session = fake.completeSession(sessionId, sub.id as string);
  return { ...agency, sessionId, session, sub, customer: stripeCustomerId as string };
}

describe('checkout through the Stripe SDK', () => {
  it('creates the customer and a subscription-mode session for the plan price at Stripe', async () => {
    const agency = await newAgency();
    const { pro } = await plans();
    const before = fake.requests.length;
    const res = await t.call('POST', '/api/payments/create-checkout-session', {
      token: agency.token,
      body: { plan_id: pro.id, email: agency.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_fake_/);
    const [customer, session] = fake.requests.slice(before);
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      body: { email: agency.email, metadata: { company_id: String(agency.companyId) } },
    });
    expect(session).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      body: {
        mode: 'subscription',
        customer: expect.stringMatching(/^cus_fake_/),
        line_items: { '0': { price: 'price_profissional', quantity: '1' } },
        metadata: { company_id: String(agency.companyId), plan_id: String(pro.id) },
        subscription_data: { metadata: { plan_id: String(pro.id) } },
        success_url: 'http://localhost:3000/seu-plano?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:3000/seu-plano',
      },
    });
    const sub = await subscriptionOf(agency.companyId);
    expect(sub.stripeCustomerId).toBe(session?.body.customer);
    // A second checkout reuses the customer.
    await t.call('POST', '/api/payments/create-checkout-session', { token: agency.token, body: { plan_id: pro.id, email: agency.email } });
    expect(fake.requests.slice(before).filter((r) => r.path === '/v1/customers')).toHaveLength(1);
  });

  it('refuses another e-mail (400), the free plan (409), an unknown plan (404) and a colaborador (403), creating nothing', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const { pro, free } = await plans();
    const sessions = await t.deps.db.checkoutSession.count();
    const wrongEmail = await t.call('POST', '/api/payments/create-checkout-session', {
      token: owner,
      body: { plan_id: pro.id, email: 'outra@pessoa.test' },
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().errors).toEqual({ email: ['não corresponde ao usuário conectado'] });
    const noPlan = await t.call('POST', '/api/payments/create-checkout-session', { token: owner, body: { email: DEMO.users.owner } });
    expect(noPlan.json().errors).toHaveProperty('plan_id');
    expect(
      (await t.call('POST', '/api/payments/create-checkout-session', { token: owner, body: { plan_id: free.id, email: DEMO.users.owner } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await t.call('POST', '/api/payments/create-checkout-session', { token: owner, body: { plan_id: 999_999, email: DEMO.users.owner } }))
        .statusCode,
    ).toBe(404);
    const colab = await t.tokenFor(DEMO.users.colaborador);
    expect(
      (
        await t.call('POST', '/api/payments/create-checkout-session', {
          token: colab,
          body: { plan_id: pro.id, email: DEMO.users.colaborador },
        })
      ).statusCode,
    ).toBe(403);
    expect(await t.deps.db.checkoutSession.count()).toBe(sessions);
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('checkout.session.completed applies the state read back from Stripe, not the event body', async () => {
    const agency = await paidAgency();
    // The body claims a canceled session with no subscription; Stripe says otherwise.
    const res = await deliver('checkout.session.completed', {
      id: agency.sessionId,
      object: 'checkout.session',
      status: 'expired',
      subscription: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    const sub = await subscriptionOf(agency.companyId);
    expect(sub).toMatchObject({ status: 'active', stripeSubscriptionId: agency.sub.id, trialEndsAt: null });
    expect((sub.currentPeriodEnd as Date).getTime()).toBeGreaterThan(Date.now() + 29 * DAY * 1000);
    expect(await t.deps.db.checkoutSession.findUniqueOrThrow({ where: { id: agency.sessionId } })).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
    const fakeReads = fake.requests.filter((r) => r.method === 'GET').map((r) => r.path);
    expect(fakeReads).toEqual(expect.arrayContaining([`/v1/checkout/sessions/${agency.sessionId}`, `/v1/subscriptions/${agency.sub.id}`]));

    const check = await t.call('GET', `/api/payments/check-session/${agency.sessionId}`, { token: agency.token });
    expect(check.json()).toMatchObject({ status: 'complete', payment_status: 'paid', status_plan: 'active' });
  });

  it('a replayed event has no second effect', async () => {
    const agency = await paidAgency();
    const first = signedEvent(WEBHOOK_SECRET, 'customer.subscription.created', agency.sub);
    expect((await post(first.payload, first.signature)).json().outcome).toBe('applied');
    // Stripe's state moves on; replaying the old event (same id) must not apply anything again.
    fake.setSubscription({ id: agency.sub.id as string, customer: agency.customer, status: 'past_due' });
    const replay = await post(first.payload, first.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('duplicate');
    expect((await subscriptionOf(agency.companyId)).status).toBe('active');
    expect(await t.deps.db.processedStripeEvent.count({ where: { id: JSON.parse(first.payload).id } })).toBe(1);
  });

  it('a bad signature is refused with 400 and changes nothing', async () => {
    const agency = await paidAgency();
    const before = await subscriptionOf(agency.companyId);
    const events = await t.deps.db.processedStripeEvent.count();
    const forged = signedEvent('whsec_someone_else', 'customer.subscription.created', agency.sub);
    const tampered = signedEvent(WEBHOOK_SECRET, 'customer.subscription.created', agency.sub);
    for (const [payload, signature] of [
      [forged.payload, forged.signature],
      [tampered.payload.replace('"livemode":false', '"livemode":true'), tampered.signature],
      [tampered.payload, undefined],
      [tampered.payload, 't=1,v1=deadbeef'],
    ] as const) {
      const res = await post(payload, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: 'Assinatura do webhook inválida.' });
    }
    // An old timestamp outside Stripe's 5-minute tolerance: a captured request replayed later.
    const stale = signedEvent(WEBHOOK_SECRET, 'customer.subscription.created', agency.sub);
    const { payload } = stale;
    const oldSignature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now() - 3600 });
    expect((await post(payload, oldSignature)).statusCode).toBe(400);
    // Signed, but not an event envelope.
    const junk = JSON.stringify({ id: 'evt_junk', object: 'event' });
    expect((await post(junk, Stripe.webhooks.generateTestHeaderString({ payload: junk, secret: WEBHOOK_SECRET }))).statusCode).toBe(400);
    expect(await subscriptionOf(agency.companyId)).toEqual(before);
    expect(await t.deps.db.processedStripeEvent.count()).toBe(events);
  });

  it('an older event arriving after a newer one leaves the newer state', async () => {
    const agency = await paidAgency();
    const t0 = now();
    await deliver('checkout.session.completed', agency.session, { created: t0 });
    fake.setSubscription({ id: agency.sub.id as string, customer: agency.customer, status: 'past_due' });
    const newer = await deliver('customer.subscription.updated', agency.sub, { created: t0 + 20 });
    expect(newer.json().outcome).toBe('applied');
    expect((await subscriptionOf(agency.companyId)).status).toBe('past_due');
    // Delivered late, an event from before: even if a read now said 'active', it is not applied.
    fake.setSubscription({ id: agency.sub.id as string, customer: agency.customer, status: 'active' });
    const older = await deliver('customer.subscription.updated', agency.sub, { created: t0 + 10 });
    expect(older.statusCode).toBe(200);
    expect(older.json().outcome).toBe('stale');
    const sub = await subscriptionOf(agency.companyId);
    expect(sub.status).toBe('past_due');
    expect(sub.providerUpdatedAt).toEqual(new Date((t0 + 20) * 1000));
    // The next newer event brings Stripe's state in.
    expect(
      (
        await deliver(
          'invoice.paid',
          { id: 'in_1', object: 'invoice', parent: { subscription_details: { subscription: agency.sub.id } } },
          { created: t0 + 30 },
        )
      ).json().outcome,
    ).toBe('applied');
    expect((await subscriptionOf(agency.companyId)).status).toBe('active');
  });

  it('invoice.payment_failed restricts the agency (402 with the message); invoice.paid brings it back', async () => {
    const agency = await paidAgency();
    await deliver('checkout.session.completed', agency.session);
    const start = now();
    // Stripe moves to the new period and its invoice fails: that period was never paid.
    fake.setSubscription({
      id: agency.sub.id as string,
      customer: agency.customer,
      status: 'past_due',
      periodStart: start - 60,
      periodEnd: start + 30 * DAY,
    });
    const invoice = {
      id: 'in_failed',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: agency.sub.id } },
    };
    expect((await deliver('invoice.payment_failed', invoice)).json().outcome).toBe('applied');
    const refused = await t.call('GET', '/api/users', { token: agency.token });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ status: 402, code: 'PLAN_RESTRICTED', message: 'Pagamento atrasado' });
    const current = (await t.call('GET', '/api/subscription/current', { token: agency.token })).json();
    expect(current.subscription).toMatchObject({ status: 'past_due', is_valid_for_features: false });
    expect(Object.values(current.subscription.features).every((on) => on === false)).toBe(true);

    fake.setSubscription({
      id: agency.sub.id as string,
      customer: agency.customer,
      status: 'active',
      periodStart: start,
      periodEnd: start + 30 * DAY,
    });
    expect((await deliver('invoice.paid', { ...invoice, id: 'in_paid' }, { created: now() + 1 })).json().outcome).toBe('applied');
    expect((await t.call('GET', '/api/users', { token: agency.token })).statusCode).toBe(200);
  });

  it('customer.subscription.deleted: canceled, usable until the paid period ends; canceled for non-payment is not', async () => {
    const agency = await paidAgency();
    await deliver('checkout.session.completed', agency.session);
    fake.setSubscription({
      id: agency.sub.id as string,
      customer: agency.customer,
      status: 'canceled',
      periodStart: now() - DAY,
      periodEnd: now() + 29 * DAY,
    });
    await deliver('customer.subscription.deleted', agency.sub, { created: now() + 1 });
    expect((await subscriptionOf(agency.companyId)).status).toBe('canceled');
    expect((await t.call('GET', '/api/users', { token: agency.token })).statusCode).toBe(200);

    fake.setSubscription({
      id: agency.sub.id as string,
      customer: agency.customer,
      status: 'canceled',
      cancellationReason: 'payment_failed',
      periodStart: now() - DAY,
      periodEnd: now() + 29 * DAY,
    });
    await deliver('customer.subscription.updated', agency.sub, { created: now() + 2 });
    const refused = await t.call('GET', '/api/users', { token: agency.token });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe('Plano cancelado');
  });

  it('customer.subscription.trial_will_end e-mails the owners', async () => {
    const agency = await newAgency();
    const { pro } = await plans();
    const customer = `cus_manual_${agency.companyId}`;
    await t.deps.db.subscription.update({ where: { companyId: agency.companyId }, data: { stripeCustomerId: customer } });
    const trialEnd = now() + 3 * DAY;
    const sub = fake.setSubscription({
      customer,
      status: 'trialing',
      trialEnd,
      periodEnd: trialEnd,
      metadata: { plan_id: String(pro.id) },
    });
    const res = await deliver('customer.subscription.trial_will_end', sub);
    expect(res.json().outcome).toBe('applied');
    const [mail] = await t.mailsTo(agency.email);
    expect(mail?.subject).toContain('período de teste');
    expect(mail?.text).toContain('/seu-plano');
    expect(await subscriptionOf(agency.companyId)).toMatchObject({ status: 'trialing', stripeSubscriptionId: sub.id });
  });

  it('events of unknown customers or types are recorded and change nothing', async () => {
    const orphan = fake.setSubscription({ customer: 'cus_nobody', status: 'active' });
    expect((await deliver('customer.subscription.updated', orphan)).json().outcome).toBe('unknown_customer');
    expect((await deliver('charge.succeeded', { id: 'ch_1', object: 'charge' })).json().outcome).toBe('ignored');
  });

  it('a new paid subscription replaces the live one, which is canceled at Stripe', async () => {
    const agency = await paidAgency();
    await deliver('checkout.session.completed', agency.session);
    const { pro } = await plans();
    const second = fake.setSubscription({ customer: agency.customer, status: 'active', metadata: { plan_id: String(pro.id) } });
    expect((await deliver('customer.subscription.created', second)).json().outcome).toBe('applied');
    await t.platform.jobs.drain();
    expect((await subscriptionOf(agency.companyId)).stripeSubscriptionId).toBe(second.id);
    expect(fake.requests).toContainEqual(expect.objectContaining({ method: 'DELETE', path: `/v1/subscriptions/${agency.sub.id}` }));
    expect(fake.subscriptions.get(agency.sub.id as string)?.status).toBe('canceled');
    // Its deletion event is then ignored: it is no longer the agency's subscription.
    expect((await deliver('customer.subscription.deleted', agency.sub, { created: now() + 5 })).json().outcome).toBe('not_current');
    expect((await subscriptionOf(agency.companyId)).status).toBe('active');
  });
});

describe('cancel and the free plan', () => {
  it('PUT /api/cancel-subscription cancels at Stripe and keeps the paid period', async () => {
    const agency = await paidAgency();
    await deliver('checkout.session.completed', agency.session);
    const before = await subscriptionOf(agency.companyId);
    const res = await t.call('PUT', '/api/cancel-subscription', { token: agency.token, body: { email: agency.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'canceled', status_plan: 'canceled', is_valid_for_features: true });
    expect(fake.requests).toContainEqual(expect.objectContaining({ method: 'DELETE', path: `/v1/subscriptions/${agency.sub.id}` }));
    expect((await subscriptionOf(agency.companyId)).currentPeriodEnd).toEqual(before.currentPeriodEnd);
  });

  it('subscribing to the free plan cancels the paid subscription and issues fresh claims', async () => {
    const agency = await paidAgency();
    await deliver('checkout.session.completed', agency.session);
    const paidToken = (await t.call('POST', '/api/login', { body: { email: agency.email, password: 'senha-forte-1' } })).json()
      .token as string;
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    expect(claims(paidToken).features.d4sign).toBe(true);
    expect((await t.call('GET', '/api/subscription/current', { token: paidToken })).json().token).toBeNull();

    const { free } = await plans();
    const res = await t.call('POST', `/api/plans/${free.id}/subscribe`, { token: paidToken, body: { email: agency.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { status_plan: 'active', days_remaining: 0 } });
    expect(fake.subscriptions.get(agency.sub.id as string)?.status).toBe('canceled');
    expect(await subscriptionOf(agency.companyId)).toMatchObject({ planId: free.id, status: 'active', stripeSubscriptionId: null });

    const current = (await t.call('GET', '/api/subscription/current', { token: paidToken })).json();
    expect(current.subscription).toMatchObject({ plan_name: 'Plano Grátis', is_free_plan: true, features: { d4sign: false } });
    expect(claims(current.token).features.d4sign).toBe(false);
    const profile = (await t.call('GET', '/api/profile', { token: paidToken })).json();
    expect(claims(profile.token).features).toEqual(current.subscription.features);
    expect((await t.call('GET', '/api/profile', { token: current.token })).json().token).toBeNull();
  });
});
