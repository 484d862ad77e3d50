// Comissões through HTTP: a sale earns its seller the basis points recorded on it, in the month it
// was closed; the owner pays what is due (once: a second payment finds nothing), a sale closed
// after the payment leaves the difference due, an undone sale earns nothing; who may see and pay;
// the statement and the export read back; another agency's seller is not found.
import { businessDate, type CommissionList, type CommissionStatement, type CommissionSummary } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, type SellableBudget, sellableBudget } from '../../../test/sale-fixtures';

const t = useTestApp();
const tokens = { owner: '', admin: '', colab: '', outra: '' };
const ids = { admin: 0, company: 0, outraOwner: 0 };
const month = businessDate().slice(0, 7);

const call = (method: string, url: string, body?: unknown, token = tokens.owner) => t.call(method, url, { token, body });
const adminsMonth = async (token = tokens.owner): Promise<CommissionSummary | undefined> =>
  (
    await ok<CommissionList>(await call('GET', `/api/commissions?month=${month}&seller_id=${ids.admin}`, undefined, token))
  ).commissions.find((c) => c.currency === 'BRL');
const sell = async (budget: SellableBudget, basisPoints: number) =>
  ok<{ sale: { id: number; sale_cents: number; commission_cents: number } }>(
    await call(
      'PUT',
      `/api/budgets/sell/${budget.id}`,
      { proposal_id: budget.proposalId, seller_user_id: ids.admin, commission_basis_points: basisPoints },
      tokens.colab,
    ),
  );
/** A sellable budget titled so the statement and the export can be read by it. */
async function titled(title: string): Promise<SellableBudget> {
  const budget = await sellableBudget(t, tokens.colab, { supplierId: null });
  await ok(await call('PATCH', `/api/budgets/${budget.id}`, { title }, tokens.colab));
  return budget;
}
const pay = (body: Record<string, unknown>, token = tokens.owner) => call('POST', '/api/commissions/pay', body, token);

beforeAll(async () => {
  await t.showCostsToEveryone();
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  const admin = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.admin } });
  ids.admin = admin.id;
  ids.company = admin.companyId;
  ids.outraOwner = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.outraOwner } })).id;
  // The sale fixture's ticket is priced in dollars: the system's quote converts it.
  const root = await t.tokenFor(DEMO.users.superAdmin);
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, root),
  );
  const usd = quotes.items.find((q) => q.currency === 'USD')?.id ?? 0;
  await ok(await call('PUT', `/api/currency_quotes_params/${usd}`, { rate: 5 }, root));
});

describe('comissões', () => {
  let first: { id: number; sale_cents: number; earned: number };
  let before: { earned: number; paid: number };

  beforeAll(async () => {
    const start = await adminsMonth();
    before = { earned: start?.earned_cents ?? 0, paid: start?.paid_cents ?? 0 };
    const { sale } = await sell(await titled('Comissão um'), 500);
    first = { id: sale.id, sale_cents: sale.sale_cents, earned: Math.round((sale.sale_cents * 500) / 10_000) };
  });

  it("a sale earns its seller the sale's basis points of its total, in the month it was closed", async () => {
    const row = await adminsMonth();
    expect(row).toMatchObject({
      seller: { id: ids.admin },
      month,
      earned_cents: before.earned + first.earned,
      paid_cents: before.paid,
      status: 'due',
    });
    expect(row?.due_cents).toBe(row ? row.earned_cents - row.paid_cents : -1);
    expect(row?.revenue_cents).toBeTypeOf('number');

    const statement = await ok<CommissionStatement>(
      await call('GET', `/api/commissions/statement?month=${month}&seller_id=${ids.admin}&per_page=100`),
    );
    expect(statement.seller.id).toBe(ids.admin);
    expect(statement.sales.find((s) => s.sale_id === first.id)).toMatchObject({
      budget_title: 'Comissão um',
      client: { name: expect.any(String) },
      sold_on: businessDate(),
      currency: 'BRL',
      sale_cents: first.sale_cents,
      seller_basis_points: 500,
      earned_cents: first.earned,
    });
  });

  it('paying settles what is due, once: a second payment finds nothing due (409) and changes nothing', async () => {
    const paid = await ok<{ commission: CommissionSummary; message: string }>(
      await pay({ seller_id: ids.admin, month, currency: 'BRL', note: 'Pix de novembro' }),
    );
    expect(paid.message).toBe('Comissão marcada como paga.');
    expect(paid.commission).toMatchObject({ due_cents: 0, status: 'paid', paid_on: businessDate() });
    expect(paid.commission.paid_cents).toBe(paid.commission.earned_cents);

    const again = await pay({ seller_id: ids.admin, month, currency: 'BRL' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Não há comissão a pagar a este vendedor neste mês nesta moeda.' });
    expect((await adminsMonth())?.paid_cents).toBe(paid.commission.paid_cents);

    const statement = await ok<CommissionStatement>(await call('GET', `/api/commissions/statement?month=${month}&seller_id=${ids.admin}`));
    expect(statement.payments.at(-1)).toMatchObject({ note: 'Pix de novembro', currency: 'BRL', paid_by: { name: expect.any(String) } });
  });

  it('two payments at once pay once', async () => {
    const { sale } = await sell(await titled('Comissão paralela'), 300);
    const due = Math.round((sale.sale_cents * 300) / 10_000);
    const paidBefore = (await adminsMonth())?.paid_cents ?? 0;
    const answers = await Promise.all([0, 1, 2].map(() => pay({ seller_id: ids.admin, month, currency: 'BRL' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await adminsMonth())?.paid_cents).toBe(paidBefore + due);
  });

  it('a sale closed after the payment leaves its commission due; undoing it takes it back', async () => {
    const budget = await titled('Comissão desfeita');
    const { sale } = await sell(budget, 1_000);
    const earned = Math.round((sale.sale_cents * 1_000) / 10_000);
    expect(await adminsMonth()).toMatchObject({ due_cents: earned, status: 'due' });
    await ok(await call('PUT', `/api/budgets/undo-sell/${budget.id}`, {}, tokens.colab));
    expect(await adminsMonth()).toMatchObject({ due_cents: 0, status: 'paid' });
    const statement = await ok<CommissionStatement>(
      await call('GET', `/api/commissions/statement?month=${month}&seller_id=${ids.admin}&per_page=100`),
    );
    expect(statement.sales.map((s) => s.sale_id)).not.toContain(sale.id);
  });

  it('bad input: a month not begun, a malformed month or currency; nothing is recorded', async () => {
    const count = await t.deps.db.commissionPayment.count();
    const future = await pay({ seller_id: ids.admin, month: '2999-01', currency: 'BRL' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ errors: { month: ['Escolha um mês que já começou.'] } });
    expect((await pay({ seller_id: ids.admin, month: '2026-13', currency: 'BRL' })).statusCode).toBe(400);
    expect((await pay({ seller_id: ids.admin, month, currency: 'reais' })).statusCode).toBe(400);
    expect((await pay({ seller_id: ids.admin, month, currency: 'BRL', amount_cents: 1 })).statusCode).toBe(400);
    expect((await call('GET', '/api/commissions?month=novembro')).statusCode).toBe(400);
    expect(await t.deps.db.commissionPayment.count()).toBe(count);
  });

  it("owners and administrators only; another agency's seller is not found and its owner sees none of ours", async () => {
    expect((await call('GET', `/api/commissions?month=${month}`, undefined, tokens.colab)).statusCode).toBe(403);
    expect((await pay({ seller_id: ids.admin, month, currency: 'BRL' }, tokens.colab)).statusCode).toBe(403);
    expect((await call('GET', `/api/commissions?month=${month}`, undefined, tokens.admin)).statusCode).toBe(200);
    expect((await pay({ seller_id: ids.outraOwner, month, currency: 'BRL' })).statusCode).toBe(404);
    expect((await pay({ seller_id: ids.admin, month, currency: 'BRL' }, tokens.outra)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/commissions/statement?month=${month}&seller_id=${ids.admin}`, undefined, tokens.outra)).statusCode,
    ).toBe(404);
    const theirs = await ok<CommissionList>(await call('GET', `/api/commissions?month=${month}&per_page=100`, undefined, tokens.outra));
    expect(theirs.commissions.map((c) => c.seller.id)).not.toContain(ids.admin);
  });

  it('an administrator kept from costs still sees and pays commissions, without the revenue', async () => {
    await ok(await call('PATCH', `/api/companies/${ids.company}`, { id: ids.company, costs_visibility: 'owner' }));
    try {
      const row = await adminsMonth(tokens.admin);
      expect(row?.earned_cents).toBeGreaterThan(0);
      expect(row).not.toHaveProperty('revenue_cents');
      const csv = await call('GET', `/api/commissions/export/csv?month=${month}`, undefined, tokens.admin);
      expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
        'Vendedor;Orçamento;Cliente;Fechada em;Moeda;Venda;Comissão (%);Comissão',
      );
    } finally {
      await ok(await call('PATCH', `/api/companies/${ids.company}`, { id: ids.company, costs_visibility: 'everyone' }));
    }
  });

  it("the export: every sale of the month with its seller's commission, as CSV and XLSX", async () => {
    const csv = await call('GET', `/api/commissions/export/csv?month=${month}&seller_id=${ids.admin}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`comissoes-${month}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Vendedor;Orçamento;Cliente;Fechada em;Moeda;Venda;Receita;Comissão (%);Comissão');
    const row = lines.find((l) => l.includes(';Comissão um;'));
    const day = businessDate();
    expect(row).toContain(`;${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)};BRL;`);
    expect(row).toMatch(/;5;\d+,\d{2}$/);
    expect(lines.some((l) => l.includes('Comissão desfeita'))).toBe(false);

    const xlsx = await call('GET', `/api/commissions/export/xlsx?month=${month}&seller_id=${ids.admin}`);
    const { default: Excel } = await import('exceljs');
    const book = new Excel.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Comissões');
    const values = Array.from({ length: sheet?.rowCount ?? 0 }, (_, i) => sheet?.getRow(i + 1).values as unknown[]);
    const sold = values.find((v) => v[2] === 'Comissão um');
    expect(sold?.[9]).toBe(first.earned / 100);
    expect((await call('GET', `/api/commissions/export/csv?month=${month}`, undefined, tokens.colab)).statusCode).toBe(403);
  });
});
