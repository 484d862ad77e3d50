// "Quem vê custos e margens" through HTTP: the owner's setting decides who gets costs, revenue,
// margins and commissions in any answer (the fields are absent, not hidden), the change reaches the
// very next request, and a writer kept from costs never changes a commission they cannot see.
import { COST_FIELDS, type Profile } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, type SellableBudget, sellableBudget, tourBody } from '../../../test/sale-fixtures';

const t = useTestApp();
const tokens = { owner: '', admin: '', colab: '' };
let companyId = 0;
let supplierId = 0;
let budget: SellableBudget;

const call = (method: string, url: string, token: string, body?: unknown) => t.call(method, url, { token, body });

/** Every COST_FIELDS key found anywhere in an answer. */
function costKeys(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) costKeys(v, found);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if ((COST_FIELDS as readonly string[]).includes(key)) found.add(key);
      costKeys(v, found);
    }
  }
  return found;
}

const readsOf = (token: string) =>
  Promise.all([
    call('GET', `/api/budgets/${budget.id}`, token),
    call('GET', `/api/services/${budget.services.tour}`, token),
    call('GET', `/api/budgets/${budget.id}/sold-info`, token),
    call('GET', `/api/suppliers/${supplierId}`, token),
  ]).then((answers) => Promise.all(answers.map((res) => ok(res))));

async function seesCosts(token: string): Promise<boolean> {
  const answers = await readsOf(token);
  const keys = new Set(answers.flatMap((a) => [...costKeys(a)]));
  const profile = await ok<Profile>(await call('GET', '/api/profile', token));
  // The profile says what the answers do.
  expect(profile.sees_costs).toBe(keys.size > 0);
  return keys.size > 0;
}

const setVisibility = async (costs_visibility: string) =>
  ok(await call('PATCH', `/api/companies/${companyId}`, tokens.owner, { id: companyId, costs_visibility }));

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  companyId = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } })).companyId;
  // The system's USD quote the fixture's ticket is priced with (the agency works with cambio_sistema).
  const root = await t.tokenFor(DEMO.users.superAdmin);
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', root),
  );
  const usd = quotes.items.find((q) => q.currency === 'USD')?.id ?? 0;
  await ok(await call('PUT', `/api/currency_quotes_params/${usd}`, root, { rate: 5 }));
  supplierId = (
    await ok<{ id: number }>(
      await call('POST', '/api/suppliers', tokens.owner, {
        kind: 'organization',
        name: 'Operadora Custos',
        service_types: ['tour', 'other'],
        commission_basis_points: 1500,
      }),
    )
  ).id;
  budget = await sellableBudget(t, tokens.owner, { supplierId });
  await ok(await call('PUT', `/api/budgets/sell/${budget.id}`, tokens.owner, { proposal_id: budget.proposalId }));
});

describe('who sees costs and margins', () => {
  it('by default the owner and the administradores; the colaborador gets answers without any cost field', async () => {
    expect((await ok<{ costs_visibility: string }>(await call('GET', `/api/companies/${companyId}`, tokens.owner))).costs_visibility).toBe(
      'owner_admins',
    );
    expect(await seesCosts(tokens.owner)).toBe(true);
    expect(await seesCosts(tokens.admin)).toBe(true);
    expect(await seesCosts(tokens.colab)).toBe(false);
    // Still the sale itself: only what the agency earns leaves.
    const [tree] = await readsOf(tokens.colab);
    expect((tree as { proposals: { totals: { sale_cents: number } }[] }).proposals[0]?.totals.sale_cents).toBeGreaterThan(0);
  });

  it('the owner alone, then everyone: each change reaches the very next request', async () => {
    await setVisibility('owner');
    expect(await seesCosts(tokens.admin)).toBe(false);
    expect(await seesCosts(tokens.owner)).toBe(true);
    await setVisibility('everyone');
    expect(await seesCosts(tokens.colab)).toBe(true);
    await setVisibility('owner_admins');
    expect(await seesCosts(tokens.colab)).toBe(false);
  });

  it('only the owner sets it (403), and an unknown value is a 400 that changes nothing', async () => {
    expect(
      (await call('PATCH', `/api/companies/${companyId}`, tokens.admin, { id: companyId, costs_visibility: 'everyone' })).statusCode,
    ).toBe(403);
    const bad = await call('PATCH', `/api/companies/${companyId}`, tokens.owner, { id: companyId, costs_visibility: 'todos' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['costs_visibility']);
    expect(await seesCosts(tokens.colab)).toBe(false);
  });
});

describe('a writer kept from costs', () => {
  it('editing a service keeps the commission they cannot see; a new one takes the supplier default', async () => {
    const draft = await sellableBudget(t, tokens.owner, { supplierId, draft: true });
    const before = await t.deps.db.service.findUniqueOrThrow({ where: { id: draft.services.tour } });
    expect(before.commissionBasisPoints).toBe(1000);
    await ok(
      await call('PUT', `/api/services/${draft.services.tour}`, tokens.colab, {
        ...tourBody(draft.proposalId, supplierId),
        title: 'Passeio de escuna (editado)',
        commission_basis_points: 0,
      }),
    );
    const after = await t.deps.db.service.findUniqueOrThrow({ where: { id: draft.services.tour } });
    expect([after.title, after.commissionBasisPoints]).toEqual(['Passeio de escuna (editado)', 1000]);

    const { commission_basis_points: _ignored, ...body } = tourBody(draft.proposalId, supplierId);
    const created = await ok<{ id: number }>(await call('POST', '/api/services', tokens.colab, body));
    expect((await t.deps.db.service.findUniqueOrThrow({ where: { id: created.id } })).commissionBasisPoints).toBe(1500);
  });

  it('editing a supplier keeps its default commission', async () => {
    await ok(
      await call('PATCH', `/api/suppliers/${supplierId}`, tokens.colab, { name: 'Operadora Custos Ltda', commission_basis_points: null }),
    );
    const row = await t.deps.db.supplier.findUniqueOrThrow({ where: { id: supplierId } });
    expect([row.name, row.commissionBasisPoints]).toEqual(['Operadora Custos Ltda', 1500]);
  });

  it('a reservation answers without what the supplier is paid, and editing it keeps that amount', async () => {
    const info = await ok<{ reservations: { id: number; supplier_cost_cents?: number }[] }>(
      await call('GET', `/api/budgets/${budget.id}/sold-info`, tokens.owner),
    );
    const [reservation] = info.reservations;
    const id = reservation?.id ?? 0;
    const stored = await t.deps.db.reservation.findUniqueOrThrow({ where: { id } });
    expect(reservation?.supplier_cost_cents).toBe(stored.amountCents);
    const edited = await ok<Record<string, unknown>>(
      await call('PATCH', `/api/reservations/${id}`, tokens.colab, { locator: 'XPTO12', supplier_cost_cents: 1 }),
    );
    expect([edited.locator, 'supplier_cost_cents' in edited]).toEqual(['XPTO12', false]);
    expect((await t.deps.db.reservation.findUniqueOrThrow({ where: { id } })).amountCents).toBe(stored.amountCents);
  });
});
