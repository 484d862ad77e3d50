// The Pipedrive integration (plan feature pipedrive_deals) end to end against a local fake Pipedrive:
// connecting (token verified on /users/me, stored encrypted, never answered back, the deal field
// and the webhooks v2 subscription made), pushes as jobs (create, update, won, lost, person and
// organization matching, 429 with retry-after, 5xx retried, idempotent), webhooks back (applied,
// duplicate, out of order, our own echo), disconnecting, and a revoked token stopping the pushes.
import { DEMO } from '@app/db/seed';
import { type AttendanceDealSync, PIPEDRIVE_MESSAGES, type PipedriveIntegration } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDelivery, type FakePipedrive, startFakePipedrive } from '../../../test/fake-pipedrive';
import { jobRun, useTestApp } from '../../../test/harness';
import { ok, sellableBudget } from '../../../test/sale-fixtures';
import { pushDealJob } from './pipedrive.push';

const env: Record<string, string> = { PIPEDRIVE_TOKEN_KEY: 'test-pipedrive-key-test-pipedrive-key-0123' };
let fake: FakePipedrive;
// Registered before the app's: the fake's address is in the environment the app is built with.
beforeAll(async () => {
  fake = await startFakePipedrive();
  env.PIPEDRIVE_API_URL = fake.url;
});
afterAll(async () => {
  await fake?.close();
});
const t = useTestApp(env);
const tokens = { owner: '', colab: '', outra: '' };
const ids = { company: 0, owner: 0, colab: 0 };
const FUNNEL = {
  open: { stage_id: 11, status: 'open' },
  won: { stage_id: 13, status: 'won' },
  lost: { stage_id: null, status: 'lost' },
  canceled: { stage_id: 14, status: 'lost' },
} as const;

const call = (method: string, url: string, body?: unknown, token = tokens.owner) => t.call(method, url, { token, body });
const integration = async () => ok<PipedriveIntegration>(await call('GET', '/api/integrations/pipedrive'));
const sync = async (id: number) =>
  ok<AttendanceDealSync>(await call('GET', `/api/integrations/pipedrive/attendances/${id}`, undefined, tokens.colab));
const link = (attendanceId: number) => t.deps.db.pipedriveDealLink.findUniqueOrThrow({ where: { attendanceId } });
const dealOf = async (attendanceId: number) => {
  const dealId = (await link(attendanceId)).dealId;
  const deal = dealId ? fake.deals.get(dealId) : undefined;
  if (!deal) throw new Error(`attendance ${attendanceId} has no deal`);
  return deal;
};
const callsSince = (n: number) => fake.calls.slice(n);
const deliver = (d: FakeDelivery) => t.app.inject({ method: 'POST', url: d.path, headers: d.headers, payload: d.body });
const attendanceRow = (id: number) => t.deps.db.attendance.findUniqueOrThrow({ where: { id } });

async function client(body: Record<string, unknown>) {
  return (await ok<{ id: number }>(await call('POST', '/api/clients', body))).id;
}
async function attendance(clientId: number, body: Record<string, unknown> = {}, token = tokens.colab) {
  return (
    await ok<{ id: number }>(await call('POST', '/api/attendances', { client_id: clientId, title: 'Lua de mel em Lisboa', ...body }, token))
  ).id;
}

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  ids.company = (await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo } })).id;
  ids.owner = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } })).id;
  ids.colab = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } })).id;
});

describe('connecting', () => {
  it('needs the owner and the plan feature', async () => {
    expect((await call('GET', '/api/integrations/pipedrive', undefined, tokens.colab)).statusCode).toBe(403);
    const free = await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.free } });
    const outra = await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.outra } });
    await t.deps.db.subscription.update({ where: { companyId: outra.id }, data: { planId: free.id } });
    expect((await call('GET', '/api/integrations/pipedrive', undefined, tokens.outra)).statusCode).toBe(402);
    expect((await call('PUT', '/api/integrations/pipedrive', { api_token: fake.token }, tokens.outra)).statusCode).toBe(402);
  });

  it('asks for a token, and refuses one Pipedrive refuses without storing anything', async () => {
    expect(await integration()).toMatchObject({ connected: false, status: null, options: null });
    const missing = await call('PUT', '/api/integrations/pipedrive', { pipeline_id: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.api_token).toEqual([PIPEDRIVE_MESSAGES.tokenRequired]);
    const refused = await call('PUT', '/api/integrations/pipedrive', { api_token: 'ffffffffffffffffffffffffffffffffffffffff' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.api_token).toEqual([PIPEDRIVE_MESSAGES.tokenRejected]);
    expect(await t.deps.db.integrationConnection.count()).toBe(0);
    expect(fake.webhooks.size).toBe(0);
  });

  it('verifies the token, keeps it encrypted, makes the deal field and the webhooks v2 subscriptions, maps agents by e-mail', async () => {
    const res = await call('PUT', '/api/integrations/pipedrive', { api_token: fake.token, pipeline_id: 1, funnel: FUNNEL });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(fake.token);
    const body = res.json() as PipedriveIntegration;
    expect(body).toMatchObject({
      connected: true,
      status: 'active',
      account: { user_id: fake.me.id, email: DEMO.users.owner, company_domain: 'viagenspipe' },
      pipeline_id: 1,
      funnel: FUNNEL,
      webhook_registered: true,
      options: { pipelines: [{ id: 1, name: 'Funil de viagens' }] },
    });
    expect(body.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: ids.owner, pipedrive_user_id: 9001 }),
        expect.objectContaining({ user_id: ids.colab, pipedrive_user_id: 9002 }),
      ]),
    );
    expect(fake.dealFields.get(body.deal_id_field ?? '')).toBe('ID do atendimento (Agência CRM)');
    expect(fake.calls).toContain('GET /api/v1/users/me');

    const row = await t.deps.db.integrationConnection.findFirstOrThrow({ where: { companyId: ids.company } });
    expect(row.accessTokenEnc).not.toContain(fake.token);
    expect(JSON.stringify(row)).not.toContain(fake.token);
    // Deals and persons, to the same address with the same credentials.
    const [hook, personHook] = [...fake.webhooks.values()];
    const subscription = {
      subscription_url: `http://localhost:3000/api/webhooks/pipedrive/${row.webhookPath}`,
      event_action: '*',
      version: '2.0',
      http_auth_user: row.webhookUser,
    };
    expect(hook).toMatchObject({ ...subscription, event_object: 'deal', id: row.webhookId });
    expect(personHook).toMatchObject({
      ...subscription,
      event_object: 'person',
      id: row.personWebhookId,
      http_auth_password: hook?.http_auth_password,
    });
    expect(hook?.http_auth_password).toHaveLength(32);
    expect(row.webhookPasswordEnc).not.toContain(hook?.http_auth_password);
    expect((await integration()).connected).toBe(true);
  });

  it('saving the mapping again keeps the token, the field and the webhook', async () => {
    const saved = await ok<PipedriveIntegration>(
      await call('PUT', '/api/integrations/pipedrive', {
        org_cnpj_field: 'cnpj_field_key',
        users: [{ user_id: ids.owner, pipedrive_user_id: 9003 }],
      }),
    );
    expect(saved).toMatchObject({ org_cnpj_field: 'cnpj_field_key', funnel: FUNNEL });
    expect(saved.users.find((u) => u.user_id === ids.owner)?.pipedrive_user_id).toBe(9003);
    expect(fake.webhooks.size).toBe(2);
    expect(fake.dealFields.size).toBe(1);
    await call('PUT', '/api/integrations/pipedrive', { users: [{ user_id: ids.owner, pipedrive_user_id: 9001 }] });
  });
});

describe('pushing attendances to deals', () => {
  const state = { fieldKey: '', pf: 0, pfAttendance: 0 };
  beforeAll(async () => {
    state.fieldKey = (await integration()).deal_id_field ?? '';
  });

  it('a new attendance becomes a deal of the person Pipedrive has with the same e-mail, in a job', async () => {
    const person = fake.addPerson({ name: 'Helena na Pipe', emails: [{ value: 'helena@cliente.test', primary: true }] });
    state.pf = await client({ kind: 'person', name: 'Helena Prado', email: 'HELENA@cliente.test' });
    state.pfAttendance = await attendance(state.pf, { value_cents: 1_250_000, start_date: '2027-03-10' });
    await t.platform.jobs.drain();
    const deal = await dealOf(state.pfAttendance);
    expect(deal).toMatchObject({
      title: 'Lua de mel em Lisboa',
      value: 12_500,
      currency: 'BRL',
      status: 'open',
      stage_id: 11,
      owner_id: 9002,
      person_id: person.id,
      expected_close_date: '2027-03-10',
      custom_fields: { [state.fieldKey]: String(state.pfAttendance) },
    });
    expect(fake.persons.size).toBe(1);
    expect(await sync(state.pfAttendance)).toEqual({
      state: 'synced',
      deal_id: deal.id,
      deal_url: `https://viagenspipe.pipedrive.com/deal/${deal.id}`,
      synced_at: expect.any(String),
      error: null,
    });
  });

  it('a change updates the same deal; won and lost set status, stage and reason', async () => {
    const dealsBefore = fake.deals.size;
    await ok(
      await call('PATCH', `/api/attendances/${state.pfAttendance}`, { title: 'Lisboa e Porto', value_cents: 1_500_000 }, tokens.colab),
    );
    await t.platform.jobs.drain();
    expect(fake.deals.size).toBe(dealsBefore);
    expect(await dealOf(state.pfAttendance)).toMatchObject({ title: 'Lisboa e Porto', value: 15_000 });

    await ok(await call('PUT', `/api/attendances/won/${state.pfAttendance}`, {}, tokens.colab));
    await t.platform.jobs.drain();
    expect(await dealOf(state.pfAttendance)).toMatchObject({ status: 'won', stage_id: 13 });

    const other = await attendance(state.pf, { title: 'Bariloche' });
    await ok(await call('PUT', `/api/attendances/lost/${other}`, { lost_reason: 'Achou mais barato' }, tokens.colab));
    await t.platform.jobs.drain();
    expect(await dealOf(other)).toMatchObject({
      status: 'lost',
      lost_reason: 'Achou mais barato',
      person_id: (await dealOf(state.pfAttendance)).person_id,
    });
  });

  it('a sale wins the deal with the sold value; undoing it opens the deal again', async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const quotes = await ok<{ items: { id: number; currency: string }[] }>(
      await call('GET', '/api/currency_quotes_params?per_page=50', undefined, root),
    );
    await ok(await call('PUT', `/api/currency_quotes_params/${quotes.items.find((q) => q.currency === 'USD')?.id}`, { rate: 5 }, root));
    const budget = await sellableBudget(t, tokens.colab, { supplierId: null });
    await ok(await call('PUT', `/api/budgets/sell/${budget.id}`, { proposal_id: budget.proposalId }, tokens.colab));
    await t.platform.jobs.drain();
    const sold = await t.deps.db.sale.findFirstOrThrow({ where: { budgetId: budget.id, undoneAt: null } });
    expect(await dealOf(budget.attendanceId)).toMatchObject({ status: 'won', stage_id: 13, value: sold.saleCents / 100 });
    await ok(await call('PUT', `/api/budgets/undo-sell/${budget.id}`, { reservations: 'cancel', contracts: 'cancel' }, tokens.colab));
    await t.platform.jobs.drain();
    expect(await dealOf(budget.attendanceId)).toMatchObject({ status: 'open', stage_id: 11 });
  });

  it('a person unknown to Pipedrive is made; an organization is matched by CNPJ before one is made', async () => {
    const newcomer = await client({ kind: 'person', name: 'Caio Novo', email: 'caio@cliente.test' });
    const personsBefore = fake.persons.size;
    const a = await attendance(newcomer);
    await t.platform.jobs.drain();
    expect(fake.persons.size).toBe(personsBefore + 1);
    const made = fake.persons.get((await dealOf(a)).person_id ?? 0);
    expect(made).toMatchObject({ name: 'Caio Novo', emails: [{ value: 'caio@cliente.test', primary: true }] });

    const org = fake.addOrg({ name: 'Nome Diferente Ltda', custom_fields: { cnpj_field_key: '11222333000181' } });
    const pj = await client({ kind: 'organization', name: 'Grupo Ômega', cnpj: '11.222.333/0001-81' });
    const corporate = await attendance(pj, { title: 'Convenção' });
    await t.platform.jobs.drain();
    expect(await dealOf(corporate)).toMatchObject({ org_id: org.id, person_id: null });

    const unknownPj = await client({ kind: 'organization', name: 'Delta Eventos' });
    const orgsBefore = fake.orgs.size;
    const event = await attendance(unknownPj, { title: 'Feira' });
    await t.platform.jobs.drain();
    expect(fake.orgs.size).toBe(orgsBefore + 1);
    expect(fake.orgs.get((await dealOf(event)).org_id ?? 0)?.name).toBe('Delta Eventos');
  });

  it('a 429 waits what retry-after says and a 5xx is retried, in the same job', async () => {
    const from = fake.calls.length;
    fake.failNext({ status: 429, headers: { 'retry-after': '1', 'x-ratelimit-remaining': '0' } }, { status: 503 });
    const started = Date.now();
    await ok(await call('PATCH', `/api/attendances/${state.pfAttendance}`, { title: 'Lisboa, Porto e Sintra' }, tokens.colab));
    await t.platform.jobs.drain();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await dealOf(state.pfAttendance)).toMatchObject({ title: 'Lisboa, Porto e Sintra' });
    const patches = callsSince(from).filter((c) => c.startsWith('GET /api/v2/persons') || c.startsWith('PATCH'));
    expect(patches.length).toBeGreaterThanOrEqual(1);
    expect(callsSince(from).length).toBeGreaterThanOrEqual(3);
  });

  it('a Pipedrive still failing after the tries leaves the error for the agent and the job retried by the queue', async () => {
    fake.failNext({ status: 500 }, { status: 500 }, { status: 500 });
    await ok(await call('PATCH', `/api/attendances/${state.pfAttendance}`, { title: 'Portugal inteiro' }, tokens.colab));
    // Seen while the queue waits its backoff (a drain would wait for the retry too, on BullMQ).
    await expect
      .poll(async () => sync(state.pfAttendance), { timeout: 20_000, interval: 50 })
      .toMatchObject({ state: 'error', error: PIPEDRIVE_MESSAGES.unavailable });
    // The queue's backoff (2 s after the first attempt) runs it again; on a loaded machine, a little later.
    await expect
      .poll(
        async () => {
          await t.platform.jobs.drain();
          return (await sync(state.pfAttendance)).state;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('synced');
    expect(await dealOf(state.pfAttendance)).toMatchObject({ title: 'Portugal inteiro' });
    expect(await sync(state.pfAttendance)).toMatchObject({ state: 'synced', error: null });
  });

  it('is idempotent: a repeated job, or one whose deal id was never saved, finds the deal it made', async () => {
    const dealsBefore = fake.deals.size;
    const deps = t.jobDeps();
    await pushDealJob.handle({ attendanceId: state.pfAttendance }, deps, jobRun());
    await pushDealJob.handle({ attendanceId: state.pfAttendance }, deps, jobRun());
    const dealId = (await link(state.pfAttendance)).dealId;
    await t.deps.db.pipedriveDealLink.update({ where: { attendanceId: state.pfAttendance }, data: { dealId: null } });
    await pushDealJob.handle({ attendanceId: state.pfAttendance }, deps, jobRun());
    expect(fake.deals.size).toBe(dealsBefore);
    expect((await link(state.pfAttendance)).dealId).toBe(dealId);
  });
});

describe('webhooks from Pipedrive', () => {
  let attendanceId = 0;
  let dealId = 0;
  beforeAll(async () => {
    const c = await client({ kind: 'person', name: 'Rita Webhook', email: 'rita@cliente.test' });
    attendanceId = await attendance(c, { value_cents: 100_000 });
    await t.platform.jobs.drain();
    dealId = (await dealOf(attendanceId)).id;
  });

  it('a change made on Pipedrive updates the attendance (value, owner, stage to status), and is not pushed back', async () => {
    const from = fake.calls.length;
    const res = await deliver(fake.changeDeal(dealId, { value: 4321.5, owner_id: 9001 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await attendanceRow(attendanceId)).toMatchObject({ valueCents: 432_150, ownerUserId: ids.owner, version: 2 });
    const won = await deliver(fake.changeDeal(dealId, { status: 'won', stage_id: 13 }));
    expect(won.json().outcome).toBe('applied');
    expect(await attendanceRow(attendanceId)).toMatchObject({ status: 'won', closedAt: expect.any(Date) });
    const logs = await t.deps.db.attendanceLog.findMany({ where: { attendanceId, userId: null }, orderBy: { id: 'asc' } });
    expect(logs.map((l) => l.action)).toEqual(['updated', 'won']);
    await t.platform.jobs.drain();
    expect(callsSince(from)).toEqual([]);
  });

  it('a redelivery is applied once', async () => {
    const delivery = fake.changeDeal(dealId, { value: 5000 });
    expect((await deliver(delivery)).json().outcome).toBe('applied');
    await t.deps.db.attendance.update({ where: { id: attendanceId }, data: { valueCents: 1 } });
    expect((await deliver(delivery)).json().outcome).toBe('duplicate');
    expect((await attendanceRow(attendanceId)).valueCents).toBe(1);
  });

  it('an older event never overwrites a newer one', async () => {
    const now = Date.now();
    const newer = fake.changeDeal(dealId, { value: 7000 }, { at: new Date(now + 60_000) });
    const older = fake.changeDeal(dealId, { value: 6000 }, { at: new Date(now + 30_000) });
    expect((await deliver(newer)).json().outcome).toBe('applied');
    expect((await deliver(older)).json().outcome).toBe('stale');
    expect((await attendanceRow(attendanceId)).valueCents).toBe(700_000);
  });

  it('the echo of our own push is dropped', async () => {
    const other = await client({ kind: 'person', name: 'Eco', email: 'eco@cliente.test' });
    const a = await attendance(other, { value_cents: 200_000 });
    await t.platform.jobs.drain();
    await ok(await call('PATCH', `/api/attendances/${a}`, { value_cents: 300_000 }, tokens.colab));
    await t.platform.jobs.drain();
    const deal = await dealOf(a);
    // Our PATCH, as Pipedrive reports it: made through the API, the deal saying what we sent.
    const echo = fake.changeDeal(deal.id, {}, { changeSource: 'api', at: new Date(Date.now() + 120_000) });
    await t.deps.db.attendance.update({ where: { id: a }, data: { valueCents: 300_001 } });
    expect((await deliver(echo)).json().outcome).toBe('echo');
    expect((await attendanceRow(a)).valueCents).toBe(300_001);
  });

  it('refuses a wrong password or an unknown path, and ignores other entities', async () => {
    const delivery = fake.changeDeal(dealId, { value: 8000 }, { at: new Date(Date.now() + 180_000) });
    const forged = { ...delivery, headers: { ...delivery.headers, authorization: `Basic ${Buffer.from('x:y').toString('base64')}` } };
    expect((await deliver(forged)).statusCode).toBe(401);
    expect((await deliver({ ...delivery, headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
    expect((await deliver({ ...delivery, path: '/api/webhooks/pipedrive/nao-existe' })).statusCode).toBe(404);
    const org = { ...delivery, body: { ...delivery.body, meta: { ...(delivery.body.meta as object), entity: 'organization' } } };
    expect((await deliver(org)).json().outcome).toBe('ignored');
    expect((await attendanceRow(attendanceId)).valueCents).toBe(700_000);
  });
});

describe('person webhooks from Pipedrive', () => {
  let clientId = 0;
  let personId = 0;
  beforeAll(async () => {
    clientId = await client({ kind: 'person', name: 'Sofia Pessoa', email: 'sofia@cliente.test', phone: '11 3333-0000' });
    const a = await attendance(clientId, { value_cents: 100_000 });
    await t.platform.jobs.drain();
    personId = (await dealOf(a)).person_id ?? 0;
  });
  const clientRow = () => t.deps.db.client.findUniqueOrThrow({ where: { id: clientId } });

  it('a name, e-mail or phone changed on Pipedrive updates the linked client, and is not pushed back', async () => {
    const from = fake.calls.length;
    const before = await clientRow();
    const changed = fake.changePerson(personId, {
      name: 'Sofia Pessoa Lima',
      emails: [
        { value: 'antigo@cliente.test', primary: false },
        { value: 'sofia.lima@cliente.test', primary: true },
      ],
      phones: [{ value: '+55 11 98888-7777', primary: true }],
    });
    const res = await deliver(changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await clientRow()).toMatchObject({
      name: 'Sofia Pessoa Lima',
      email: 'sofia.lima@cliente.test',
      phone: '+55 11 98888-7777',
      version: before.version + 1,
      updatedById: null,
    });
    // A redelivery is applied once.
    await t.deps.db.client.update({ where: { id: clientId }, data: { name: 'Editado aqui' } });
    expect((await deliver(changed)).json().outcome).toBe('duplicate');
    expect((await clientRow()).name).toBe('Editado aqui');
    await t.platform.jobs.drain();
    expect(callsSince(from)).toEqual([]);
  });

  it('an older person event never overwrites a newer one; a person no deal of ours carries changes nothing', async () => {
    const now = Date.now();
    const newer = fake.changePerson(personId, { name: 'Sofia Nova' }, { at: new Date(now + 60_000) });
    const older = fake.changePerson(personId, { name: 'Sofia Velha' }, { at: new Date(now + 30_000) });
    expect((await deliver(newer)).json().outcome).toBe('applied');
    expect((await deliver(older)).json().outcome).toBe('stale');
    expect((await clientRow()).name).toBe('Sofia Nova');

    const stranger = fake.addPerson({ name: 'Sem cliente', emails: [{ value: 'ninguem@cliente.test', primary: true }] });
    const count = await t.deps.db.client.count();
    expect((await deliver(fake.changePerson(stranger.id, { name: 'Outro nome' }))).json().outcome).toBe('unknown_person');
    expect(await t.deps.db.client.count()).toBe(count);
  });
});

describe('disconnecting and a revoked token', () => {
  it('disconnecting removes the webhook and the token; changes are no longer sent', async () => {
    const res = await ok<PipedriveIntegration>(await call('DELETE', '/api/integrations/pipedrive'));
    expect(res).toMatchObject({ connected: false, status: null });
    expect(fake.webhooks.size).toBe(0);
    expect(await t.deps.db.integrationConnection.count({ where: { companyId: ids.company } })).toBe(0);
    const c = await client({ kind: 'person', name: 'Sem Integração' });
    const from = fake.calls.length;
    const a = await attendance(c);
    await t.platform.jobs.drain();
    expect(callsSince(from)).toEqual([]);
    expect(await sync(a)).toMatchObject({ state: 'none', deal_id: null });
  });

  it('a token revoked on Pipedrive stops the pushes and tells the agent in plain words', async () => {
    await ok(await call('PUT', '/api/integrations/pipedrive', { api_token: fake.token }));
    const c = await client({ kind: 'person', name: 'Token Revogado', email: 'revogado@cliente.test' });
    fake.revoke();
    const a = await attendance(c);
    await t.platform.jobs.drain();
    expect(await sync(a)).toMatchObject({ state: 'error', error: PIPEDRIVE_MESSAGES.tokenInvalid });
    expect(await integration()).toMatchObject({ status: 'token_invalid', last_error: PIPEDRIVE_MESSAGES.tokenInvalid, options: null });
    const from = fake.calls.length;
    await ok(await call('PATCH', `/api/attendances/${a}`, { title: 'Outra tentativa' }, tokens.colab));
    await t.platform.jobs.drain();
    expect(callsSince(from)).toEqual([]);
  });
});
