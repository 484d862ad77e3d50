// /api/proposals through HTTP: create, read, edit and reorder, duplicate with the services, delete
// (never the last), and another agency's proposals.
import { LAST_PROPOSAL_MESSAGE, type Proposal } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type NewBudget, newBudget } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
let colab = '';
let outra = '';
beforeAll(async () => {
  await t.showCostsToEveryone();
  colab = await t.tokenFor(DEMO.users.colaborador);
  outra = await t.tokenFor(DEMO.users.outraOwner);
});

async function createProposal(body: Record<string, unknown>, token = colab): Promise<Proposal> {
  const res = await t.call('POST', '/api/proposals/', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The budget's proposals as [title, position], in order. */
async function order(budgetId: number) {
  const rows = await t.deps.db.proposal.findMany({
    where: { budgetId },
    orderBy: { position: 'asc' },
    select: { title: true, position: true },
  });
  return rows.map((r) => [r.title, r.position]);
}

const service = (proposalId: number, title: string, totalCents: number) => ({
  proposal_id: proposalId,
  type: 'other',
  title,
  adult_number: 2,
  child_number: 0,
  infant_number: 0,
  currency: 'BRL',
  total_cents: totalCents,
  commission_basis_points: 1000,
  details: {},
});

describe('/api/proposals', () => {
  let budget: NewBudget;
  beforeAll(async () => {
    budget = await newBudget(t, colab);
  });

  it('creates proposals last or at a position, reads one', async () => {
    const second = await createProposal({ budget_id: budget.id, title: 'Opção econômica', notes: 'Sem bagagem' });
    expect(second).toEqual({
      id: expect.any(Number),
      budget_id: budget.id,
      title: 'Opção econômica',
      notes: 'Sem bagagem',
      position: 1,
      sale_cents: 0,
      cost_cents: 0,
      version: 1,
    });
    await createProposal({ budget_id: budget.id, title: 'Opção luxo', position: 0 });
    expect(await order(budget.id)).toEqual([
      ['Opção luxo', 0],
      ['Proposta 1', 1],
      ['Opção econômica', 2],
    ]);
    const res = await t.call('GET', `/api/proposals/${second.id}`, { token: colab });
    expect(res.json()).toEqual({ ...second, position: 2 });
  });

  it('edits title and notes; a new position moves it and renumbers the others in one go', async () => {
    const [first] = await t.deps.db.proposal.findMany({ where: { budgetId: budget.id }, orderBy: { position: 'asc' }, take: 1 });
    const res = await t.call('PATCH', `/api/proposals/${first?.id}`, {
      token: colab,
      body: { title: 'Opção premium', notes: null, position: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Opção premium', notes: null, position: 2 });
    expect(await order(budget.id)).toEqual([
      ['Proposta 1', 0],
      ['Opção econômica', 1],
      ['Opção premium', 2],
    ]);
    // Beyond the end means last; only the title sent changes.
    const back = await t.call('PATCH', `/api/proposals/${first?.id}`, { token: colab, body: { position: 0 } });
    expect(back.json()).toMatchObject({ title: 'Opção premium', position: 0 });
    const bad = await t.call('PATCH', `/api/proposals/${first?.id}`, { token: colab, body: { title: '', position: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['position', 'title']);
  });

  it('duplicates a proposal with its active services right after it, " (cópia)", in one transaction; totals follow', async () => {
    const budget2 = await newBudget(t, colab);
    const later = await createProposal({ budget_id: budget2.id, title: 'Outra opção' });
    const ids: number[] = [];
    for (const [title, cents] of [
      ['Passeio', 20_000],
      ['Traslado', 10_000],
      ['Cancelado', 5_000],
    ] as const) {
      const res = await t.call('POST', '/api/services', { token: colab, body: service(budget2.proposalId, title, cents) });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().id);
    }
    const refund = await t.call('POST', '/api/refunds/', {
      token: colab,
      body: { service_id: ids[2], refund_cents: 5_000, penalty_cents: 0 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // Canceled with everything refunded: the proposal sells 200,00 + 100,00; cost = fare − 10 %.
    const original = (await t.call('GET', `/api/proposals/${budget2.proposalId}`, { token: colab })).json();
    expect(original).toMatchObject({ sale_cents: 30_000, cost_cents: 27_000 });

    const res = await t.call('PUT', `/api/proposals/duplicate/${budget2.proposalId}`, { token: colab });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json();
    expect(copy).toMatchObject({ title: 'Proposta 1 (cópia)', position: 1, sale_cents: 30_000, cost_cents: 27_000 });
    expect(await order(budget2.id)).toEqual([
      ['Proposta 1', 0],
      ['Proposta 1 (cópia)', 1],
      ['Outra opção', 2],
    ]);
    const copied = await t.deps.db.service.findMany({ where: { proposalId: copy.id }, orderBy: { position: 'asc' } });
    expect(copied.map((s) => [s.title, s.position, s.status, s.saleCents, s.budgetId])).toEqual([
      ['Passeio', 0, 'active', 20_000, budget2.id],
      ['Traslado', 1, 'active', 10_000, budget2.id],
    ]);
    expect(later.id).not.toBe(copy.id);
    // The empty proposal offers nothing yet: the budget's total is the cheapest proposal with services.
    expect((await t.deps.db.budget.findUniqueOrThrow({ where: { id: budget2.id } })).totalCents).toBe(30_000);
  });

  it('deletes a proposal with its services, totals follow; the last one of a budget stays (409)', async () => {
    const budget3 = await newBudget(t, colab);
    const cheap = await createProposal({ budget_id: budget3.id, title: 'Barata' });
    expect((await t.call('POST', '/api/services', { token: colab, body: service(budget3.proposalId, 'Caro', 90_000) })).statusCode).toBe(
      200,
    );
    expect((await t.call('POST', '/api/services', { token: colab, body: service(cheap.id, 'Barato', 40_000) })).statusCode).toBe(200);
    expect((await t.deps.db.budget.findUniqueOrThrow({ where: { id: budget3.id } })).totalCents).toBe(40_000);

    const res = await t.call('DELETE', `/api/proposals/${cheap.id}`, { token: colab });
    expect(res.json()).toEqual({ id: cheap.id, deleted: true });
    expect(await t.deps.db.service.count({ where: { proposalId: cheap.id } })).toBe(0);
    expect((await t.deps.db.budget.findUniqueOrThrow({ where: { id: budget3.id } })).totalCents).toBe(90_000);

    const last = await t.call('DELETE', `/api/proposals/${budget3.proposalId}`, { token: colab });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(LAST_PROPOSAL_MESSAGE);
    expect(await order(budget3.id)).toEqual([['Proposta 1', 0]]);
  });

  it("another agency's proposal is a 404 on every route; its budget is a 400 on budget_id", async () => {
    const before = JSON.stringify(await t.deps.db.proposal.findMany({ orderBy: { id: 'asc' } }));
    const id = budget.proposalId;
    expect((await t.call('GET', `/api/proposals/${id}`, { token: outra })).statusCode).toBe(404);
    expect((await t.call('PATCH', `/api/proposals/${id}`, { token: outra, body: { title: 'Invadida' } })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/proposals/duplicate/${id}`, { token: outra })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/proposals/${id}`, { token: outra })).statusCode).toBe(404);
    const create = await t.call('POST', '/api/proposals/', { token: outra, body: { budget_id: budget.id, title: 'Intrusa' } });
    expect(create.statusCode).toBe(400);
    expect(create.json().errors).toEqual({ budget_id: ['não foi encontrado'] });
    expect(JSON.stringify(await t.deps.db.proposal.findMany({ orderBy: { id: 'asc' } }))).toBe(before);
  });
});
