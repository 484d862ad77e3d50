// The Painel da agência's stats (agency_dashboard_stats, kept by triggers) stay right as the agency
// works: after a sale, an installment received, a payment reversed, the sale undone and a budget
// sent again, the kept rows equal the ones summed again from attendances, budgets, sales,
// reservations and payments, and today's dashboard moves by exactly what changed. One agency's
// writes never touch another's figures.
import { type AgencyDashboard, businessDate } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, sellableBudget } from '../../../test/sale-fixtures';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '' };
const ids = { admin: 0, demo: 0, outra: 0, supplier: 0 };
const today = businessDate();
const TODAY = `from=${today}&to=${today}`;
const OLD = 'from=2024-06-03&to=2024-06-16';

const call = (method: string, url: string, body?: unknown, token = tokens.owner) => t.call(method, url, { token, body });
const dashboard = async (query: string, token = tokens.owner) =>
  ok<AgencyDashboard>(await call('GET', `/api/agency-dashboard?${query}`, undefined, token));
const received = (d: AgencyDashboard) => d.cash_weeks.reduce((sum, w) => sum + w.received_cents, 0);

/**
 * Kept rows that differ from the rows summed again from the source tables by
 * agency_dashboard_recount (migration agency_dashboard_years_dues), both read in one snapshot.
 */
async function staleRows(): Promise<number> {
  const companies = [ids.demo, ids.outra];
  const [row] = await t.deps.db.$queryRaw<{ stale: number; kept: number }[]>`
    WITH kept AS (
      SELECT company_id, user_id, metric, currency, grain, day, key, n::bigint AS n, a::numeric AS a, b::numeric AS b, c::numeric AS c
      FROM agency_dashboard_stats WHERE company_id = ANY(${companies}) AND (n <> 0 OR a <> 0 OR b <> 0 OR c <> 0)
    ),
    rebuilt AS (SELECT * FROM agency_dashboard_recount(${companies}::int[]))
    SELECT ((SELECT count(*) FROM (SELECT * FROM kept EXCEPT ALL SELECT * FROM rebuilt) x)
      + (SELECT count(*) FROM (SELECT * FROM rebuilt EXCEPT ALL SELECT * FROM kept) y))::int AS stale,
      (SELECT count(*) FROM kept)::int AS kept`;
  expect(row?.kept).toBeGreaterThan(0);
  return row?.stale ?? -1;
}

beforeAll(async () => {
  await t.showCostsToEveryone();
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  const admin = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.admin } });
  const outra = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.outraOwner } });
  ids.admin = admin.id;
  ids.demo = admin.companyId;
  ids.outra = outra.companyId;
  // The sale fixture's ticket is priced in dollars: the system's quote converts it.
  const root = await t.tokenFor(DEMO.users.superAdmin);
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, root),
  );
  const usd = quotes.items.find((q) => q.currency === 'USD')?.id ?? 0;
  await ok(await call('PUT', `/api/currency_quotes_params/${usd}`, { rate: 5 }, root));
  ids.supplier = (
    await ok<{ id: number }>(
      await call('POST', '/api/suppliers', { kind: 'organization', name: 'Receptivo Rollup', service_types: ['tour', 'other'] }),
    )
  ).id;
});

describe('painel da agência: the stats kept by triggers', () => {
  it('follow a sale, a payment received and reversed, and the sale undone', async () => {
    const before = await dashboard(TODAY);
    const agentBefore = await dashboard(`${TODAY}&user_id=${ids.admin}`);
    const outraBefore = await dashboard(TODAY, tokens.outra);

    const budget = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    await ok(await call('PATCH', `/api/budgets/${budget.id}`, { destination: 'Recife Rollup' }, tokens.colab));
    const { sale } = await ok<{ sale: { id: number; sale_cents: number; cost_cents: number; commission_cents: number } }>(
      await call(
        'PUT',
        `/api/budgets/sell/${budget.id}`,
        { proposal_id: budget.proposalId, seller_user_id: ids.admin, commission_basis_points: 500, installments: 2 },
        tokens.colab,
      ),
    );
    const sold = await dashboard(TODAY);
    expect(sold.sales.count).toBe(before.sales.count + 1);
    expect(sold.sales.sale_cents).toBe(before.sales.sale_cents + sale.sale_cents);
    expect(sold.sales.revenue_cents).toBe((before.sales.revenue_cents ?? 0) + sale.sale_cents - sale.cost_cents);
    expect(sold.sales.commission_cents).toBe((before.sales.commission_cents ?? 0) + sale.commission_cents);
    expect(sold.top_destinations).toContainEqual({ destination: 'Recife Rollup', sales: 1, sale_cents: sale.sale_cents });
    expect(sold.top_suppliers.find((s) => s.id === ids.supplier)?.reservations).toBeGreaterThan(0);
    const agentSold = await dashboard(`${TODAY}&user_id=${ids.admin}`);
    expect(agentSold.sales.count).toBe(agentBefore.sales.count + 1);
    expect(agentSold.sales.median_days_to_sale).not.toBeNull();
    expect(await staleRows()).toBe(0);

    // What is owed: the installments due in the next days, and one moved into the past is overdue.
    const installments = await t.deps.db.receivable.findMany({ where: { saleId: sale.id }, orderBy: { number: 'asc' } });
    const dueSoon = installments.filter((r) => r.dueDate.toISOString().slice(0, 10) <= sold.due_next.to);
    expect(sold.due_next.receivables).toBe(before.due_next.receivables + dueSoon.length);
    expect(sold.due_next.receivable_cents).toBe(before.due_next.receivable_cents + dueSoon.reduce((sum, r) => sum + r.amountCents, 0));
    const last = installments.at(-1);
    await t.deps.db.$executeRaw`UPDATE receivables SET due_date = '2024-06-05' WHERE id = ${last?.id}`;
    const late = await dashboard(TODAY);
    expect(late.overdue).toEqual({
      receivables: before.overdue.receivables + 1,
      receivable_cents: before.overdue.receivable_cents + (last?.amountCents ?? 0),
    });
    expect((await dashboard(`${TODAY}&user_id=${ids.admin}`)).overdue.receivables).toBe(agentBefore.overdue.receivables + 1);
    expect(await staleRows()).toBe(0);

    // An installment received today, then reversed (the payment row deleted, as a correction in SQL would).
    const [first] = installments;
    await ok(await call('POST', `/api/receivables/${first?.id}/receive`, { received_on: today, method: 'pix' }));
    const paid = await dashboard(TODAY);
    expect(received(paid)).toBe(received(before) + (first?.amountCents ?? 0));
    expect(received(await dashboard(`${TODAY}&user_id=${ids.admin}`))).toBe(received(agentBefore) + (first?.amountCents ?? 0));
    expect(await staleRows()).toBe(0);
    await t.deps.db.$executeRaw`DELETE FROM receivable_payments WHERE receivable_id = ${first?.id}`;
    expect(received(await dashboard(TODAY))).toBe(received(before));
    expect(await staleRows()).toBe(0);

    // Undone: the sale, its destination, its suppliers and its days to sale leave the figures.
    await ok(await call('PUT', `/api/budgets/undo-sell/${budget.id}`, {}));
    const undone = await dashboard(TODAY);
    expect(undone.sales).toEqual(before.sales);
    expect(undone.top_destinations).toEqual(before.top_destinations);
    expect(undone.top_suppliers).toEqual(before.top_suppliers);
    expect((await dashboard(`${TODAY}&user_id=${ids.admin}`)).sales).toEqual(agentBefore.sales);
    expect(undone.overdue).toEqual(before.overdue);
    expect(undone.due_next.receivables).toBe(before.due_next.receivables);
    expect(await staleRows()).toBe(0);

    // The other agency saw none of it.
    expect(await dashboard(TODAY, tokens.outra)).toEqual(outraBefore);
  });

  it('move a budget sent again from the day it was first sent to today, counting it once', async () => {
    const budget = await sellableBudget(t, tokens.colab, { supplierId: null });
    await t.deps.db.$executeRaw`UPDATE budgets SET sent_at = '2024-06-05T13:00:00', landing_views_count = 2 WHERE id = ${budget.id}`;
    const then = await dashboard(OLD);
    const before = await dashboard(TODAY);
    expect(then.budgets.sent).toBeGreaterThan(0);

    await ok(await call('PATCH', `/api/budgets/${budget.id}`, { status: 'draft' }, tokens.colab));
    await ok(await call('PATCH', `/api/budgets/${budget.id}`, { status: 'sent' }, tokens.colab));
    expect((await dashboard(OLD)).budgets).toEqual({
      sent: then.budgets.sent - 1,
      viewed: then.budgets.viewed - 1,
      accepted: then.budgets.accepted,
    });
    expect((await dashboard(TODAY)).budgets).toEqual({
      sent: before.budgets.sent + 1,
      viewed: before.budgets.viewed + 1,
      accepted: before.budgets.accepted,
    });
    expect(await staleRows()).toBe(0);
  });

  it("keep each agency's rows to its own agents", async () => {
    const [row] = await t.deps.db.$queryRaw<{ foreign: number }[]>`
      SELECT count(*)::int AS foreign FROM agency_dashboard_stats st JOIN users u ON u.id = st.user_id
      WHERE st.user_id <> 0 AND u.company_id <> st.company_id`;
    expect(row?.foreign).toBe(0);
    const outra = await dashboard(TODAY, tokens.outra);
    expect(outra.top_suppliers.find((s) => s.id === ids.supplier)).toBeUndefined();
    expect(outra.top_destinations.find((d) => d.destination === 'Recife Rollup')).toBeUndefined();
  });
});
