// The size limits of a budget (BUDGET_LIMITS) and of a contract template's body, through HTTP
// against the real database: for each, the largest size is accepted and one more is a 400 with
// the pt-BR message that stores nothing. Near-limit states are written straight to the database
// (createMany); the HTTP call is the one that crosses the limit.
import { BUDGET_LIMITS, type BudgetLimitKey, CONTRACT_TEMPLATE_BODY_TOO_LONG, CONTRACT_TEMPLATE_LIMITS } from '@app/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type NewBudget, newBudget, systemRow } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
let token = '';
let companyId = 0;
const airports = { gru: 0, lis: 0 };

beforeAll(async () => {
  token = await t.tokenFor(DEMO.users.owner);
  companyId = (await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo }, select: { id: true } })).id;
  airports.gru = await systemRow(t, 'air_airport_params', { code: 'GRU' });
  airports.lis = await systemRow(t, 'air_airport_params', { code: 'LIS' });
});

const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token, body });

function ok(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A refusal of `key`: 400, the limit's message as the answer's and on `field`. */
function refused(res: LightMyRequestResponse, key: BudgetLimitKey, field: string) {
  const { message } = BUDGET_LIMITS[key];
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'VALIDATION', message, errors: { [field]: [message] } });
}

/** A schema's refusal: 400 with the limit's message on `field`. */
function refusedBySchema(res: LightMyRequestResponse, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors[field]).toEqual([message]);
}

/** Every row a budget's writes may add: a refusal leaves each count as it was. */
async function counts() {
  const db = t.deps.db;
  return {
    budgets: await db.budget.count(),
    proposals: await db.proposal.count(),
    services: await db.service.count(),
    paxes: await db.budgetPax.count(),
    recommendations: await db.recommendation.count(),
    comments: await db.financialTableComment.count(),
    templates: await db.contractTemplate.count(),
  };
}

/** Proposals written straight to the budget, after its own. */
async function addProposals(budgetId: number, n: number): Promise<number[]> {
  const existing = await t.deps.db.proposal.count({ where: { budgetId } });
  await t.deps.db.proposal.createMany({
    data: Array.from({ length: n }, (_, i) => ({ companyId, budgetId, title: `Proposta ${existing + i + 1}`, position: existing + i })),
  });
  const rows = await t.deps.db.proposal.findMany({ where: { budgetId }, orderBy: { position: 'asc' }, select: { id: true } });
  return rows.slice(existing).map((r) => r.id);
}

/** `n` services of type 'other' written straight to the proposal. */
async function addServices(budgetId: number, proposalId: number, n: number, status: 'active' | 'canceled' = 'active') {
  const existing = await t.deps.db.service.count({ where: { proposalId } });
  await t.deps.db.service.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      companyId,
      budgetId,
      proposalId,
      type: 'other' as const,
      title: `Serviço ${existing + i + 1}`,
      totalCents: 1_000,
      saleCents: 1_000,
      costCents: 1_000,
      status,
      position: existing + i,
    })),
  });
}

const otherService = (proposalId: number) => ({
  proposal_id: proposalId,
  type: 'other',
  title: 'Taxa de turismo',
  adult_number: 1,
  child_number: 0,
  infant_number: 0,
  currency: 'BRL',
  total_cents: 5_000,
  details: {},
});

describe('proposals per budget', () => {
  let budget: NewBudget;
  beforeAll(async () => {
    budget = await newBudget(t, token);
    await addProposals(budget.id, BUDGET_LIMITS.proposals.max - 2);
  });

  it(`takes the ${BUDGET_LIMITS.proposals.max}th proposal and refuses one more, created or duplicated`, async () => {
    ok(await call('POST', '/api/proposals/', { budget_id: budget.id, title: 'A última que cabe' }));
    expect(await t.deps.db.proposal.count({ where: { budgetId: budget.id } })).toBe(BUDGET_LIMITS.proposals.max);

    const before = await counts();
    refused(await call('POST', '/api/proposals/', { budget_id: budget.id, title: 'Uma a mais' }), 'proposals', 'budget_id');
    refused(await call('PUT', `/api/proposals/duplicate/${budget.proposalId}`), 'proposals', 'id');
    expect(await counts()).toEqual(before);
  });

  it('a budget at the limit is copied whole', async () => {
    const copy = ok(await call('POST', '/api/budgets/duplicate', { id: budget.id }));
    expect(copy.proposals).toHaveLength(BUDGET_LIMITS.proposals.max);
  });

  it('a budget stored past the limit is not copied, and nothing of the copy is left', async () => {
    const legacy = await newBudget(t, token);
    await addProposals(legacy.id, BUDGET_LIMITS.proposals.max);
    const before = await counts();
    refused(await call('POST', '/api/budgets/duplicate', { id: legacy.id }), 'proposals', 'id');
    expect(await counts()).toEqual(before);
  });
});

describe('services per proposal', () => {
  let budget: NewBudget;
  beforeAll(async () => {
    budget = await newBudget(t, token);
    // Canceled services count too: they stay in the proposal.
    await addServices(budget.id, budget.proposalId, 10, 'canceled');
    await addServices(budget.id, budget.proposalId, BUDGET_LIMITS.servicesPerProposal.max - 11);
  });

  it(`takes the ${BUDGET_LIMITS.servicesPerProposal.max}th service and refuses one more, created, duplicated or moved in`, async () => {
    const last = ok(await call('POST', '/api/services', otherService(budget.proposalId)));
    expect(await t.deps.db.service.count({ where: { proposalId: budget.proposalId } })).toBe(BUDGET_LIMITS.servicesPerProposal.max);

    const [other] = await addProposals(budget.id, 1);
    const elsewhere = ok(await call('POST', '/api/services', otherService(other as number)));
    const before = await counts();
    refused(await call('POST', '/api/services', otherService(budget.proposalId)), 'servicesPerProposal', 'proposal_id');
    refused(await call('POST', '/api/services/duplicate', { id: last.id }), 'servicesPerProposal', 'id');
    refused(await call('PUT', `/api/services/${elsewhere.id}`, otherService(budget.proposalId)), 'servicesPerProposal', 'proposal_id');
    expect(await counts()).toEqual(before);
    expect((await t.deps.db.service.findUniqueOrThrow({ where: { id: elsewhere.id } })).proposalId).toBe(other);
  });

  it('a proposal of the most active services is duplicated whole; one stored past the limit is not', async () => {
    const full = await newBudget(t, token);
    await addServices(full.id, full.proposalId, BUDGET_LIMITS.servicesPerProposal.max);
    const copy = ok(await call('PUT', `/api/proposals/duplicate/${full.proposalId}`));
    expect(await t.deps.db.service.count({ where: { proposalId: copy.id } })).toBe(BUDGET_LIMITS.servicesPerProposal.max);

    const legacy = await newBudget(t, token);
    await addServices(legacy.id, legacy.proposalId, BUDGET_LIMITS.servicesPerProposal.max + 1);
    const before = await counts();
    refused(await call('PUT', `/api/proposals/duplicate/${legacy.proposalId}`), 'servicesPerProposal', 'id');
    expect(await counts()).toEqual(before);
  });
});

describe('services per budget', () => {
  const perProposal = BUDGET_LIMITS.servicesPerProposal.max;
  const half = perProposal / 2;
  let budget: NewBudget;
  let fullProposals: number[] = [];
  beforeAll(async () => {
    budget = await newBudget(t, token);
    // The first proposal holds `half`; full ones bring the budget to the limit less `half`.
    await addServices(budget.id, budget.proposalId, half);
    const fullCount = (BUDGET_LIMITS.servicesPerBudget.max - 2 * half) / perProposal;
    fullProposals = await addProposals(budget.id, fullCount);
    for (const id of fullProposals) await addServices(budget.id, id, perProposal);
  });

  it('a proposal whose copy fills the budget exactly is duplicated; the next copy is refused whole', async () => {
    const copy = ok(await call('PUT', `/api/proposals/duplicate/${budget.proposalId}`));
    expect(await t.deps.db.service.count({ where: { proposalId: copy.id } })).toBe(half);
    expect(await t.deps.db.service.count({ where: { budgetId: budget.id } })).toBe(BUDGET_LIMITS.servicesPerBudget.max);

    const before = await counts();
    refused(await call('PUT', `/api/proposals/duplicate/${budget.proposalId}`), 'servicesPerBudget', 'id');
    expect(await counts()).toEqual(before);
  });

  it('refuses one more service, created in a proposal with room or duplicated', async () => {
    const room = ok(await call('POST', '/api/proposals/', { budget_id: budget.id, title: 'Com espaço' }));
    const service = await t.deps.db.service.findFirstOrThrow({ where: { proposalId: budget.proposalId }, select: { id: true } });
    const before = await counts();
    refused(await call('POST', '/api/services', otherService(room.id)), 'servicesPerBudget', 'proposal_id');
    refused(await call('POST', '/api/services/duplicate', { id: service.id }), 'servicesPerBudget', 'id');
    expect(await counts()).toEqual(before);
  });

  it('a budget stored past the limit is not copied', async () => {
    await addServices(budget.id, budget.proposalId, 1);
    const before = await counts();
    refused(await call('POST', '/api/budgets/duplicate', { id: budget.id }), 'servicesPerBudget', 'id');
    expect(await counts()).toEqual(before);
  });
});

describe('segments and rooms (the schemas)', () => {
  let budget: NewBudget;
  beforeAll(async () => {
    budget = await newBudget(t, token);
  });

  const flight = (segments: number) => ({
    ...otherService(budget.proposalId),
    type: 'air',
    title: 'Volta ao mundo',
    adult_cents: 100_000,
    details: {
      segments: Array.from({ length: segments }, (_, i) => ({
        origin_airport_id: i % 2 ? airports.lis : airports.gru,
        destination_airport_id: i % 2 ? airports.gru : airports.lis,
        departure_date: '2027-05-01',
      })),
    },
  });
  const hotel = (rooms: number) => ({
    ...otherService(budget.proposalId),
    type: 'accommodation',
    title: 'Hotel do grupo',
    details: {
      hotel_name: 'Hotel Avenida',
      rooms: Array.from({ length: rooms }, (_, i) => ({
        id: `room-${i + 1}`,
        adult_number: 2,
        child_number: 0,
        infant_number: 0,
        value: 50_000,
        number_room: 1,
      })),
    },
  });

  it(`a flight of ${BUDGET_LIMITS.segments.max} segments is taken, one more is refused`, async () => {
    const taken = ok(await call('POST', '/api/services', flight(BUDGET_LIMITS.segments.max)));
    expect(taken.details.segments).toHaveLength(BUDGET_LIMITS.segments.max);
    const before = await counts();
    refusedBySchema(
      await call('POST', '/api/services', flight(BUDGET_LIMITS.segments.max + 1)),
      'details.segments',
      BUDGET_LIMITS.segments.message,
    );
    refusedBySchema(
      await call('PUT', `/api/services/${taken.id}`, flight(BUDGET_LIMITS.segments.max + 1)),
      'details.segments',
      BUDGET_LIMITS.segments.message,
    );
    expect(await counts()).toEqual(before);
  });

  it(`a hotel of ${BUDGET_LIMITS.rooms.max} rooms is taken, one more is refused`, async () => {
    const taken = ok(await call('POST', '/api/services', hotel(BUDGET_LIMITS.rooms.max)));
    expect(taken.details.rooms).toHaveLength(BUDGET_LIMITS.rooms.max);
    const before = await counts();
    refusedBySchema(await call('POST', '/api/services', hotel(BUDGET_LIMITS.rooms.max + 1)), 'details.rooms', BUDGET_LIMITS.rooms.message);
    expect(await counts()).toEqual(before);
  });
});

describe('passengers per budget (the schema)', () => {
  const paxes = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Passageiro ${i + 1}` }));

  it(`a budget of ${BUDGET_LIMITS.paxes.max} passengers is taken, one more is refused on create and on edit`, async () => {
    const budget = await newBudget(t, token);
    const edited = ok(await call('PATCH', `/api/budgets/${budget.id}`, { paxes: paxes(BUDGET_LIMITS.paxes.max) }));
    expect(edited.paxes).toHaveLength(BUDGET_LIMITS.paxes.max);

    const before = await counts();
    refusedBySchema(
      await call('PATCH', `/api/budgets/${budget.id}`, { paxes: paxes(BUDGET_LIMITS.paxes.max + 1) }),
      'paxes',
      BUDGET_LIMITS.paxes.message,
    );
    const attendance = await t.deps.db.budget.findUniqueOrThrow({ where: { id: budget.id }, select: { attendanceId: true } });
    refusedBySchema(
      await call('POST', '/api/budgets/', { attendance_id: attendance.attendanceId, paxes: paxes(BUDGET_LIMITS.paxes.max + 1) }),
      'paxes',
      BUDGET_LIMITS.paxes.message,
    );
    expect(await counts()).toEqual(before);
  });
});

describe('recommendations and comments per budget', () => {
  let budget: NewBudget;
  beforeAll(async () => {
    budget = await newBudget(t, token);
  });

  it(`takes the ${BUDGET_LIMITS.recommendations.max}th recommendation and refuses one more`, async () => {
    await t.deps.db.recommendation.createMany({
      data: Array.from({ length: BUDGET_LIMITS.recommendations.max - 1 }, (_, i) => ({
        companyId,
        budgetId: budget.id,
        title: `Dica ${i + 1}`,
        position: i,
      })),
    });
    const tip = { budget_id: budget.id, category: 'tip', title: 'Leve casaco' };
    ok(await call('POST', '/api/recommendations', tip));
    const before = await counts();
    refused(await call('POST', '/api/recommendations', tip), 'recommendations', 'budget_id');
    expect(await counts()).toEqual(before);
  });

  it(`takes the ${BUDGET_LIMITS.financialComments.max}th comment on the value table and refuses one more`, async () => {
    await t.deps.db.financialTableComment.createMany({
      data: Array.from({ length: BUDGET_LIMITS.financialComments.max - 1 }, () => ({
        companyId,
        budgetId: budget.id,
        line: 'sale',
        body: 'Conferir',
      })),
    });
    const url = `/api/budgets/${budget.id}/financial_table_comments`;
    ok(await call('POST', url, { line: 'margin', body: 'Margem ok' }));
    const before = await counts();
    refused(await call('POST', url, { line: 'margin', body: 'Mais um' }), 'financialComments', 'body');
    expect(await counts()).toEqual(before);
  });
});

describe('contract template body', () => {
  /** A body of exactly `n` characters, plain clauses without fields. */
  const body = (n: number) => `${'O contratante declara ciência das condições gerais. '.repeat(Math.ceil(n / 50)).slice(0, n - 1)}.`;

  it(`a body of ${CONTRACT_TEMPLATE_LIMITS.body} characters (a heavy real one has 60,000) is taken, one more is refused`, async () => {
    const taken = ok(
      await call('POST', '/api/contract_templates', { name: 'Contrato completo', body: body(CONTRACT_TEMPLATE_LIMITS.body) }),
    );
    expect(taken.body).toHaveLength(CONTRACT_TEMPLATE_LIMITS.body);
    const before = await counts();
    const tooLong = body(CONTRACT_TEMPLATE_LIMITS.body + 1);
    refusedBySchema(
      await call('POST', '/api/contract_templates', { name: 'Contrato longo', body: tooLong }),
      'body',
      CONTRACT_TEMPLATE_BODY_TOO_LONG,
    );
    refusedBySchema(await call('PUT', `/api/contract_templates/${taken.id}`, { body: tooLong }), 'body', CONTRACT_TEMPLATE_BODY_TOO_LONG);
    expect(await counts()).toEqual(before);
    expect((await t.deps.db.contractTemplate.findUniqueOrThrow({ where: { id: taken.id } })).body).toHaveLength(
      CONTRACT_TEMPLATE_LIMITS.body,
    );
  });
});
