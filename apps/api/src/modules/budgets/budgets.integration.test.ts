// /api/budgets through HTTP against the real database: the list and its filters, the budget tree,
// create from an attendance, PATCH (paxes, currency, status), delete, duplicate (one transaction),
// the sub-routes, payment methods by passenger and the financial-table comments.
import { AGENT_RATE_MESSAGES } from '@app/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { sellableBudget } from '../../../test/sale-fixtures';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '', root: '' };
const ids = { demoClient: 0, demoClient2: 0, outraClient: 0, attendance: 0, attendance2: 0, outraAttendance: 0, colabUser: 0 };

/** A reply's JSON, typed as JSON.parse types it. */
type Json = ReturnType<typeof JSON.parse>;

async function ok(res: LightMyRequestResponse, status = 200): Promise<Json> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const post = (url: string, body: unknown, token = tokens.owner) => t.call('POST', url, { token, body });
const get = (url: string, token = tokens.owner) => t.call('GET', url, { token });

async function createClient(token: string, name: string) {
  return (await ok(await post('/api/clients', { kind: 'person', name }, token))).id as number;
}
async function createAttendance(token: string, body: Json) {
  return (await ok(await post('/api/attendances', body, token))).id as number;
}
async function createBudget(body: Json, token = tokens.owner): Promise<Json> {
  return ok(await post('/api/budgets/', body, token));
}
async function addService(proposalId: number, body: Json, token = tokens.owner): Promise<Json> {
  return ok(await post('/api/services', { proposal_id: proposalId, ...body }, token));
}

/** Every row of a budget's tree, counted: what a half-done copy or delete would leave. */
async function treeCounts() {
  const db = t.deps.db;
  return {
    budgets: await db.budget.count(),
    paxes: await db.budgetPax.count(),
    proposals: await db.proposal.count(),
    services: await db.service.count(),
    refunds: await db.refund.count(),
    recommendations: await db.recommendation.count(),
  };
}

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  tokens.root = await t.tokenFor(DEMO.users.superAdmin);
  ids.demoClient = await createClient(tokens.owner, 'João Araújo');
  ids.demoClient2 = await createClient(tokens.owner, 'Maria Conceição');
  ids.outraClient = await createClient(tokens.outra, 'Cliente da Outra');
  ids.colabUser = (await t.deps.db.user.findFirstOrThrow({ where: { email: DEMO.users.colaborador } })).id;
  ids.attendance = await createAttendance(tokens.owner, {
    client_id: ids.demoClient,
    title: 'Lua de mel em Paris',
    destination: 'Paris',
    start_date: '2027-05-10',
    end_date: '2027-05-20',
  });
  ids.attendance2 = await createAttendance(tokens.owner, {
    client_id: ids.demoClient2,
    title: 'Férias em família',
    owner_user_id: ids.colabUser,
  });
  ids.outraAttendance = await createAttendance(tokens.outra, { client_id: ids.outraClient, title: 'Viagem da Outra' });
  // The system's USD quote (Agência Demo has cambio_sistema), typed by the super admin.
  const quotes = await ok(await get('/api/currency_quotes_params?per_page=50', tokens.root));
  const usd = quotes.items.find((q: Json) => q.currency === 'USD');
  await ok(await t.call('PUT', `/api/currency_quotes_params/${usd.id}`, { token: tokens.root, body: { rate: 5 } }));
});

describe('POST /api/budgets/', () => {
  it('creates a budget of an attendance: client and owner copied, title/destination/dates defaulted, a first proposal, paxes', async () => {
    const budget = await createBudget({
      attendance_id: ids.attendance,
      paxes: [
        { client_id: ids.demoClient, age_group: 'adult', cpf: '529.982.247-25' },
        { name: 'Ana Araújo', age_group: 'child', birth_date: '2018-03-04', document_type: 'passport', document_number: 'FX123' },
      ],
    });
    expect(budget).toMatchObject({
      title: 'Lua de mel em Paris',
      destination: 'Paris',
      start_date: '2027-05-10',
      end_date: '2027-05-20',
      status: 'draft',
      currency: 'BRL',
      currency_rate: 1,
      currency_quote_history_id: null,
      show_values: true,
      total_cents: 0,
      proposals_count: 1,
      attendance_id: ids.attendance,
      client: { id: ids.demoClient, name: 'João Araújo' },
      owner: { name: 'Dona Demo' },
      recommendations: [],
    });
    expect(budget.landing_page_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(budget.proposals).toHaveLength(1);
    expect(budget.proposals[0]).toMatchObject({ title: 'Proposta 1', position: 0, services: [], totals: { sale_cents: 0 } });
    expect(budget.paxes).toMatchObject([
      { client_id: ids.demoClient, name: 'João Araújo', age_group: 'adult', cpf: '52998224725', position: 0 },
      { client_id: null, name: 'Ana Araújo', age_group: 'child', birth_date: '2018-03-04', document_type: 'passport', position: 1 },
    ]);
    expect(await ok(await get(`/api/budgets/${budget.id}`))).toEqual(budget);
  });

  it('stores the rate of a foreign currency with its quote; a currency never quoted asks for the budget rate, then takes it', async () => {
    const usd = await createBudget({ attendance_id: ids.attendance, title: 'Em dólar', currency: 'USD' });
    expect(usd.currency_rate).toBe(5);
    expect(usd.currency_quote_history_id).toEqual(expect.any(Number));
    const before = await treeCounts();
    const jpy = await post('/api/budgets/', { attendance_id: ids.attendance, currency: 'JPY' });
    expect(jpy.statusCode).toBe(400);
    expect(jpy.json().errors).toEqual({ 'agent_rates.JPY': [AGENT_RATE_MESSAGES.missing('JPY')] });
    const bad = await post('/api/budgets/', { attendance_id: ids.attendance, currency: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['currency']);
    expect(await treeCounts()).toEqual(before);
    // The operator's rate for it: the budget prices with it, no quote of the day needed.
    const withRate = await createBudget({ attendance_id: ids.attendance, title: 'Em iene', currency: 'JPY', agent_rates: { JPY: 0.037 } });
    expect([withRate.currency_rate, withRate.currency_quote_history_id, withRate.agent_rates]).toEqual([0.037, null, { JPY: 0.037 }]);
  });

  it("refuses another agency's attendance and clients with field errors, bad dates, unknown keys; creates nothing", async () => {
    const before = await treeCounts();
    const theirs = await post('/api/budgets/', { attendance_id: ids.outraAttendance });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors).toEqual({ attendance_id: ['não foi encontrado'] });
    const missing = await post('/api/budgets/', { attendance_id: 2_147_483_000 });
    expect(missing.json().errors).toEqual({ attendance_id: ['não foi encontrado'] });
    const pax = await post('/api/budgets/', {
      attendance_id: ids.attendance,
      paxes: [
        { name: 'Certo', age_group: 'adult' },
        { client_id: ids.outraClient, age_group: 'adult' },
      ],
    });
    expect(pax.statusCode).toBe(400);
    expect(pax.json().errors).toEqual({ 'paxes.1.client_id': ['não foi encontrado'] });
    const dates = await post('/api/budgets/', { attendance_id: ids.attendance, start_date: '2027-05-10', end_date: '2027-05-01' });
    expect(Object.keys(dates.json().errors)).toEqual(['end_date']);
    const extra = await post('/api/budgets/', {
      attendance_id: ids.attendance,
      company_id: 1,
      total_cents: 5,
      paxes: [{ age_group: 'adult' }],
    });
    expect(extra.statusCode).toBe(400);
    expect(Object.keys(extra.json().errors).sort()).toEqual(['company_id', 'paxes.0.name', 'total_cents']);
    expect(await treeCounts()).toEqual(before);
  });
});

describe('GET /api/budgets', () => {
  it('lists newest first, 6 per page, with filters, accent-blind search (client name too) and locations', async () => {
    const db = t.deps.db;
    // A clean slate of this agency's budgets, created in a known order.
    await db.budget.deleteMany({ where: { company: { name: DEMO.companies.demo } } });
    const made: Json[] = [];
    for (let i = 1; i <= 7; i++) {
      made.push(
        await createBudget({
          attendance_id: i <= 5 ? ids.attendance : ids.attendance2,
          title: i === 3 ? 'Roteiro São João' : `Orçamento ${i}`,
          destination: i === 2 ? 'Fernando de Noronha' : `Cidade ${i}`,
          start_date: `2027-0${i}-15`,
        }),
      );
    }
    const page1 = await ok(await get('/api/budgets'));
    expect(page1.budgets.map((b: Json) => b.id)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((b) => b.id),
    );
    expect(page1.pagination).toEqual({
      current_page: 1,
      per_page: 6,
      total_pages: 2,
      total_count: 7,
      has_next_page: true,
      has_prev_page: false,
    });
    expect(page1.budgets[0]).toEqual({
      id: made[6]?.id,
      title: 'Orçamento 7',
      status: 'draft',
      client: { id: ids.demoClient2, name: 'Maria Conceição' },
      owner: { id: ids.colabUser, name: 'Colab Demo' },
      attendance_id: ids.attendance2,
      destination: 'Cidade 7',
      start_date: '2027-07-15',
      end_date: null,
      currency: 'BRL',
      total_cents: 0,
      proposals_count: 1,
      landing_page_id: made[6]?.landing_page_id,
      created_at: made[6]?.created_at,
    });
    const page2 = await ok(await get('/api/budgets?page=2'));
    expect(page2.budgets.map((b: Json) => b.id)).toEqual([made[0]?.id]);

    const titles = async (query: string) => (await ok(await get(`/api/budgets?${query}`))).budgets.map((b: Json) => b.title);
    expect(await titles(`search=${encodeURIComponent('sao joao')}`)).toEqual(['Roteiro São João']);
    expect(await titles(`search=${encodeURIComponent('NORONHA')}`)).toEqual(['Orçamento 2']);
    expect(await titles(`search=${encodeURIComponent('conceicao')}`)).toEqual(['Orçamento 7', 'Orçamento 6']);
    // A renamed client is found under the new name at once (the budgets' search text follows it).
    const client = await ok(await get(`/api/clients/${ids.demoClient2}`));
    await ok(await t.call('PATCH', `/api/clients/${ids.demoClient2}`, { token: tokens.owner, body: { name: 'Marta Quintela' } }));
    expect(await titles('search=quintela')).toEqual(['Orçamento 7', 'Orçamento 6']);
    expect(await titles('search=conceicao')).toEqual([]);
    await ok(await t.call('PATCH', `/api/clients/${ids.demoClient2}`, { token: tokens.owner, body: { name: client.name } }));
    expect(await titles(`client_id=${ids.demoClient2}`)).toEqual(['Orçamento 7', 'Orçamento 6']);
    expect(await titles(`owner_user_id=${ids.colabUser}`)).toEqual(['Orçamento 7', 'Orçamento 6']);
    expect(await titles(`attendance_id=${ids.attendance2}`)).toEqual(['Orçamento 7', 'Orçamento 6']);
    expect(await titles('start_date_from=2027-02-01&start_date_to=2027-03-31')).toEqual(['Roteiro São João', 'Orçamento 2']);
    expect(await titles(`destination=${encodeURIComponent('fernando')}`)).toEqual(['Orçamento 2']);
    expect(await titles('per_page=2&page=2')).toEqual(['Orçamento 5', 'Orçamento 4']);

    await ok(await t.call('PATCH', `/api/budgets/${made[0]?.id}`, { token: tokens.owner, body: { status: 'sent' } }));
    expect(await titles('status=sent')).toEqual(['Orçamento 1']);
    expect((await get('/api/budgets?per_page=51')).statusCode).toBe(400);
    expect((await get('/api/budgets?status=unknown')).statusCode).toBe(400);

    // Locations: the destination and the places of the services (a hotel's location, a transfer has none).
    const proposal = made[6]?.proposals[0].id;
    await addService(proposal, {
      type: 'accommodation',
      title: 'Hotel Central',
      adult_number: 2,
      child_number: 0,
      infant_number: 0,
      currency: 'BRL',
      details: {
        hotel_name: 'Hotel Central',
        location: 'Centro Histórico',
        rooms: [{ id: 'room-1', adult_number: 2, child_number: 0, infant_number: 0, value: 50_000, number_room: 1 }],
      },
    });
    const withPlaces = await ok(await get('/api/budgets?include_locations=true&per_page=2'));
    expect(withPlaces.budgets.map((b: Json) => b.locations)).toEqual([['Cidade 7', 'Centro Histórico'], ['Cidade 6']]);
    expect(withPlaces.budgets[0].total_cents).toBe(50_000);
    expect((await ok(await get('/api/budgets?per_page=1'))).budgets[0].locations).toBeUndefined();

    // Another agency sees none of these.
    const theirs = await ok(await get('/api/budgets', tokens.outra));
    expect(theirs.pagination.total_count).toBe(0);
  });
});

describe('a budget search that matches more than a person reads', () => {
  it('counts a shared client name to the cap ("mais de 100"), pages within and past it, and stays in its agency', async () => {
    const shared = await createClient(tokens.owner, 'Família Souzândia');
    const company = (await t.deps.db.client.findUniqueOrThrow({ where: { id: shared } })).companyId;
    await t.deps.db.$executeRaw`
      INSERT INTO budgets (company_id, attendance_id, client_id, owner_user_id, title, created_at, updated_at)
      SELECT ${company}, ${ids.attendance}, ${shared}, ${ids.colabUser}, 'Pacote ' || n, now() - n * interval '1 minute', now()
      FROM generate_series(1, 130) n`;
    const list = async (search: string, page: number, token = tokens.colab) =>
      ok(await get(`/api/budgets?search=${encodeURIComponent(search)}&page=${page}`, token));
    for (const term of ['souzandia', 'SOUZÂNDIA familia']) {
      const first = await list(term, 1);
      expect(first.budgets.map((b: Json) => b.title)).toEqual(['Pacote 1', 'Pacote 2', 'Pacote 3', 'Pacote 4', 'Pacote 5', 'Pacote 6']);
      expect(first.budgets[0].client).toEqual({ id: shared, name: 'Família Souzândia' });
      expect(first.pagination).toEqual({
        current_page: 1,
        per_page: 6,
        total_pages: 17,
        total_count: 100,
        has_next_page: true,
        has_prev_page: false,
        total_count_capped: true,
      });
    }
    // A page past the cap counts to it, one page further each time.
    expect((await list('souzandia', 17)).pagination).toMatchObject({ total_count: 102, total_pages: 18, total_count_capped: true });
    const last = await list('souzandia', 22);
    expect(last.budgets.map((b: Json) => b.title)).toEqual(['Pacote 127', 'Pacote 128', 'Pacote 129', 'Pacote 130']);
    expect(last.pagination).toMatchObject({ total_count: 130, total_pages: 22, has_next_page: false });
    expect(last.pagination.total_count_capped).toBeUndefined();
    // Past the last match: no row carries the count, which is still given.
    const past = await list('souzandia', 40);
    expect(past.budgets).toEqual([]);
    expect(past.pagination).toMatchObject({ total_count: 130, total_pages: 22, has_next_page: false });
    expect((await list('souzandia xyzw', 1)).pagination).toMatchObject({ total_count: 0, has_next_page: false });
    expect((await list('souzandia', 1, tokens.outra)).pagination.total_count).toBe(0);
  });
});

describe('PATCH /api/budgets/{id}', () => {
  it('changes the fields sent, replaces paxes, moves status along the allowed transitions', async () => {
    const budget = await createBudget({ attendance_id: ids.attendance, paxes: [{ name: 'Primeiro Pax', age_group: 'adult' }] });
    const patch = (body: Json) => t.call('PATCH', `/api/budgets/${budget.id}`, { token: tokens.colab, body });
    const changed = await ok(
      await patch({
        title: 'Paris e Londres',
        observations: 'Sem voos noturnos.',
        show_values: false,
        paxes: [{ client_id: ids.demoClient2, age_group: 'infant' }],
      }),
    );
    expect(changed).toMatchObject({
      title: 'Paris e Londres',
      observations: 'Sem voos noturnos.',
      show_values: false,
      destination: 'Paris',
    });
    expect(changed.paxes).toMatchObject([{ client_id: ids.demoClient2, name: 'Maria Conceição', age_group: 'infant', position: 0 }]);
    expect(await t.deps.db.budgetPax.count({ where: { budgetId: budget.id } })).toBe(1);

    const sent = await ok(await patch({ status: 'sent' }));
    expect(sent.status).toBe('sent');
    expect(sent.sent_at).toEqual(expect.any(String));
    expect((await ok(await patch({ status: 'draft' }))).status).toBe('draft');
    for (const status of ['accepted', 'sold']) {
      const refused = await patch({ status });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['status']);
    }
    const canceled = await ok(await patch({ status: 'canceled' }));
    expect(canceled).toMatchObject({ status: 'canceled', canceled_at: expect.any(String) });
    expect((await patch({ status: 'sent' })).statusCode).toBe(400);
    expect(await ok(await patch({ status: 'draft' }))).toMatchObject({ status: 'draft', canceled_at: null });

    const dates = await patch({ end_date: '2027-05-01' });
    expect(dates.json().errors).toEqual({ end_date: ['deve ser igual ou posterior à data inicial'] });
    const pax = await patch({ paxes: [{ client_id: ids.outraClient, age_group: 'adult' }] });
    expect(pax.json().errors).toEqual({ 'paxes.0.client_id': ['não foi encontrado'] });
    expect(await t.deps.db.budgetPax.count({ where: { budgetId: budget.id } })).toBe(1);
  });

  it('a new currency stores its rate and every total follows', async () => {
    const budget = await createBudget({ attendance_id: ids.attendance, title: 'Troca de moeda' });
    const proposal = budget.proposals[0].id;
    await addService(proposal, {
      type: 'other',
      title: 'Seguro',
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      currency: 'BRL',
      total_cents: 10_000,
      details: {},
    });
    expect((await ok(await get(`/api/budgets/${budget.id}`))).total_cents).toBe(10_000);
    const usd = await ok(await t.call('PATCH', `/api/budgets/${budget.id}`, { token: tokens.owner, body: { currency: 'USD' } }));
    // R$ 100,00 at R$ 5,00 per dollar: US$ 20,00.
    expect(usd).toMatchObject({ currency: 'USD', currency_rate: 5, total_cents: 2_000 });
    expect(usd.proposals[0]).toMatchObject({ sale_cents: 2_000, totals: { sale_cents: 2_000 } });
    expect(usd.proposals[0].services[0]).toMatchObject({ sale_cents: 2_000, total_cents: 10_000, currency: 'BRL' });
    const jpy = await t.call('PATCH', `/api/budgets/${budget.id}`, { token: tokens.owner, body: { currency: 'JPY' } });
    expect(Object.keys(jpy.json().errors)).toEqual(['currency']);
    expect((await ok(await get(`/api/budgets/${budget.id}`))).currency).toBe('USD');
  });

  it('refuses negative money and bad input without changing anything', async () => {
    const budget = await createBudget({ attendance_id: ids.attendance });
    const res = await t.call('PATCH', `/api/budgets/${budget.id}`, {
      token: tokens.owner,
      body: { total_cents: -5, currency: 'BRLX', show_values: 'sim' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['currency', 'show_values', 'total_cents']);
    const service = await post('/api/services', {
      proposal_id: budget.proposals[0].id,
      type: 'other',
      title: 'Negativo',
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      currency: 'BRL',
      total_cents: -100,
      details: {},
    });
    expect(service.statusCode).toBe(400);
    expect(Object.keys(service.json().errors)).toEqual(['total_cents']);
    expect(await ok(await get(`/api/budgets/${budget.id}`))).toEqual(budget);
  });
});

describe("another agency's budget", () => {
  it('answers 404 on every route and stays unchanged', async () => {
    const budget = await createBudget({ attendance_id: ids.attendance, title: 'Secreto da Demo', observations: 'Só nossa.' });
    const id = budget.id;
    const tok = { token: tokens.outra };
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/budgets/${id}`],
      ['PATCH', `/api/budgets/${id}`, { title: 'Invadido' }],
      ['DELETE', `/api/budgets/${id}`],
      ['POST', '/api/budgets/duplicate', { id }],
      ['GET', `/api/budgets/${id}/proposals`],
      ['GET', `/api/budgets/${id}/observations`],
      ['GET', `/api/budgets/${id}/fly-budget`],
      ['GET', `/api/budgets/${id}/paxes/`],
      ['GET', `/api/budgets/${id}/passengers`],
      ['GET', `/api/budgets/${id}/payment_methods`],
      ['POST', `/api/budgets/${id}/payment_methods_by_pax`, { proposal_id: budget.proposals[0].id }],
      ['PUT', `/api/budgets/${id}/show_values`, { show_values: false }],
      ['GET', `/api/budgets/${id}/financial_table_comments`],
      ['POST', `/api/budgets/${id}/financial_table_comments`, { line: 'sale', body: 'Oi' }],
    ];
    const before = await treeCounts();
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { ...tok, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Secreto');
    }
    expect(await ok(await get(`/api/budgets/${id}`))).toEqual(budget);
    expect(await treeCounts()).toEqual(before);
  });
});

describe('sub-routes', () => {
  it('proposals, observations, paxes, passengers, fly-budget and show_values', async () => {
    const budget = await createBudget({
      attendance_id: ids.attendance,
      observations: 'Passaporte válido.',
      paxes: [
        { name: 'Adulto Um', age_group: 'adult' },
        { name: 'Adulto Dois', age_group: 'adult' },
        { name: 'Bebê', age_group: 'infant' },
      ],
    });
    const id = budget.id;
    const proposal = budget.proposals[0].id;
    const airports = await t.deps.db.referenceItem.findMany({
      where: { list: 'air_airport_params', companyId: null },
      take: 2,
      orderBy: { id: 'asc' },
    });
    const air = await addService(proposal, {
      type: 'air',
      title: 'Voo de ida',
      adult_number: 2,
      child_number: 0,
      infant_number: 1,
      currency: 'BRL',
      adult_cents: 100_000,
      infant_cents: 10_000,
      details: {
        segments: [{ origin_airport_id: airports[0]?.id, destination_airport_id: airports[1]?.id, departure_date: '2027-05-10' }],
      },
    });
    await addService(proposal, {
      type: 'other',
      title: 'Outro',
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      currency: 'BRL',
      total_cents: 1_000,
      details: {},
    });

    expect((await ok(await get(`/api/budgets/${id}/proposals`))).proposals).toEqual((await ok(await get(`/api/budgets/${id}`))).proposals);
    expect(await ok(await get(`/api/budgets/${id}/observations`))).toEqual({ id, observations: 'Passaporte válido.' });
    expect((await ok(await get(`/api/budgets/${id}/paxes/`))).paxes.map((p: Json) => p.name)).toEqual(['Adulto Um', 'Adulto Dois', 'Bebê']);
    expect(await ok(await get(`/api/budgets/${id}/passengers`))).toEqual({
      budget: { adult: 2, child: 0, infant: 1, total: 3 },
      proposals: [{ proposal_id: proposal, title: 'Proposta 1', adult: 2, child: 0, infant: 1, total: 3 }],
    });
    const fly = await ok(await get(`/api/budgets/${id}/fly-budget`));
    expect(fly.proposals).toHaveLength(1);
    expect(fly.proposals[0].services.map((s: Json) => s.id)).toEqual([air.id]);
    expect(fly.proposals[0].services[0].details.segments[0].destination_airport_id).toBe(airports[1]?.id);
    const places = await ok(await get(`/api/budgets?include_locations=true&attendance_id=${ids.attendance}&per_page=1`));
    expect(places.budgets[0].locations).toEqual(['Paris', airports[1]?.name]);

    const before = (await ok(await get(`/api/budgets/${id}`))).version as number;
    expect(await ok(await t.call('PUT', `/api/budgets/${id}/show_values`, { token: tokens.colab, body: { show_values: false } }))).toEqual({
      id,
      show_values: false,
      version: before + 1,
    });
    expect((await ok(await get(`/api/budgets/${id}`))).show_values).toBe(false);
    expect((await t.call('PUT', `/api/budgets/${id}/show_values`, { token: tokens.colab, body: {} })).statusCode).toBe(400);
  });
});

describe('payment methods', () => {
  it('by proposal and by passenger: the exact amounts and installments (computed here by hand)', async () => {
    const methods = {
      boleto: await ok(
        await post('/api/payment_method_params', {
          kind: 'boleto',
          name: 'Boleto parcelado',
          max_installments: 3,
          installment_interest: [0, 0, 199],
        }),
      ),
      pix: await ok(
        await post('/api/payment_method_params', { kind: 'pix', name: 'Pix', pix_key_type: 'email', pix_key: 'financeiro@demo.test' }),
      ),
      inactive: await ok(await post('/api/payment_method_params', { kind: 'cash', name: 'Dinheiro antigo' })),
    };
    await ok(await t.call('PUT', `/api/payment_method_params/${methods.inactive.id}`, { token: tokens.owner, body: { is_active: false } }));
    const outraMethod = await ok(await post('/api/payment_method_params', { kind: 'cash', name: 'Dinheiro da Outra' }, tokens.outra));

    const budget = await createBudget({
      attendance_id: ids.attendance,
      paxes: [
        { name: 'Adulto Um', age_group: 'adult' },
        { name: 'Adulto Dois', age_group: 'adult' },
        { name: 'Criança', age_group: 'child' },
      ],
    });
    const proposal = budget.proposals[0].id;
    // A tour at R$ 100,00 per adult and R$ 50,00 per child: 2 x 10.000 + 1 x 5.000 = 25.000.
    await addService(proposal, {
      type: 'tour',
      title: 'Passeio',
      adult_number: 2,
      child_number: 1,
      infant_number: 0,
      currency: 'BRL',
      adult_cents: 10_000,
      child_cents: 5_000,
      details: {},
    });
    // A transfer of R$ 30,00 for everyone, split per head: 2.000 for the adults, 1.000 for the child.
    await addService(proposal, {
      type: 'transfer',
      title: 'Transfer',
      adult_number: 2,
      child_number: 1,
      infant_number: 0,
      currency: 'BRL',
      total_cents: 3_000,
      details: { from_place: 'Aeroporto', to_place: 'Hotel' },
    });
    // Sale 28.000; adults 22.000 (11.000 each), the child 6.000.

    const byProposal = await ok(await get(`/api/budgets/${budget.id}/payment_methods`));
    expect(byProposal.currency).toBe('BRL');
    expect(byProposal.proposals).toHaveLength(1);
    expect(byProposal.proposals[0]).toMatchObject({ proposal_id: proposal, sale_cents: 28_000 });
    expect(byProposal.proposals[0].payment_methods.map((m: Json) => m.name)).toEqual(['Boleto parcelado', 'Pix']);
    // 3x at 1,99% a.m. (Price): 28.000 x 0,0199 / (1 - 1,0199^-3) = 9.706,6 -> 9.707.
    expect(byProposal.proposals[0].payment_methods[0].installments.map((o: Json) => [o.count, o.installment_cents, o.total_cents])).toEqual(
      [
        [1, 28_000, 28_000],
        [2, 14_000, 28_000],
        [3, 9_707, 29_121],
      ],
    );
    expect(byProposal.proposals[0].payment_methods[1].installments).toMatchObject([
      { count: 1, installment_cents: 28_000, label: '1x de R$ 280,00 sem juros' },
    ]);

    const byPax = await ok(await post(`/api/budgets/${budget.id}/payment_methods_by_pax`, { proposal_id: proposal }));
    expect(byPax).toMatchObject({
      proposal_id: proposal,
      currency: 'BRL',
      sale_cents: 28_000,
      passengers: { adult: 2, child: 1, infant: 0 },
    });
    expect(
      byPax.age_groups.map((g: Json) => [g.age_group, g.passengers, g.sale_cents, g.per_passenger_cents, g.first_passenger_cents]),
    ).toEqual([
      ['adult', 2, 22_000, 11_000, 11_000],
      ['child', 1, 6_000, 6_000, 6_000],
    ]);
    // 11.000 in 3x at 1,99%: 11.000 x 0,0199 / (1 - 1,0199^-3) = 3.813,3 -> 3.814; 6.000: 2.080,0 -> 2.080.
    const adultBoleto = byPax.age_groups[0].payment_methods[0];
    expect(adultBoleto).toMatchObject({ payment_method_id: methods.boleto.id, kind: 'boleto' });
    expect(adultBoleto.installments.map((o: Json) => [o.count, o.installment_cents, o.first_installment_cents])).toEqual([
      [1, 11_000, 11_000],
      [2, 5_500, 5_500],
      [3, 3_814, 3_814],
    ]);
    expect(byPax.age_groups[1].payment_methods[0].installments.map((o: Json) => o.installment_cents)).toEqual([6_000, 3_000, 2_080]);

    const one = await ok(
      await post(`/api/budgets/${budget.id}/payment_methods_by_pax`, { proposal_id: proposal, payment_method_id: methods.pix.id }),
    );
    expect(one.age_groups.map((g: Json) => g.payment_methods.map((m: Json) => m.name))).toEqual([['Pix'], ['Pix']]);
    for (const id of [methods.inactive.id, outraMethod.id]) {
      const refused = await post(`/api/budgets/${budget.id}/payment_methods_by_pax`, { proposal_id: proposal, payment_method_id: id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ payment_method_id: ['não foi encontrado'] });
    }
    const other = await createBudget({ attendance_id: ids.attendance });
    const foreign = await post(`/api/budgets/${budget.id}/payment_methods_by_pax`, { proposal_id: other.proposals[0].id });
    expect(foreign.json().errors).toEqual({ proposal_id: ['não foi encontrado'] });
  });

  it('every split sums exactly to its whole: the first passenger and the first installment take the leftover cents, and say so', async () => {
    const boleto = await ok(
      await post('/api/payment_method_params', {
        kind: 'boleto',
        name: 'Boleto 3x sem juros',
        max_installments: 3,
        installment_interest: [0, 0, 0],
      }),
    );
    const budget = await createBudget({
      attendance_id: ids.attendance,
      paxes: ['Um', 'Dois', 'Três'].map((n) => ({ name: `Adulto ${n}`, age_group: 'adult' })),
    });
    const proposal = budget.proposals[0].id;
    // R$ 1.000,00 for three adults: 333,34 + 333,33 + 333,33.
    await addService(proposal, {
      type: 'other',
      title: 'Pacote',
      adult_number: 3,
      child_number: 0,
      infant_number: 0,
      currency: 'BRL',
      total_cents: 100_000,
      details: {},
    });

    const tree = await ok(await get(`/api/budgets/${budget.id}`));
    expect(tree.proposals[0].totals).toMatchObject({
      sale_cents: 100_000,
      per_passenger: { adult: 33_333 },
      per_passenger_first: { adult: 33_334 },
    });

    const byProposal = await ok(await get(`/api/budgets/${budget.id}/payment_methods`));
    const options = byProposal.proposals[0].payment_methods.find((m: Json) => m.payment_method_id === boleto.id).installments;
    expect(options.map((o: Json) => [o.count, o.first_installment_cents, o.installment_cents, o.label])).toEqual([
      [1, 100_000, 100_000, '1x de R$ 1.000,00 sem juros'],
      [2, 50_000, 50_000, '2x de R$ 500,00 sem juros'],
      [3, 33_334, 33_333, '1ª de R$ 333,34 + 2x de R$ 333,33 sem juros'],
    ]);

    const byPax = await ok(
      await post(`/api/budgets/${budget.id}/payment_methods_by_pax`, { proposal_id: proposal, payment_method_id: boleto.id }),
    );
    expect(
      byPax.age_groups.map((g: Json) => [g.age_group, g.passengers, g.sale_cents, g.per_passenger_cents, g.first_passenger_cents]),
    ).toEqual([['adult', 3, 100_000, 33_333, 33_334]]);
    // Each passenger's 333,33 in 3x: 111,11 each.
    expect(byPax.age_groups[0].payment_methods[0].installments.map((o: Json) => o.label)).toContain('3x de R$ 111,11 sem juros');
  });
});

describe('POST /api/budgets/duplicate', () => {
  async function fullBudget() {
    const budget = await createBudget({
      attendance_id: ids.attendance,
      title: 'Original',
      observations: 'Notas',
      show_values: false,
      paxes: [{ name: 'Pax Original', age_group: 'adult' }],
    });
    const first = budget.proposals[0].id;
    const second = await ok(await post('/api/proposals/', { budget_id: budget.id, title: 'Proposta 2' }));
    const svc = (title: string, total: number) => ({
      type: 'other',
      title,
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      currency: 'BRL',
      total_cents: total,
      details: {},
    });
    const kept = await addService(first, svc('Mantido', 10_000));
    const canceled = await addService(first, svc('Cancelado', 5_000));
    await addService(second.id, svc('Segundo', 7_000));
    await ok(await post('/api/refunds/', { service_id: canceled.id, refund_cents: 4_000, penalty_cents: 1_000, reason: 'Desistência' }));
    await ok(await post('/api/recommendations', { budget_id: budget.id, category: 'restaurant', title: 'Bistrô da esquina' }));
    return { budget: await ok(await get(`/api/budgets/${budget.id}`)), kept };
  }

  it('copies the whole tree in one go: draft, new landing id, services active again without refunds', async () => {
    const { budget } = await fullBudget();
    expect(budget.proposals[0].services[1].refund).toMatchObject({ refund_cents: 4_000 });
    await ok(await t.call('PATCH', `/api/budgets/${budget.id}`, { token: tokens.owner, body: { status: 'sent' } }));
    const before = await treeCounts();
    const copy = await ok(await post('/api/budgets/duplicate', { id: budget.id }));
    expect(copy).toMatchObject({
      title: 'Original (cópia)',
      status: 'draft',
      sent_at: null,
      observations: 'Notas',
      show_values: false,
      attendance_id: budget.attendance_id,
      client: budget.client,
      owner: budget.owner,
    });
    expect(copy.id).not.toBe(budget.id);
    expect(copy.landing_page_id).not.toBe(budget.landing_page_id);
    expect(copy.paxes.map((p: Json) => p.name)).toEqual(['Pax Original']);
    expect(copy.proposals.map((p: Json) => p.title)).toEqual(['Proposta 1', 'Proposta 2']);
    expect(copy.proposals.map((p: Json) => p.services.map((s: Json) => [s.title, s.status, s.refund, s.sale_cents]))).toEqual([
      [
        ['Mantido', 'active', null, 10_000],
        ['Cancelado', 'active', null, 5_000],
      ],
      [['Segundo', 'active', null, 7_000]],
    ]);
    for (const p of copy.proposals) for (const s of p.services) expect(s.budget_id).toBe(copy.id);
    expect(copy.proposals.map((p: Json) => p.sale_cents)).toEqual([15_000, 7_000]);
    expect(copy.total_cents).toBe(7_000);
    expect(copy.recommendations.map((r: Json) => r.title)).toEqual(['Bistrô da esquina']);
    expect(await treeCounts()).toEqual({
      budgets: before.budgets + 1,
      paxes: before.paxes + 1,
      proposals: before.proposals + 2,
      services: before.services + 3,
      refunds: before.refunds,
      recommendations: before.recommendations + 1,
    });
    // The original is untouched.
    expect((await ok(await get(`/api/budgets/${budget.id}`))).proposals).toEqual(budget.proposals);
  });

  it('a copy that fails on its last row leaves nothing behind', async () => {
    const { budget } = await fullBudget();
    const db = t.deps.db;
    // The database refuses the copy's recommendation, the last rows the copy writes.
    await db.$executeRawUnsafe(`CREATE FUNCTION test_refuse_copy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.budget_id <> ${budget.id} THEN RAISE EXCEPTION 'copy refused'; END IF; RETURN NEW; END $$`);
    await db.$executeRawUnsafe(
      'CREATE TRIGGER test_refuse_copy BEFORE INSERT ON recommendations FOR EACH ROW EXECUTE FUNCTION test_refuse_copy()',
    );
    try {
      const before = await treeCounts();
      const res = await post('/api/budgets/duplicate', { id: budget.id });
      expect(res.statusCode).toBe(500);
      expect(await treeCounts()).toEqual(before);
    } finally {
      await db.$executeRawUnsafe('DROP TRIGGER test_refuse_copy ON recommendations');
      await db.$executeRawUnsafe('DROP FUNCTION test_refuse_copy()');
    }
  });
});

describe('DELETE /api/budgets/{id}', () => {
  it('removes the budget and its whole tree; a sold budget cannot be deleted', async () => {
    const budget = await createBudget({ attendance_id: ids.attendance, paxes: [{ name: 'Some', age_group: 'adult' }] });
    const service = await addService(budget.proposals[0].id, {
      type: 'other',
      title: 'Xis',
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      currency: 'BRL',
      total_cents: 100,
      details: {},
    });
    await ok(await post('/api/refunds/', { service_id: service.id, refund_cents: 100, penalty_cents: 0 }));
    await ok(await post('/api/recommendations', { budget_id: budget.id, category: 'tip', title: 'Leve guarda-chuva' }));
    const before = await treeCounts();
    expect(await ok(await t.call('DELETE', `/api/budgets/${budget.id}`, { token: tokens.colab }))).toEqual({
      id: budget.id,
      deleted: true,
    });
    expect(await treeCounts()).toEqual({
      budgets: before.budgets - 1,
      paxes: before.paxes - 1,
      proposals: before.proposals - 1,
      services: before.services - 1,
      refunds: before.refunds - 1,
      recommendations: before.recommendations - 1,
    });
    expect((await get(`/api/budgets/${budget.id}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/budgets/${budget.id}`, { token: tokens.owner })).statusCode).toBe(404);

    const sold = await createBudget({ attendance_id: ids.attendance });
    await t.deps.db.budget.update({ where: { id: sold.id }, data: { status: 'sold', soldAt: new Date() } });
    const refused = await t.call('DELETE', `/api/budgets/${sold.id}`, { token: tokens.owner });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Orçamento vendido não pode ser excluído.');
    expect(await t.deps.db.budget.count({ where: { id: sold.id } })).toBe(1);
  });
});

describe('financial table comments', () => {
  it('with the feature: comments on lines with author and date; a line of another budget is refused', async () => {
    const budget = await createBudget({ attendance_id: ids.attendance });
    const proposal = budget.proposals[0].id;
    const service = await addService(proposal, {
      type: 'other',
      title: 'Xis',
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      currency: 'BRL',
      total_cents: 100,
      details: {},
    });
    const url = `/api/budgets/${budget.id}/financial_table_comments`;
    const first = await ok(await post(url, { line: 'margin', body: 'Margem baixa, rever.' }, tokens.colab));
    expect(first).toEqual({
      id: expect.any(Number),
      budget_id: budget.id,
      proposal_id: null,
      line: 'margin',
      body: 'Margem baixa, rever.',
      user: { id: ids.colabUser, name: 'Colab Demo' },
      created_at: expect.any(String),
    });
    const second = await ok(await post(url, { proposal_id: proposal, line: `service:${service.id}`, body: 'Fornecedor confirmou.' }));
    expect(second).toMatchObject({ proposal_id: proposal, line: `service:${service.id}`, user: { name: 'Dona Demo' } });
    expect((await ok(await get(url))).comments.map((c: Json) => c.body)).toEqual(['Margem baixa, rever.', 'Fornecedor confirmou.']);

    const other = await createBudget({ attendance_id: ids.attendance });
    expect((await post(url, { proposal_id: other.proposals[0].id, line: 'sale', body: 'x' })).json().errors).toEqual({
      proposal_id: ['não foi encontrado'],
    });
    expect((await post(url, { line: 'service:999999', body: 'x' })).json().errors).toEqual({ line: ['não foi encontrado'] });
    for (const bad of [
      { line: 'lucro', body: 'x' },
      { line: 'sale', body: '' },
      { line: 'sale', body: 'x'.repeat(2001) },
    ]) {
      const res = await post(url, bad);
      expect(res.statusCode).toBe(400);
    }
    expect((await ok(await get(url))).comments).toHaveLength(2);
  });

  it('without the feature the routes refuse (402, plan) and nothing is written', async () => {
    const budget = await createBudget({ attendance_id: ids.attendance });
    const url = `/api/budgets/${budget.id}/financial_table_comments`;
    const pro = await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.pro } });
    const set = (on: boolean) =>
      t.call('PATCH', `/api/admin/plans/${pro.id}`, { token: tokens.root, body: { plan: { features: { financial_table_comments: on } } } });
    await ok(await set(false));
    try {
      const before = await t.deps.db.financialTableComment.count();
      for (const res of [await get(url), await post(url, { line: 'sale', body: 'Sem recurso' })]) {
        expect(res.statusCode).toBe(402);
        expect(res.json().message).toBe('Este recurso não está incluído no plano da sua agência.');
      }
      expect(await t.deps.db.financialTableComment.count()).toBe(before);
    } finally {
      await ok(await set(true));
    }
    expect((await get(url)).statusCode).toBe(200);
  });
});

describe('sent and sold days, seller and currency (the dashboard links)', () => {
  // Days are the agency's (São Paulo, UTC-3): 01:30 UTC is still the day before there.
  const at = (iso: string) => new Date(iso);
  const made = { lateNight: 0, noon: 0, undone: 0 };

  beforeAll(async () => {
    const quotes = await ok(await get('/api/currency_quotes_params?per_page=50', tokens.root));
    const usd = quotes.items.find((q: { currency: string }) => q.currency === 'USD')?.id;
    await ok(await t.call('PUT', `/api/currency_quotes_params/${usd}`, { token: tokens.root, body: { rate: 5 } }));
    const sold = async (token: string, soldAt: string, sentAt: string) => {
      const budget = await sellableBudget(t, token, { supplierId: null });
      await ok(await t.call('PUT', `/api/budgets/sell/${budget.id}`, { token, body: { proposal_id: budget.proposalId } }));
      await t.deps.db.sale.updateMany({ where: { budgetId: budget.id }, data: { soldAt: at(soldAt) } });
      await t.deps.db.budget.update({ where: { id: budget.id }, data: { sentAt: at(sentAt) } });
      return budget.id;
    };
    made.lateNight = await sold(tokens.colab, '2020-05-05T01:30:00Z', '2020-05-01T02:00:00Z');
    made.noon = await sold(tokens.owner, '2020-05-05T12:00:00Z', '2020-05-01T12:00:00Z');
    made.undone = await sold(tokens.owner, '2020-05-05T12:00:00Z', '2020-05-02T12:00:00Z');
    await ok(await t.call('PUT', `/api/budgets/undo-sell/${made.undone}`, { token: tokens.owner, body: {} }));
    await sold(tokens.outra, '2020-05-05T12:00:00Z', '2020-05-01T12:00:00Z');
  });

  const list = async (query: string, token = tokens.owner) => {
    const body = await ok(await get(`/api/budgets?per_page=50&${query}`, token));
    return { ids: body.budgets.map((b: { id: number }) => b.id), total: body.pagination.total_count };
  };

  it('sold_from/sold_to keep the budgets whose sale, not undone, was made on those São Paulo days', async () => {
    expect(await list('sold_from=2020-05-04&sold_to=2020-05-04')).toEqual({ ids: [made.lateNight], total: 1 });
    expect(await list('sold_from=2020-05-05&sold_to=2020-05-05')).toEqual({ ids: [made.noon], total: 1 });
    expect(await list('sold_from=2020-05-04&sold_to=2020-05-05')).toEqual({ ids: [made.noon, made.lateNight], total: 2 });
    expect(await list('sold_to=2020-05-04')).toEqual({ ids: [made.lateNight], total: 1 });
    expect((await list('sold_from=2020-05-04&sold_to=2020-05-05', tokens.outra)).total).toBe(1);
  });

  it('seller_user_id keeps the sales of that agent; currency, the budgets in that currency', async () => {
    const range = 'sold_from=2020-05-04&sold_to=2020-05-05';
    expect(await list(`${range}&seller_user_id=${ids.colabUser}`)).toEqual({ ids: [made.lateNight], total: 1 });
    expect(await list(`${range}&currency=BRL`)).toEqual({ ids: [made.noon, made.lateNight], total: 2 });
    expect(await list(`${range}&currency=USD`)).toEqual({ ids: [], total: 0 });
  });

  it('sent_from/sent_to keep the budgets sent on those São Paulo days', async () => {
    expect(await list('sent_from=2020-04-30&sent_to=2020-04-30')).toEqual({ ids: [made.lateNight], total: 1 });
    expect(await list('sent_from=2020-05-01&sent_to=2020-05-02')).toEqual({ ids: [made.undone, made.noon], total: 2 });
    expect(await list('sent_from=2020-05-01&sent_to=2020-05-01', tokens.outra)).toMatchObject({ total: 1 });
  });

  it('accepted=true keeps the budgets the customer accepted or that were sold, as the dashboard counts them', async () => {
    const sent = 'sent_from=2020-04-30&sent_to=2020-05-02';
    // The undone sale cleared its budget's sold day: it is no longer accepted.
    expect(await list(`${sent}&accepted=true`)).toEqual({ ids: [made.noon, made.lateNight], total: 2 });
    const accepted = await sellableBudget(t, tokens.owner, { supplierId: null });
    await t.deps.db.budget.update({ where: { id: accepted.id }, data: { sentAt: at('2020-05-02T12:00:00Z'), acceptedAt: new Date() } });
    expect((await list(`${sent}&accepted=true`)).ids).toEqual(expect.arrayContaining([accepted.id, made.noon, made.lateNight]));
    expect((await list(`${sent}&accepted=true`)).total).toBe(3);
    expect((await get('/api/budgets?accepted=false')).statusCode).toBe(400);
  });

  it('destination_is keeps that destination exactly (case and outer spaces aside), not the ones that contain it', async () => {
    await t.deps.db.budget.update({ where: { id: made.noon }, data: { destination: ' Lisboa ' } });
    await t.deps.db.budget.update({ where: { id: made.lateNight }, data: { destination: 'Lisboa e Porto' } });
    const range = 'sold_from=2020-05-04&sold_to=2020-05-05';
    expect(await list(`${range}&destination_is=lisboa`)).toEqual({ ids: [made.noon], total: 1 });
    expect(await list(`${range}&destination=lisboa`)).toEqual({ ids: [made.noon, made.lateNight], total: 2 });
    expect(await list(`${range}&destination_is=Lisboa%20e%20Porto`)).toEqual({ ids: [made.lateNight], total: 1 });
    expect((await list(`${range}&destination_is=lisboa`, tokens.outra)).total).toBe(0);
  });

  it('refuses a range whose last day comes before its first (400 on the last day) instead of an empty list', async () => {
    for (const [from, to] of [
      ['sold_from', 'sold_to'],
      ['sent_from', 'sent_to'],
      ['start_date_from', 'start_date_to'],
    ] as const) {
      const res = await get(`/api/budgets?${from}=2020-05-05&${to}=2020-05-04`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [to]: ['A data final deve ser igual ou posterior à inicial.'] });
    }
    expect(await list('sold_from=2020-05-05&sold_to=2020-05-05')).toEqual({ ids: [made.noon], total: 1 });
  });

  it('answers a day that is not a date or a currency that is not 3 capital letters with 400 and the field errors', async () => {
    const res = await get('/api/budgets?sold_from=ontem&sent_to=2020-13-01&currency=usd');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['currency', 'sent_to', 'sold_from']);
    const long = await get('/api/budgets?currency=REAL');
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(['currency']);
  });
});
