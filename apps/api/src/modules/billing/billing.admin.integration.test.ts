// Super admin: agencies with their plan and status, new agencies on a trial, the plan catalogue.
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();

const features = (on: string[] = []) =>
  Object.fromEntries(
    ['d4sign', 'cambio_sistema', 'pipedrive_deals', 'nfse', 'financial_table_comments', 'custom_subdomain', 'super_admin'].map((k) => [
      k,
      on.includes(k),
    ]),
  );

describe('GET /api/admin/companies', () => {
  it('lists the agencies (not the system company) with plan, status and owner, paginated and filtered', async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const all = (await t.call('GET', '/api/admin/companies', { token: root })).json();
    expect(all.companies.map((c: { name: string }) => c.name)).toEqual(['Agência Demo', 'Agência Outra']);
    expect(all.companies[0]).toMatchObject({
      subdomain: 'demo',
      owner_email: DEMO.users.owner,
      plan_name: 'Plano Profissional',
      status_plan: 'active',
      is_valid_for_features: true,
    });
    expect(all.companies[1]).toMatchObject({ status_plan: 'trialing', days_remaining: 10, owner_email: DEMO.users.outraOwner });
    expect(all.pagination).toMatchObject({ total_count: 2, per_page: 6, current_page: 1 });

    const trialing = (await t.call('GET', '/api/admin/companies?status=trialing', { token: root })).json();
    expect(trialing.companies.map((c: { name: string }) => c.name)).toEqual(['Agência Outra']);
    const page2 = (await t.call('GET', '/api/admin/companies?per_page=1&page=2', { token: root })).json();
    expect(page2.companies.map((c: { name: string }) => c.name)).toEqual(['Agência Outra']);
    expect(page2.pagination).toMatchObject({ total_pages: 2, has_prev_page: true, has_next_page: false });
    expect((await t.call('GET', '/api/admin/companies?search=OUTRA', { token: root })).json().pagination.total_count).toBe(1);
    // Every word, blind to accents, case and punctuation, like the other lists, on the name and the subdomain.
    const names = async (search: string) =>
      (await t.call('GET', `/api/admin/companies?search=${encodeURIComponent(search)}`, { token: root }))
        .json()
        .companies.map((c: { name: string }) => c.name);
    expect(await names('agencia d')).toEqual(['Agência Demo']);
    expect(await names('AGÊNCIA')).toEqual(['Agência Demo', 'Agência Outra']);
    expect(await names('outr')).toEqual(['Agência Outra']);
    expect(await names('outra, AGENCIA')).toEqual(['Agência Outra']);
    expect(await names('%')).toEqual(['Agência Demo', 'Agência Outra']);
    expect(await names('sistema')).toEqual([]);
    const bad = await t.call('GET', '/api/admin/companies?status=nope&per_page=0', { token: root });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'status']);
  });

  it('is refused to agency staff with 403', async () => {
    for (const email of [DEMO.users.owner, DEMO.users.admin, DEMO.users.colaborador]) {
      expect((await t.call('GET', '/api/admin/companies', { token: await t.tokenFor(email) })).statusCode).toBe(403);
    }
  });
});

describe('POST /api/companies', () => {
  it('creates an agency trialing on the paid plan for its trial days, with its owner invited', async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const res = await t.call('POST', '/api/companies', {
      token: root,
      body: { company: { name: 'Agência Nova', subdomain: 'Nova-Agencia' }, owner: { name: 'Dona Nova', email: 'Dona@Nova.test' } },
    });
    expect(res.statusCode).toBe(200);
    const { company, owner } = res.json();
    expect(company).toMatchObject({
      name: 'Agência Nova',
      subdomain: 'nova-agencia',
      plan_name: 'Plano Profissional',
      status_plan: 'trialing',
      days_remaining: 14,
      is_valid_for_features: true,
      owner_email: 'dona@nova.test',
    });
    expect(owner).toMatchObject({ email: 'dona@nova.test', role: 'owner', status: 'pending', company_name: 'Agência Nova' });
    const [mail] = await t.mailsTo('dona@nova.test');
    expect(mail?.text).toContain('/registration/activate-user/');
    const sub = await t.deps.db.subscription.findUniqueOrThrow({ where: { companyId: company.id } });
    expect(Math.round(((sub.trialEndsAt as Date).getTime() - Date.now()) / 86_400_000)).toBe(14);
  });

  it('refuses a taken e-mail or subdomain and bad input with 400, creating nothing', async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const before = await t.deps.db.company.count();
    const taken = await t.call('POST', '/api/companies', {
      token: root,
      body: { company: { name: 'Duplicada', subdomain: 'demo' }, owner: { name: 'Alguém', email: DEMO.users.admin } },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ 'company.subdomain': ['has already been taken'], 'owner.email': ['has already been taken'] });
    const bad = await t.call('POST', '/api/companies', {
      token: root,
      body: { company: { name: 'X', subdomain: 'www', company_id: 1 }, owner: { name: 'Alguém', email: 'não-é-email' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['company.company_id', 'company.name', 'company.subdomain', 'owner.email']);
    expect(await t.deps.db.company.count()).toBe(before);
    const owner = await t.tokenFor(DEMO.users.owner);
    expect(
      (
        await t.call('POST', '/api/companies', {
          token: owner,
          body: { company: { name: 'Minha' }, owner: { name: 'Eu Mesmo', email: 'eu@x.test' } },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('plans', () => {
  it('creates and edits plans; features merge key by key; private plans stay off the public list', async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const created = await t.call('POST', '/api/admin/plans', {
      token: root,
      body: {
        plan: {
          name: 'Plano Premium',
          amount_cents: 29_990,
          trial_days: 7,
          stripe_price_id: 'price_premium',
          features: features(['d4sign', 'custom_subdomain']),
        },
      },
    });
    expect(created.statusCode).toBe(200);
    const plan = created.json();
    expect(plan).toMatchObject({
      name: 'Plano Premium',
      amount_cents: 29_990,
      trial_days: 7,
      is_public: true,
      is_free_plan: false,
      subscriptions_count: 0,
    });

    const edited = await t.call('PATCH', `/api/admin/plans/${plan.id}`, {
      token: root,
      body: { plan: { is_public: false, features: { cambio_sistema: true } } },
    });
    expect(edited.json().features).toEqual(features(['d4sign', 'custom_subdomain', 'cambio_sistema']));
    const token = await t.tokenFor(DEMO.users.owner);
    expect((await t.call('GET', '/api/plans', { token })).json().plans.map((p: { name: string }) => p.name)).not.toContain('Plano Premium');
    const list = (await t.call('GET', '/api/admin/plans', { token: root })).json();
    expect(list.plans.map((p: { name: string }) => p.name)).toEqual(['Plano Grátis', 'Plano Profissional', 'Plano Premium']);
    expect(list.plans[1].subscriptions_count).toBeGreaterThanOrEqual(3);
    expect((await t.call('PATCH', '/api/admin/plans/999999', { token: root, body: { plan: { name: 'Nada' } } })).statusCode).toBe(404);
  });

  it('validates plans: one free plan, no free trial, unique names and prices, all six features', async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const before = await t.deps.db.plan.count();
    const create = (plan: object) => t.call('POST', '/api/admin/plans', { token: root, body: { plan } });
    const errors = async (plan: object) => (await create(plan)).json().errors;
    expect(await errors({ name: 'Grátis 2', amount_cents: 0, features: features() })).toEqual({
      'plan.amount_cents': ['já existe um plano gratuito'],
    });
    expect(await errors({ name: 'Teste Grátis', amount_cents: 0, trial_days: 7, features: features() })).toEqual({
      'plan.trial_days': ['deve ser 0 no plano gratuito'],
    });
    expect(
      await errors({ name: 'plano profissional', amount_cents: 100, stripe_price_id: 'price_profissional', features: features() }),
    ).toEqual({
      'plan.name': ['has already been taken'],
      'plan.stripe_price_id': ['has already been taken'],
    });
    expect(Object.keys(await errors({ name: 'Sem Recursos', amount_cents: -1, features: { d4sign: true } }))).toEqual(
      expect.arrayContaining(['plan.amount_cents', 'plan.features.cambio_sistema']),
    );
    expect(await t.deps.db.plan.count()).toBe(before);

    const pro = await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.pro } });
    const toFree = await t.call('PATCH', `/api/admin/plans/${pro.id}`, { token: root, body: { plan: { amount_cents: 0, trial_days: 0 } } });
    expect(toFree.json().errors).toEqual({ 'plan.amount_cents': ['não pode mudar entre gratuito e pago com agências no plano'] });
    const owner = await t.tokenFor(DEMO.users.owner);
    expect(
      (await t.call('POST', '/api/admin/plans', { token: owner, body: { plan: { name: 'Meu', amount_cents: 1, features: features() } } }))
        .statusCode,
    ).toBe(403);
  });
});
