// Super admin: support staff set an agency's subscription status and dates by hand.
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
const DAY_MS = 86_400_000;

const companyId = async (name: string) => (await t.deps.db.company.findFirstOrThrow({ where: { name }, select: { id: true } })).id;

describe('PATCH /api/admin/companies/{id}/subscription', () => {
  it('ends a trial, then marks the agency past_due: its staff are restricted at once, billing stays reachable', async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const outra = await companyId(DEMO.companies.outra);
    const owner = await t.tokenFor(DEMO.users.outraOwner);

    const ended = await t.call('PATCH', `/api/admin/companies/${outra}/subscription`, {
      token: root,
      body: { subscription: { trial_ends_at: new Date(Date.now() - 60_000).toISOString() } },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ id: outra, status_plan: 'trialing', days_remaining: 0, is_valid_for_features: false });
    const refused = await t.call('GET', '/api/users', { token: owner });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'PLAN_RESTRICTED', message: 'Fim de período de teste' });

    const pastDue = await t.call('PATCH', `/api/admin/companies/${outra}/subscription`, {
      token: root,
      body: { subscription: { status: 'past_due', trial_ends_at: null, current_period_end: null } },
    });
    expect(pastDue.json()).toMatchObject({ status_plan: 'past_due', is_valid_for_features: false, current_period_end: null });
    expect((await t.call('GET', '/api/users', { token: owner })).json().message).toBe('Pagamento atrasado');
    const current = (await t.call('GET', '/api/subscription/current', { token: owner })).json();
    expect(current.subscription).toMatchObject({ status: 'past_due', is_valid_for_features: false });

    const extended = await t.call('PATCH', `/api/admin/companies/${outra}/subscription`, {
      token: root,
      body: { subscription: { status: 'trialing', trial_ends_at: new Date(Date.now() + 2 * DAY_MS - 60_000).toISOString() } },
    });
    expect(extended.json()).toMatchObject({ status_plan: 'trialing', days_remaining: 2, is_valid_for_features: true });
    expect((await t.call('GET', '/api/users', { token: owner })).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and changes nothing; the system company or a missing one is 404', async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const demo = await companyId(DEMO.companies.demo);
    const before = await t.deps.db.subscription.findUniqueOrThrow({ where: { companyId: demo } });
    for (const subscription of [{}, { status: 'nope' }, { trial_ends_at: 'amanhã' }, { company_id: 1 }]) {
      const res = await t.call('PATCH', `/api/admin/companies/${demo}/subscription`, { token: root, body: { subscription } });
      expect(res.statusCode, JSON.stringify(subscription)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}).length).toBeGreaterThan(0);
    }
    expect(await t.deps.db.subscription.findUniqueOrThrow({ where: { companyId: demo } })).toEqual(before);

    const sistema = await companyId(DEMO.companies.sistema);
    for (const id of [sistema, 2_147_483_646]) {
      const res = await t.call('PATCH', `/api/admin/companies/${id}/subscription`, {
        token: root,
        body: { subscription: { status: 'paused' } },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('is refused to agency staff with 403', async () => {
    const demo = await companyId(DEMO.companies.demo);
    for (const email of [DEMO.users.owner, DEMO.users.admin, DEMO.users.colaborador]) {
      const res = await t.call('PATCH', `/api/admin/companies/${demo}/subscription`, {
        token: await t.tokenFor(email),
        body: { subscription: { status: 'active' } },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.deps.db.subscription.findUniqueOrThrow({ where: { companyId: demo } })).status).toBe('active');
  });
});
