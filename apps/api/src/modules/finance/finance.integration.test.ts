// Contas a receber and contas a pagar through HTTP: a sale's installments become receivables
// (open, overdue, partly and fully received, canceled by the undo with the received ones kept), a
// Pix installment carries the BR Code of what is left, reservations with a supplier and a due date
// become payables (open, overdue, paid, canceled), who may see them, the exports read back, and the
// invariant that a sale's receivables sum to its total and its payables to its cost on random plans.
import { businessDate, crc16, type Payable, type PayableList, type Receivable, type ReceivableList, type Reservation } from '@app/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, type SellableBudget, sellableBudget, TICKET_USD, TOUR } from '../../../test/sale-fixtures';
import { followUpsJob } from '../tasks/tasks.jobs';

const t = useTestApp();
const tokens = { owner: '', admin: '', colab: '', outra: '' };
const ids = { supplier: 0, pix: 0, company: 0 };
const USD_RATE = 5;

const call = (method: string, url: string, body?: unknown, token = tokens.owner) => t.call(method, url, { token, body });
const today = () => businessDate();
/** The i-th row, which the test expects to be there. */
function nth<T>(rows: readonly T[], i: number): T {
  const row = rows[i];
  if (row === undefined) throw new Error(`row ${i} missing`);
  return row;
}
const shift = (days: number) => new Date(Date.parse(`${today()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const receivablesOf = async (budgetId: number, query = '') =>
  ok<ReceivableList>(await call('GET', `/api/receivables?budget_id=${budgetId}&per_page=100${query}`));
const payablesOf = async (budgetId: number, query = '') =>
  ok<PayableList>(await call('GET', `/api/payables?budget_id=${budgetId}&per_page=100${query}`));
const receive = (id: number, body: Record<string, unknown>, token = tokens.owner) =>
  call('POST', `/api/receivables/${id}/receive`, body, token);
const pay = (id: number, body: Record<string, unknown>, token = tokens.owner) => call('POST', `/api/payables/${id}/pay`, body, token);
const sell = async (budget: SellableBudget, body: Record<string, unknown>) =>
  ok<{ sale: { id: number; sale_cents: number; cost_cents: number } }>(
    await call('PUT', `/api/budgets/sell/${budget.id}`, { proposal_id: budget.proposalId, ...body }, tokens.colab),
  );
const reservationsOf = async (budgetId: number) =>
  (await ok<{ reservations: Reservation[] }>(await call('GET', `/api/budgets/${budgetId}/sold-info`))).reservations;
const SOLD = TOUR.sale_cents + TICKET_USD.sale_cents * USD_RATE;

beforeAll(async () => {
  // The collaborator who makes the budgets types the services' commissions (cost fields).
  await t.showCostsToEveryone();
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  const root = await t.tokenFor(DEMO.users.superAdmin);
  ids.company = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } })).companyId;
  ids.supplier = (
    await ok<{ id: number }>(
      await call('POST', '/api/suppliers', { kind: 'organization', name: 'Receptivo Contas', service_types: ['tour', 'other'] }),
    )
  ).id;
  ids.pix = (
    await ok<{ id: number }>(
      await call('POST', '/api/payment_method_params', {
        kind: 'pix',
        name: 'Pix da agência',
        pix_key_type: 'email',
        pix_key: 'financeiro@demo.test',
      }),
    )
  ).id;
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, root),
  );
  const usd = quotes.items.find((q) => q.currency === 'USD')?.id ?? 0;
  await ok(await call('PUT', `/api/currency_quotes_params/${usd}`, { rate: USD_RATE }, root));
});

describe('contas a receber', () => {
  let budget: SellableBudget;
  let items: Receivable[];

  beforeAll(async () => {
    budget = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    await sell(budget, {
      payment_method_id: ids.pix,
      payment_plan: [
        { number: 1, due_date: shift(-10), amount_cents: 30_000 },
        { number: 2, due_date: shift(20), amount_cents: 40_000 },
        { number: 3, due_date: shift(50), amount_cents: SOLD - 70_000 },
      ],
    });
    items = (await receivablesOf(budget.id)).receivables;
  });

  it('the sale made one receivable per installment, summing to the sale; one due before today is overdue', async () => {
    expect(items.map((r) => [r.number, r.installments, r.amount_cents, r.status, r.open_cents])).toEqual([
      [1, 3, 30_000, 'overdue', 30_000],
      [2, 3, 40_000, 'open', 40_000],
      [3, 3, SOLD - 70_000, 'open', SOLD - 70_000],
    ]);
    expect(items.reduce((s, r) => s + r.amount_cents, 0)).toBe(SOLD);
    expect(items[0]).toMatchObject({ budget_id: budget.id, currency: 'BRL', payment_method: { id: ids.pix, kind: 'pix' } });
    const overdue = await receivablesOf(budget.id, '&status=overdue');
    expect(overdue.receivables.map((r) => r.number)).toEqual([1]);
    expect((await receivablesOf(budget.id, '&status=open')).receivables.map((r) => r.number)).toEqual([2, 3]);
    expect(overdue.totals).toEqual([{ currency: 'BRL', open_cents: SOLD, overdue_cents: 30_000, received_cents: 0 }]);
  });

  it('a Pix installment carries the BR Code of exactly what is left of it', () => {
    const pix = items[1]?.pix;
    expect(pix?.amount_cents).toBe(40_000);
    expect(pix?.br_code).toContain('financeiro@demo.test');
    expect(pix?.br_code).toContain('5406400.00');
    expect(pix?.br_code.slice(-4)).toBe(crc16(pix?.br_code.slice(0, -4) ?? ''));
  });

  it('a partial payment leaves the rest open; receiving the rest settles it; a settled one refuses more (409)', async () => {
    const id = nth(items, 1).id;
    const over = await receive(id, { amount_cents: 40_001, method: 'pix' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ errors: { amount_cents: ['O valor passa do que falta receber desta parcela.'] } });

    const part = await ok<{ receivable: Receivable; message: string }>(
      await receive(id, { amount_cents: 15_000, method: 'pix', received_on: shift(-1), note: 'Sinal' }),
    );
    expect(part.message).toBe('Recebimento registrado.');
    expect(part.receivable).toMatchObject({ status: 'open', received_cents: 15_000, open_cents: 25_000, received_on: null });
    expect(part.receivable.pix?.amount_cents).toBe(25_000);
    expect(part.receivable.payments).toEqual([
      { id: expect.any(Number), received_on: shift(-1), amount_cents: 15_000, method: 'pix', note: 'Sinal' },
    ]);

    const rest = await ok<{ receivable: Receivable }>(await receive(id, { method: 'transfer' }));
    expect(rest.receivable).toMatchObject({ status: 'received', received_cents: 40_000, open_cents: 0, received_on: today(), pix: null });
    expect(rest.receivable.payments.map((p) => p.amount_cents)).toEqual([15_000, 25_000]);
    expect((await receive(id, { method: 'cash', amount_cents: 1 })).statusCode).toBe(409);

    const list = await receivablesOf(budget.id, `&from=${shift(-30)}&to=${shift(30)}`);
    expect(list.totals).toEqual([{ currency: 'BRL', open_cents: SOLD - 40_000, overdue_cents: 30_000, received_cents: 40_000 }]);
    expect((await receivablesOf(budget.id, '&status=received')).receivables.map((r) => r.id)).toEqual([id]);
  });

  it('another agency neither lists nor receives them (404); only owners and administrators reach them', async () => {
    const mine = nth(items, 2).id;
    expect((await receive(mine, { method: 'cash' }, tokens.outra)).statusCode).toBe(404);
    const theirs = await ok<ReceivableList>(await call('GET', '/api/receivables?per_page=100', undefined, tokens.outra));
    expect(theirs.receivables.some((r) => r.budget_id === budget.id)).toBe(false);
    expect((await call('GET', '/api/receivables', undefined, tokens.colab)).statusCode).toBe(403);
    expect((await receive(mine, { method: 'cash' }, tokens.colab)).statusCode).toBe(403);
    expect((await call('GET', `/api/receivables?budget_id=${budget.id}`, undefined, tokens.admin)).statusCode).toBe(200);
  });

  it('the search finds them by client name or budget title', async () => {
    const found = await ok<ReceivableList>(
      await call('GET', `/api/receivables?search=${encodeURIComponent(nth(items, 0).budget_title)}&per_page=100`),
    );
    expect(found.receivables.filter((r) => r.budget_id === budget.id)).toHaveLength(3);
    const none = await ok<ReceivableList>(await call('GET', `/api/receivables?budget_id=${budget.id}&search=ninguem-com-esse-nome`));
    expect(none.receivables).toEqual([]);
  });

  it('undoing the sale cancels the open ones (a partly received one keeps what it got) and keeps the received ones', async () => {
    await ok(await receive(nth(items, 2).id, { amount_cents: 1_000, method: 'cash' }));
    await ok(await call('PUT', `/api/budgets/undo-sell/${budget.id}`, {}, tokens.colab));
    const after = (await receivablesOf(budget.id)).receivables;
    expect(after.map((r) => [r.number, r.status, r.received_cents, r.open_cents])).toEqual([
      [1, 'canceled', 0, 0],
      [2, 'received', 40_000, 0],
      [3, 'canceled', 1_000, 0],
    ]);
    expect((await receive(nth(items, 0).id, { method: 'cash' })).statusCode).toBe(409);
  });
});

describe('contas a pagar', () => {
  let budget: SellableBudget;
  let reservations: Reservation[];

  beforeAll(async () => {
    budget = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    await sell(budget, {});
    reservations = await reservationsOf(budget.id);
  });

  it('a reservation is a payable once it has a supplier and a due date; overdue before today', async () => {
    expect((await payablesOf(budget.id)).payables).toEqual([]);
    const tour = nth(reservations, 0);
    const usd = nth(reservations, 1);
    await ok(await call('PATCH', `/api/reservations/${tour.id}`, { payment_due_date: shift(-2) }, tokens.colab));
    await ok(await call('PATCH', `/api/reservations/${usd.id}`, { payment_due_date: shift(5) }, tokens.colab));
    const list = await payablesOf(budget.id);
    expect(list.payables.map((p) => [p.id, p.status, p.currency, p.amount_cents, p.supplier.id])).toEqual([
      [tour.id, 'overdue', 'BRL', TOUR.cost_cents, ids.supplier],
      [usd.id, 'open', 'USD', TICKET_USD.cost_cents, ids.supplier],
    ]);
    expect(list.totals).toEqual([
      { currency: 'BRL', open_cents: TOUR.cost_cents, overdue_cents: TOUR.cost_cents, paid_cents: 0 },
      { currency: 'USD', open_cents: TICKET_USD.cost_cents, overdue_cents: 0, paid_cents: 0 },
    ]);
  });

  it('marking one paid records day, method and note; paying it again is a 409', async () => {
    const id = nth(reservations, 0).id;
    const paid = await ok<{ payable: Payable; message: string }>(await pay(id, { method: 'transfer', note: 'TED 123' }));
    expect(paid.message).toBe('Pagamento registrado.');
    expect(paid.payable).toMatchObject({ status: 'paid', paid_on: today(), paid_method: 'transfer', paid_note: 'TED 123' });
    expect((await pay(id, { method: 'cash' })).statusCode).toBe(409);
    expect((await payablesOf(budget.id, '&status=paid')).payables.map((p) => p.id)).toEqual([id]);
    expect((await payablesOf(budget.id)).totals[0]).toEqual({
      currency: 'BRL',
      open_cents: 0,
      overdue_cents: 0,
      paid_cents: TOUR.cost_cents,
    });
  });

  it('undoing the sale cancels the unpaid one; the paid one stays paid', async () => {
    await ok(await call('PUT', `/api/budgets/undo-sell/${budget.id}`, {}, tokens.colab));
    const list = await payablesOf(budget.id);
    expect(list.payables.map((p) => p.status)).toEqual(['paid', 'canceled']);
    expect((await pay(nth(reservations, 1).id, { method: 'cash' })).statusCode).toBe(409);
  });

  it('payables are costs: refused (403) to a user kept from costs, to collaborators; another agency gets 404', async () => {
    const id = nth(reservations, 1).id;
    expect((await pay(id, { method: 'cash' }, tokens.outra)).statusCode).toBe(404);
    expect((await call('GET', '/api/payables', undefined, tokens.colab)).statusCode).toBe(403);
    expect((await call('GET', '/api/payables', undefined, tokens.admin)).statusCode).toBe(200);
    await ok(await call('PATCH', `/api/companies/${ids.company}`, { id: ids.company, costs_visibility: 'owner' }));
    try {
      expect((await call('GET', '/api/payables', undefined, tokens.admin)).statusCode).toBe(403);
      expect((await pay(id, { method: 'cash' }, tokens.admin)).statusCode).toBe(403);
      expect((await call('GET', '/api/payables/export/csv', undefined, tokens.admin)).statusCode).toBe(403);
      expect((await call('GET', '/api/receivables', undefined, tokens.admin)).statusCode).toBe(200);
    } finally {
      await ok(await call('PATCH', `/api/companies/${ids.company}`, { id: ids.company, costs_visibility: 'everyone' }));
    }
  });
});

describe('the follow-up "pagamento a fornecedor vence amanhã"', () => {
  it('reads from contas a pagar: a payable paid ahead of time gets no task, one still owed does', async () => {
    const budget = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    await sell(budget, {});
    const [paid, owed] = [nth(await reservationsOf(budget.id), 0), nth(await reservationsOf(budget.id), 1)];
    for (const r of [paid, owed]) await ok(await call('PATCH', `/api/reservations/${r.id}`, { payment_due_date: shift(1) }, tokens.colab));
    await ok(await pay(paid.id, { method: 'pix' }));
    await t.platform.jobs.enqueue(followUpsJob, {});
    await t.platform.jobs.drain();
    const keys = (await t.deps.db.task.findMany({ where: { sourceKey: { startsWith: 'follow-up:supplier_payment_due:' } } })).map(
      (k) => k.sourceKey,
    );
    expect(keys).toContain(`follow-up:supplier_payment_due:${owed.id}`);
    expect(keys).not.toContain(`follow-up:supplier_payment_due:${paid.id}`);
  });
});

describe('exports', () => {
  let budget: SellableBudget;

  beforeAll(async () => {
    budget = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    await ok(await call('PATCH', `/api/budgets/${budget.id}`, { title: '=HYPERLINK("http://mal.test")' }, tokens.colab));
    await sell(budget, {
      payment_plan: [
        { number: 1, due_date: '2027-01-10', amount_cents: 100_000 },
        { number: 2, due_date: '2027-02-10', amount_cents: SOLD - 100_000 },
      ],
    });
    const tour = nth(await reservationsOf(budget.id), 0);
    await ok(await call('PATCH', `/api/reservations/${tour.id}`, { payment_due_date: '2027-01-05' }, tokens.colab));
  });

  it('CSV: the filtered rows, semicolons, pt-BR money and days, a formula-looking title made inert', async () => {
    const res = await call('GET', `/api/receivables/export/csv?budget_id=${budget.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`contas-a-receber-${today()}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Cliente;Orçamento;Parcela;Vencimento;Moeda;Valor;Recebido;Em aberto;Situação;Forma de pagamento;Recebida em');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`;"'=HYPERLINK(""http://mal.test"")";1/2;10/01/2027;BRL;1000,00;0,00;1000,00;Em aberto;;`);

    const payables = await call('GET', `/api/payables/export/csv?budget_id=${budget.id}`);
    const rows = payables.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^Receptivo Contas;.*;05\/01\/2027;BRL;405,00;Em aberto;;;$/);
  });

  it('XLSX: read back with the same rows, money as numbers and days as dates', async () => {
    const res = await call('GET', `/api/receivables/export/xlsx?budget_id=${budget.id}&status=open`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const { default: Excel } = await import('exceljs');
    const book = new Excel.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Contas a receber');
    expect(sheet?.rowCount).toBe(3);
    const row = sheet?.getRow(2).values as unknown[];
    expect(row.slice(2, 9)).toEqual(['\'=HYPERLINK("http://mal.test")', '1/2', new Date('2027-01-10T00:00:00Z'), 'BRL', 1000, 0, 1000]);
    expect(sheet?.getRow(3).getCell(6).value).toBe((SOLD - 100_000) / 100);
  });

  it("exports are for owners and administrators (403 to collaborators) and hold only the agency's rows", async () => {
    expect((await call('GET', '/api/receivables/export/csv', undefined, tokens.colab)).statusCode).toBe(403);
    expect((await call('GET', '/api/receivables/export/pdf')).statusCode).toBe(400);
    const theirs = await call('GET', `/api/receivables/export/csv?budget_id=${budget.id}`, undefined, tokens.outra);
    expect(
      theirs.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

describe('currency and seller (the dashboard links)', () => {
  let reais: SellableBudget;
  let dollars: SellableBudget;
  let ownerId = 0;
  let colabId = 0;
  const totalOf = async (path: string, query: string, token = tokens.owner) => {
    const res = await call('GET', `/api/${path}?per_page=100&${query}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { pagination: { total_count: number } }).pagination.total_count;
  };

  beforeAll(async () => {
    ownerId = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } })).id;
    colabId = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } })).id;
    reais = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    await sell(reais, { installments: 2, first_due_date: shift(-3) });
    // A budget in dollars: its sale, installments and the installments' currency are in dollars.
    dollars = await sellableBudget(t, tokens.owner, { supplierId: ids.supplier });
    await ok(await call('PATCH', `/api/budgets/${dollars.id}`, { currency: 'USD' }));
    await ok(
      await call('PUT', `/api/budgets/sell/${dollars.id}`, { proposal_id: dollars.proposalId, installments: 2, first_due_date: shift(-3) }),
    );
    const [tour, usd] = await reservationsOf(reais.id);
    await ok(await call('PATCH', `/api/reservations/${tour?.id}`, { payment_due_date: shift(5) }));
    await ok(await call('PATCH', `/api/reservations/${usd?.id}`, { payment_due_date: shift(5) }));
  });

  it('receivables: currency keeps the installments in it, seller_user_id those of the agent’s sales', async () => {
    const usd = await ok<ReceivableList>(await call('GET', '/api/receivables?per_page=100&currency=USD'));
    expect(usd.receivables.map((r) => [r.budget_id, r.currency])).toEqual([
      [dollars.id, 'USD'],
      [dollars.id, 'USD'],
    ]);
    expect(usd.totals.map((l) => l.currency)).toEqual(['USD']);
    expect(await totalOf('receivables', 'currency=USD&status=overdue')).toBe(1);
    expect(await totalOf('receivables', `currency=BRL&budget_id=${dollars.id}`)).toBe(0);
    expect(await totalOf('receivables', `currency=BRL&budget_id=${reais.id}`)).toBe(2);
    expect(await totalOf('receivables', `seller_user_id=${colabId}&budget_id=${reais.id}`)).toBe(2);
    expect(await totalOf('receivables', `seller_user_id=${ownerId}&budget_id=${reais.id}`)).toBe(0);
    expect(await totalOf('receivables', `seller_user_id=${ownerId}&currency=USD`)).toBe(2);
    // Another agency has none of them.
    expect(await totalOf('receivables', 'currency=USD', tokens.outra)).toBe(0);
  });

  it('payables: the reservations in that currency, of the agent’s sales', async () => {
    const usd = await ok<PayableList>(await call('GET', `/api/payables?budget_id=${reais.id}&currency=USD`));
    expect(usd.payables.map((p) => [p.currency, p.amount_cents])).toEqual([['USD', TICKET_USD.cost_cents]]);
    expect(await totalOf('payables', `budget_id=${reais.id}&currency=BRL`)).toBe(1);
    expect(await totalOf('payables', `budget_id=${reais.id}&seller_user_id=${colabId}`)).toBe(2);
    expect(await totalOf('payables', `budget_id=${reais.id}&seller_user_id=${ownerId}`)).toBe(0);
  });

  it('the exports take the same filters', async () => {
    const res = await call('GET', '/api/receivables/export/csv?currency=USD');
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((l) => l.includes(';USD;'))).toBe(true);
    const payables = await call('GET', `/api/payables/export/csv?budget_id=${reais.id}&currency=USD`);
    expect(payables.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('received_from/received_to keep the installments with a payment on those days, whatever their due day', async () => {
    const first = nth((await receivablesOf(reais.id)).receivables, 0);
    await ok(await receive(first.id, { amount_cents: 1_000, method: 'pix', received_on: shift(-1) }));
    const mine = `budget_id=${reais.id}`;
    const paidYesterday = await ok<ReceivableList>(
      await call('GET', `/api/receivables?${mine}&received_from=${shift(-1)}&received_to=${shift(-1)}`),
    );
    expect(paidYesterday.receivables.map((r) => r.id)).toEqual([first.id]);
    expect(paidYesterday.totals).toEqual([expect.objectContaining({ currency: 'BRL', received_cents: 1_000 })]);
    expect(await totalOf('receivables', `${mine}&received_from=${shift(-3)}&received_to=${shift(-2)}`)).toBe(0);
    expect(await totalOf('receivables', `${mine}&received_from=${shift(0)}`)).toBe(0);
    // By due day the same day holds nothing: the installment was due 3 days ago.
    expect(await totalOf('receivables', `${mine}&from=${shift(-1)}&to=${shift(-1)}`)).toBe(0);
    expect(await totalOf('receivables', `received_from=${shift(-1)}`, tokens.outra)).toBe(0);
    const csv = await call('GET', `/api/receivables/export/csv?${mine}&received_from=${shift(-1)}&received_to=${shift(-1)}`);
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('a range whose last day comes before its first answers 400 on the last day, not an empty list', async () => {
    for (const [path, from, to] of [
      ['receivables', 'from', 'to'],
      ['receivables', 'received_from', 'received_to'],
      ['payables', 'from', 'to'],
      ['receivables/export/xlsx', 'received_from', 'received_to'],
      ['payables/export/csv', 'from', 'to'],
    ] as const) {
      const res = await call('GET', `/api/${path}?${from}=${shift(0)}&${to}=${shift(-1)}`);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors, path).toEqual({ [to]: ['A data final deve ser igual ou posterior à inicial.'] });
    }
  });

  it('a currency that is not 3 capital letters, or a seller that is not an id, answers 400 with the field errors', async () => {
    for (const path of ['receivables', 'payables', 'receivables/export/csv']) {
      const res = await call('GET', `/api/${path}?currency=usd&seller_user_id=x`);
      expect(res.statusCode, path).toBe(400);
      expect(Object.keys(res.json().errors).sort(), path).toEqual(['currency', 'seller_user_id']);
    }
    const long = await call('GET', '/api/payables?currency=REAL');
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(['currency']);
  });
});

describe('invariant on random payment plans', () => {
  it("a sale's receivables always sum to its total and its payables to its cost, through receipts and the undo", {
    timeout: 240_000,
  }, async () => {
    // One budget sold and undone again and again: BRL alone (the ticket in dollars removed), so a
    // payable's amount is in the sale's currency.
    const budget = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    await ok(await call('DELETE', `/api/services/${budget.services.usd}`, undefined, tokens.colab));
    const plan = fc
      .array(fc.record({ weight: fc.integer({ min: 0, max: 50 }), days: fc.integer({ min: -60, max: 400 }) }), {
        minLength: 1,
        maxLength: 12,
      })
      .map((parts) => {
        const total = TOUR.sale_cents;
        const weights = parts.reduce((s, p) => s + p.weight, 0) || 1;
        let left = total;
        return parts.map((p, i) => {
          const amount = i === parts.length - 1 ? left : Math.floor((total * p.weight) / weights);
          left -= amount;
          return { number: i + 1, due_date: shift(p.days), amount_cents: amount };
        });
      });
    const receipts = fc.array(fc.record({ index: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(plan, receipts, async (payment_plan, paid) => {
        const { sale } = await sell(budget, { payment_plan });
        let receivedBefore: number[] = [];
        try {
          const current = async () =>
            (await ok<ReceivableList>(await call('GET', `/api/receivables?sale_id=${sale.id}&per_page=100`))).receivables;
          const mine = await current();
          expect(mine.map((r) => r.number).sort((a, b) => a - b)).toEqual(payment_plan.map((p) => p.number));
          expect(mine.reduce((s, r) => s + r.amount_cents, 0)).toBe(sale.sale_cents);
          // An installment of nothing is born received; every other one open (or overdue).
          expect(mine.filter((r) => r.status === 'received').map((r) => r.amount_cents)).toEqual(
            mine.filter((r) => r.amount_cents === 0).map(() => 0),
          );
          for (const { index, share } of paid) {
            const id = mine[index % mine.length]?.id;
            const fresh = (await current()).find((x) => x.id === id);
            if (!fresh?.open_cents) continue;
            await ok(await receive(fresh.id, { method: 'pix', amount_cents: Math.max(1, Math.floor((fresh.open_cents * share) / 100)) }));
          }
          const after = await current();
          expect(after.reduce((s, r) => s + r.received_cents + r.open_cents, 0)).toBe(sale.sale_cents);
          receivedBefore = after.filter((r) => r.status === 'received').map((r) => r.id);

          for (const r of (await reservationsOf(budget.id)).filter((x) => x.status !== 'canceled'))
            await ok(await call('PATCH', `/api/reservations/${r.id}`, { payment_due_date: shift(3) }, tokens.colab));
          const owed = (await ok<PayableList>(await call('GET', `/api/payables?sale_id=${sale.id}&status=open`))).payables;
          expect(owed.reduce((s, p) => s + p.amount_cents, 0)).toBe(sale.cost_cents);
        } finally {
          await ok(await call('PUT', `/api/budgets/undo-sell/${budget.id}`, {}, tokens.colab));
        }
        const undone = (await ok<ReceivableList>(await call('GET', `/api/receivables?sale_id=${sale.id}&per_page=100`))).receivables;
        expect(undone.every((r) => r.status === 'received' || r.status === 'canceled')).toBe(true);
        expect(undone.reduce((s, r) => s + r.amount_cents, 0)).toBe(sale.sale_cents);
        expect(undone.filter((r) => r.status === 'received').map((r) => r.id)).toEqual(receivedBefore);
      }),
      { numRuns: 12 },
    );
  });
});
