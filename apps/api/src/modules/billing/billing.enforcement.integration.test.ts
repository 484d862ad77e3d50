// Plan enforcement on the server: restriction (402, never 401/403) and features, always from the
// company's current subscription, whatever the token says.
import { TRPCError } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO, SUPER_ADMIN_FEATURE_SET, useTestApp } from '../../../test/harness';
import { toApiErrorBody } from '../../error-body';
import { AppError } from '../../errors';
import { createCallerFactory, createContext, requireFeature, router } from '../../trpc';

const t = useTestApp();
const DAY = 86_400_000;

const companyId = async (name: string) => (await t.deps.db.company.findFirstOrThrow({ where: { name }, select: { id: true } })).id;
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());

describe('a restricted plan', () => {
  it('refuses the agency’s other calls with 402 and the status message; billing, profile and plans still work', async () => {
    const demo = await companyId(DEMO.companies.demo);
    const owner = await t.tokenFor(DEMO.users.owner);
    const admin = await t.tokenFor(DEMO.users.admin);
    const colab = await t.tokenFor(DEMO.users.colaborador);
    await t.deps.db.subscription.update({
      where: { companyId: demo },
      data: { status: 'past_due', currentPeriodEnd: new Date(Date.now() - 1000) },
    });
    try {
      for (const token of [owner, admin, colab]) {
        const rest = await t.call('GET', '/api/users', { token });
        expect(rest.statusCode).toBe(402);
        expect(rest.json()).toMatchObject({ status: 402, code: 'PLAN_RESTRICTED', message: 'Pagamento atrasado' });
        const trpc = await t.call('GET', '/trpc/users.list', { token });
        expect(trpc.statusCode).toBe(402);
        expect(trpc.json().error.data).toMatchObject({ status: 402, message: 'Pagamento atrasado' });
        expect((await t.call('GET', '/api/profile', { token })).statusCode).toBe(200);
        expect((await t.call('PATCH', '/api/profile', { token, body: { phone: '11 99999-0000' } })).statusCode).toBe(200);
        expect((await t.call('GET', '/api/plans', { token })).statusCode).toBe(200);
        const current = await t.call('GET', '/api/subscription/current', { token });
        expect(current.json().subscription).toMatchObject({ status: 'past_due', is_valid_for_features: false, days_remaining: 0 });
        const features = await t.call('GET', '/api/available_features', { token });
        expect(Object.values(features.json().features).every((on) => on === false)).toBe(true);
      }
      // Plain Fastify routes (uploads) are held to the same rule.
      const upload = await t.call('POST', '/api/uploads/image', { token: owner, body: {} });
      expect(upload.statusCode).toBe(402);
      expect(upload.json().message).toBe('Pagamento atrasado');
      // The owner regularizes: checkout and the free plan stay open to them.
      const pro = await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.pro } });
      const checkout = await t.call('POST', '/api/payments/create-checkout-session', {
        token: owner,
        body: { plan_id: pro.id, email: DEMO.users.owner },
      });
      expect(checkout.statusCode).toBe(200);
      // Another agency and the super admin are not affected.
      expect((await t.call('GET', '/api/users', { token: await t.tokenFor(DEMO.users.outraOwner) })).statusCode).toBe(200);
      expect((await t.call('GET', `/api/companies/${demo}/users`, { token: await t.tokenFor(DEMO.users.superAdmin) })).statusCode).toBe(
        200,
      );
    } finally {
      await t.deps.db.subscription.update({
        where: { companyId: demo },
        data: { status: 'active', currentPeriodEnd: new Date(Date.now() + 30 * DAY) },
      });
    }
    expect((await t.call('GET', '/api/users', { token: owner })).statusCode).toBe(200);
  });

  it('trial: valid while days remain (3, 1), refused at 0 with "Fim de período de teste"; a canceled trial runs to its end', async () => {
    const outra = await companyId(DEMO.companies.outra);
    const token = await t.tokenFor(DEMO.users.outraOwner);
    const setTrialEnd = (ms: number) =>
      t.deps.db.subscription.update({
        where: { companyId: outra },
        data: { status: 'trialing', trialEndsAt: new Date(Date.now() + ms), currentPeriodEnd: null },
      });
    const current = async () => (await t.call('GET', '/api/subscription/current', { token })).json().subscription;

    await setTrialEnd(3 * DAY - 60_000);
    expect(await current()).toMatchObject({ status_plan: 'trialing', days_remaining: 3, is_valid_for_features: true });
    await setTrialEnd(60_000);
    expect(await current()).toMatchObject({ days_remaining: 1, is_valid_for_features: true });
    expect((await t.call('GET', '/api/users', { token })).statusCode).toBe(200);

    await setTrialEnd(-60_000);
    expect(await current()).toMatchObject({ status_plan: 'trialing', days_remaining: 0, is_valid_for_features: false });
    const refused = await t.call('GET', '/api/users', { token });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe('Fim de período de teste');
    const login = (await t.call('POST', '/api/login', { body: { email: DEMO.users.outraOwner, password: DEMO.password } })).json();
    expect(login).toMatchObject({ status_plan: 'trialing', days_remaining: 0 });

    // A trial that expired leaves the free plan one call away.
    const free = await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.free } });
    const wrongEmail = await t.call('POST', `/api/plans/${free.id}/subscribe`, { token, body: { email: DEMO.users.owner } });
    expect(wrongEmail.statusCode).toBe(400);
    const migrated = await t.call('POST', `/api/plans/${free.id}/subscribe`, { token, body: { email: DEMO.users.outraOwner } });
    expect(migrated.json()).toEqual({ status: 'success', data: { status_plan: 'active', days_remaining: 0 } });
    expect((await t.call('GET', '/api/users', { token })).statusCode).toBe(200);

    await setTrialEnd(5 * DAY);
    const canceled = await t.call('PUT', '/api/cancel-subscription', { token, body: { email: DEMO.users.outraOwner } });
    expect(canceled.json().subscription).toMatchObject({ status: 'canceled', is_valid_for_features: true, days_remaining: 5 });
    expect((await t.call('GET', '/api/users', { token })).statusCode).toBe(200);
    await setTrialEnd(10 * DAY);
  });
});

describe('features follow the current subscription', () => {
  // A procedure gated on a feature, called through the real tRPC middleware chain.
  const probe = router({ d4sign: requireFeature('d4sign').query(() => 'ok') });
  const call = (token: string) =>
    createCallerFactory(probe)(
      createContext(t.deps, {
        id: 'probe',
        ip: '127.0.0.1',
        headers: { authorization: `Bearer ${token}` },
        log: t.app.log,
      } as unknown as FastifyRequest),
    ).d4sign();

  it('a plan change takes effect at once, even with the old token, and the next responses carry fresh claims', async () => {
    const old = await t.tokenFor(DEMO.users.owner);
    expect(claims(old).features.d4sign).toBe(true);
    await expect(call(old)).resolves.toBe('ok');
    expect((await t.call('GET', '/api/subscription/current', { token: old })).json().token).toBeNull();

    const root = await t.tokenFor(DEMO.users.superAdmin);
    const pro = await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.pro } });
    const patched = await t.call('PATCH', `/api/admin/plans/${pro.id}`, { token: root, body: { plan: { features: { d4sign: false } } } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().features).toMatchObject({ d4sign: false, cambio_sistema: true });
    try {
      const refused = await call(old).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TRPCError);
      expect(refused).toMatchObject({ code: 'PAYMENT_REQUIRED', cause: expect.any(AppError) });
      expect((refused as TRPCError).cause).toMatchObject({
        code: 'PLAN_RESTRICTED',
        message: 'Este recurso não está incluído no plano da sua agência.',
      });
      expect(toApiErrorBody(refused)).toMatchObject({
        status: 402,
        code: 'PLAN_RESTRICTED',
        message: 'Este recurso não está incluído no plano da sua agência.',
      });

      const current = (await t.call('GET', '/api/subscription/current', { token: old })).json();
      expect(current.subscription.features.d4sign).toBe(false);
      expect(claims(current.token).features).toEqual(current.subscription.features);
      expect(claims(current.token)).toMatchObject({ company_name: 'Agência Demo', role: 'owner' });
      const profile = (await t.call('GET', '/api/profile', { token: old })).json();
      expect(claims(profile.token).features.d4sign).toBe(false);
      expect((await t.call('GET', '/api/available_features', { token: old })).json().features.d4sign).toBe(false);
      expect((await t.call('GET', '/api/subscription/current', { token: current.token })).json().token).toBeNull();
    } finally {
      await t.call('PATCH', `/api/admin/plans/${pro.id}`, { token: root, body: { plan: { features: { d4sign: true } } } });
    }
    await expect(call(old)).resolves.toBe('ok');
  });

  it('a super admin carries the fixed feature set and is never restricted', async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const current = (await t.call('GET', '/api/subscription/current', { token: root })).json();
    expect(current.subscription.features).toEqual(SUPER_ADMIN_FEATURE_SET);
    await expect(call(root)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', cause: { code: 'PLAN_RESTRICTED' } });
  });
});

describe('GET /api/subscription/current', () => {
  it('answers with no-cache headers, accepts a cache-busting timestamp and the subscription fields', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const res = await t.call('GET', `/api/subscription/current?_=${Date.now()}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store, no-cache, must-revalidate');
    expect(res.headers.pragma).toBe('no-cache');
    expect(Object.keys(res.json().subscription).sort()).toEqual([
      'amount_cents',
      'current_period_end',
      'days_remaining',
      'features',
      'is_free_plan',
      'is_valid_for_features',
      'plan_id',
      'plan_name',
      'status',
      'status_plan',
      'trial_ends_at',
    ]);
    expect(res.json().subscription).toMatchObject({
      plan_name: 'Plano Profissional',
      amount_cents: 14_990,
      is_free_plan: false,
      status: 'active',
    });
    const trpc = await t.call('GET', '/trpc/billing.subscription.current', { token });
    expect(trpc.headers['cache-control']).toBe('no-store, no-cache, must-revalidate');
    expect((await t.call('GET', '/api/subscription/current?foo=1', { token })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/subscription/current')).statusCode).toBe(401);
  });

  it('GET /api/plans lists the public plans, free first, with their features', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const { plans } = (await t.call('GET', '/api/plans', { token })).json();
    expect(plans.map((p: { name: string }) => p.name)).toEqual(['Plano Grátis', 'Plano Profissional']);
    expect(plans[0]).toMatchObject({ amount_cents: 0, is_free_plan: true, trial_days: 0 });
    expect(plans[1]).toMatchObject({
      amount_cents: 14_990,
      is_free_plan: false,
      trial_days: 14,
      features: { d4sign: true, super_admin: false },
    });
    expect(plans[1]).not.toHaveProperty('stripe_price_id');
  });
});
