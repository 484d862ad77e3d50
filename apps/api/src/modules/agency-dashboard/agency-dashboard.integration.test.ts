// Painel da agência through HTTP: the figures of a known period (two sales made through the real
// routes, then moved into March 2025 with their attendances, budgets, installments and
// reservations, plus a lost attendance), one agent's slice, costs hidden from whoever the agency
// keeps from them, the roles (403 for a collaborator), another agency's view and agent, bad input.
import { type AgencyDashboard, addDays, businessDate } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, sellableBudget } from '../../../test/sale-fixtures';

const t = useTestApp();
const tokens = { owner: '', admin: '', colab: '', outra: '' };
const ids = { admin: 0, owner: 0, supplier: 0, outraOwner: 0, demo: 0, lostBudget: 0 };
const PERIOD = 'from=2025-03-03&to=2025-03-16';
const sales = { a: { sale_cents: 0, cost_cents: 0, commission_cents: 0 }, b: { sale_cents: 0, cost_cents: 0, commission_cents: 0 } };
const owed = { overdue: 0, next: 0 };

const call = (method: string, url: string, body?: unknown, token = tokens.owner) => t.call(method, url, { token, body });
const dashboard = async (query: string, token = tokens.owner) =>
  ok<AgencyDashboard>(await call('GET', `/api/agency-dashboard?${query}`, undefined, token));
const sql = (text: TemplateStringsArray, ...values: unknown[]) => t.deps.db.$executeRaw(text, ...values);

beforeAll(async () => {
  await t.showCostsToEveryone();
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  const user = (email: string) => t.deps.db.user.findUniqueOrThrow({ where: { email } });
  ids.admin = (await user(DEMO.users.admin)).id;
  ids.owner = (await user(DEMO.users.owner)).id;
  ids.demo = (await user(DEMO.users.owner)).companyId;
  ids.outraOwner = (await user(DEMO.users.outraOwner)).id;
  // The sale fixture's ticket is priced in dollars: the system's quote converts it.
  const root = await t.tokenFor(DEMO.users.superAdmin);
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, root),
  );
  const usd = quotes.items.find((q) => q.currency === 'USD')?.id ?? 0;
  await ok(await call('PUT', `/api/currency_quotes_params/${usd}`, { rate: 5 }, root));
  ids.supplier = (
    await ok<{ id: number }>(
      await call('POST', '/api/suppliers', { kind: 'organization', name: 'Receptivo Painel', service_types: ['tour', 'other'] }),
    )
  ).id;

  // Sale A by the administrator, sale B by the owner; both from budgets the collaborator made.
  const sell = async (seller: number, destination: string) => {
    const budget = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    await ok(await call('PATCH', `/api/budgets/${budget.id}`, { destination }, tokens.colab));
    const { sale } = await ok<{ sale: { id: number; sale_cents: number; cost_cents: number; commission_cents: number } }>(
      await call(
        'PUT',
        `/api/budgets/sell/${budget.id}`,
        { proposal_id: budget.proposalId, seller_user_id: seller, commission_basis_points: 500, installments: 2 },
        tokens.colab,
      ),
    );
    return { budget, sale };
  };
  const a = await sell(ids.admin, 'Lisboa');
  const b = await sell(ids.owner, 'Paris');
  sales.a = a.sale;
  sales.b = b.sale;

  // First contact on 3 March; A sold on the 5th (2 days), B on the 13th (10 days).
  const move = async (x: typeof a, soldAt: string, ownerId: number, viewed: number) => {
    await sql`UPDATE attendances SET created_at = '2025-03-03T13:00:00', closed_at = ${new Date(soldAt)}, owner_user_id = ${ownerId} WHERE id = ${x.budget.attendanceId}`;
    await sql`UPDATE budgets SET sent_at = '2025-03-04T13:00:00', landing_views_count = ${viewed}, owner_user_id = ${ownerId} WHERE id = ${x.budget.id}`;
    await sql`UPDATE sales SET sold_at = ${new Date(soldAt)} WHERE id = ${x.sale.id}`;
  };
  await move(a, '2025-03-05T15:00:00Z', ids.admin, 1);
  await move(b, '2025-03-13T15:00:00Z', ids.owner, 0);

  // A: both installments received in the period (weeks of 3 and 10 March).
  const [a1, a2] = await t.deps.db.receivable.findMany({ where: { saleId: a.sale.id }, orderBy: { number: 'asc' } });
  for (const [r, day] of [
    [a1, '2025-03-05'],
    [a2, '2025-03-12'],
  ] as const) {
    await ok(await call('POST', `/api/receivables/${r?.id}/receive`, { received_on: day, method: 'pix' }));
  }
  // B: the first overdue, the second due in five days.
  const [b1, b2] = await t.deps.db.receivable.findMany({ where: { saleId: b.sale.id }, orderBy: { number: 'asc' } });
  await sql`UPDATE receivables SET due_date = '2025-03-20' WHERE id = ${b1?.id}`;
  await sql`UPDATE receivables SET due_date = ${addDays(businessDate(), 5)}::date WHERE id = ${b2?.id}`;
  owed.overdue = b1?.amountCents ?? 0;
  owed.next = b2?.amountCents ?? 0;

  // Reservations in reais: A's tour paid on 7 March (R$ 100,00), B's tour owed in three days (R$ 200,00).
  await sql`UPDATE reservations SET currency = 'BRL', amount_cents = 10000, payment_due_date = '2025-03-07', paid_on = '2025-03-07'
    WHERE sale_id = ${a.sale.id} AND amount_cents = 40500`;
  await sql`UPDATE reservations SET currency = 'BRL', amount_cents = 20000, payment_due_date = ${addDays(businessDate(), 3)}::date
    WHERE sale_id = ${b.sale.id} AND amount_cents = 40500`;

  // A third attendance of the administrator, lost in the period.
  const lost = await sellableBudget(t, tokens.colab, { supplierId: null, draft: true });
  ids.lostBudget = lost.id;
  await sql`UPDATE attendances SET status = 'lost', created_at = '2025-03-10T13:00:00', closed_at = '2025-03-11T13:00:00', owner_user_id = ${ids.admin}
    WHERE id = ${lost.attendanceId}`;
});

describe('painel da agência', () => {
  it("tells a period's figures, computed from what was sold, received and paid", async () => {
    const d = await dashboard(PERIOD);
    expect(d.period).toEqual({ from: '2025-03-03', to: '2025-03-16', today: businessDate() });
    expect(d.currency).toBe('BRL');
    expect(d.attendances).toEqual({ opened: 3, won: 2, lost: 1, conversion_basis_points: 6667 });
    expect(d.budgets).toEqual({ sent: 2, viewed: 1, accepted: 2 });
    const saleCents = sales.a.sale_cents + sales.b.sale_cents;
    const revenue = saleCents - sales.a.cost_cents - sales.b.cost_cents;
    expect(d.sales).toEqual({
      count: 2,
      sale_cents: saleCents,
      revenue_cents: revenue,
      margin_basis_points: Math.round((revenue * 10_000) / saleCents),
      commission_cents: sales.a.commission_cents + sales.b.commission_cents,
      median_days_to_sale: 6,
    });
    expect(d.top_destinations).toEqual(
      [
        { destination: 'Paris', sales: 1, sale_cents: sales.b.sale_cents },
        { destination: 'Lisboa', sales: 1, sale_cents: sales.a.sale_cents },
      ].sort((x, y) => y.sale_cents - x.sale_cents || x.destination.localeCompare(y.destination)),
    );
    expect(d.top_suppliers).toEqual([{ id: ids.supplier, name: 'Receptivo Painel', reservations: 2, supplier_cost_cents: 30_000 }]);
    expect(d.cash_weeks).toEqual([
      { week: '2025-03-03', received_cents: expect.any(Number), supplier_cost_cents: 10_000 },
      { week: '2025-03-10', received_cents: expect.any(Number), supplier_cost_cents: 0 },
    ]);
    expect(d.cash_weeks.reduce((sum, w) => sum + w.received_cents, 0)).toBe(sales.a.sale_cents);
    expect(d.due_next).toEqual({
      from: businessDate(),
      to: addDays(businessDate(), 29),
      receivables: 1,
      receivable_cents: owed.next,
      payables: 1,
      supplier_cost_cents: 20_000,
    });
    expect(d.overdue).toEqual({ receivables: 1, receivable_cents: owed.overdue });
  });

  it("one agent's slice: what they own and what they sold", async () => {
    const d = await dashboard(`${PERIOD}&user_id=${ids.admin}`);
    expect(d.attendances).toEqual({ opened: 2, won: 1, lost: 1, conversion_basis_points: 5000 });
    expect(d.budgets).toEqual({ sent: 1, viewed: 1, accepted: 1 });
    expect(d.sales).toMatchObject({ count: 1, sale_cents: sales.a.sale_cents, median_days_to_sale: 2 });
    expect(d.top_destinations).toEqual([{ destination: 'Lisboa', sales: 1, sale_cents: sales.a.sale_cents }]);
    expect(d.overdue).toEqual({ receivables: 0, receivable_cents: 0 });
    expect(d.due_next).toMatchObject({ receivables: 0, payables: 0 });
  });

  it('another period, or another currency, has nothing', async () => {
    const d = await dashboard('from=2024-03-03&to=2024-03-16');
    expect(d.attendances).toEqual({ opened: 0, won: 0, lost: 0, conversion_basis_points: null });
    expect(d.sales).toMatchObject({ count: 0, sale_cents: 0, margin_basis_points: null, median_days_to_sale: null });
    expect(d.cash_weeks.every((w) => w.received_cents === 0 && w.supplier_cost_cents === 0)).toBe(true);
    expect((await dashboard(`${PERIOD}&currency=USD`)).sales.count).toBe(0);
  });

  it('a panel read again is the one kept until a change it reads commits: a receipt, a supplier renamed, a payable moved', async () => {
    const version = async () => (await t.deps.db.agencyDashboardVersion.findUnique({ where: { companyId: ids.demo } }))?.version ?? 0n;
    const first = await dashboard(PERIOD);
    const at = await version();
    expect(await dashboard(PERIOD)).toEqual(first);
    // Nothing the panel reads: the version stays.
    await ok(await call('PATCH', `/api/budgets/${ids.lostBudget}`, { title: 'Outro título' }, tokens.colab));
    expect(await version()).toBe(at);

    // A supplier's new name shows at once.
    await ok(await call('PATCH', `/api/suppliers/${ids.supplier}`, { name: 'Receptivo Renomeado' }));
    expect(await version()).toBeGreaterThan(at);
    const renamed = await dashboard(PERIOD);
    expect(renamed.top_suppliers.map((s) => s.name)).toContain('Receptivo Renomeado');
    expect({ ...renamed, top_suppliers: first.top_suppliers }).toEqual(first);
    await ok(await call('PATCH', `/api/suppliers/${ids.supplier}`, { name: 'Receptivo Painel' }));

    // A change rolled back moves nothing; one committed in the same statement as others, once.
    await t.deps.db
      .$transaction(async (tx) => {
        await tx.$executeRaw`UPDATE receivables SET due_date = due_date WHERE company_id = ${ids.demo}`;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const before = await version();
    await sql`UPDATE receivables SET due_date = due_date WHERE company_id = ${ids.demo}`;
    expect(await version()).toBe(before + 1n);
    expect(await dashboard(PERIOD)).toEqual(first);
  });

  it('the administrator sees it; a collaborator is refused (403); costs vanish for whoever the agency keeps from them', async () => {
    expect((await dashboard(PERIOD, tokens.admin)).sales.count).toBe(2);
    expect((await call('GET', `/api/agency-dashboard?${PERIOD}`, undefined, tokens.colab)).statusCode).toBe(403);

    await t.deps.db.company.updateMany({ data: { costsVisibility: 'owner' } });
    try {
      const d = await dashboard(PERIOD, tokens.admin);
      expect(d.sales).not.toHaveProperty('revenue_cents');
      expect(d.sales).not.toHaveProperty('margin_basis_points');
      expect(d.sales).not.toHaveProperty('commission_cents');
      expect(d.top_suppliers[0]).not.toHaveProperty('supplier_cost_cents');
      expect(d.cash_weeks[0]).not.toHaveProperty('supplier_cost_cents');
      expect(d.sales.sale_cents).toBe(sales.a.sale_cents + sales.b.sale_cents);
    } finally {
      await t.showCostsToEveryone();
    }
  });

  it("another agency sees only its own figures, and not one of this agency's agents (404)", async () => {
    const d = await dashboard(PERIOD, tokens.outra);
    expect(d.attendances).toMatchObject({ opened: 0, won: 0 });
    expect(d.sales.count).toBe(0);
    expect(d.top_suppliers).toEqual([]);
    expect(d.overdue.receivables).toBe(0);
    expect((await call('GET', `/api/agency-dashboard?${PERIOD}&user_id=${ids.admin}`, undefined, tokens.outra)).statusCode).toBe(404);
    expect((await call('GET', `/api/agency-dashboard?${PERIOD}&user_id=${ids.outraOwner}`)).statusCode).toBe(404);
  });

  it('bad input is a 400 that names the field', async () => {
    const bad = async (query: string, field: string) => {
      const res = await call('GET', `/api/agency-dashboard?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    };
    await bad('from=2025-03-16&to=2025-03-03', 'A data final deve ser igual ou posterior à inicial.');
    await bad('from=2023-01-01&to=2025-03-03', 'no máximo 731 dias');
    await bad('from=2025-02-30&to=2025-03-03', 'from');
    await bad('to=2025-03-03', 'from');
    await bad(`${PERIOD}&currency=real`, 'currency');
    await bad(`${PERIOD}&user_id=abc`, 'user_id');
    await bad(`${PERIOD}&extra=1`, 'extra');
  });
});
