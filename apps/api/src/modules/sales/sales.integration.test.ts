// Closing the sale through HTTP: what a sale freezes (a later quote, edits refused, a refund after
// the sale), the funnel and the history moved with it, the payment plan rules, the undo (keeping or
// canceling what followed), and another agency's ids answering like missing ones.
import { businessDate, LANDING_PAGE_MESSAGES, SALE_MESSAGES, type Sale, type SoldInfo } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, type SellableBudget, sellableBudget, TICKET_USD, TOUR, ticketBody } from '../../../test/sale-fixtures';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '', root: '' };
const ids = { supplier: 0, boleto: 0, pix: 0, outraMethod: 0, outraUser: 0, colab: 0, owner: 0, usdQuote: 0 };
const MISSING = 2_147_483_646;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const call = (method: string, url: string, body?: unknown, token = tokens.colab) => t.call(method, url, { token, body });
const sell = (id: number, body: Record<string, unknown> = {}, token = tokens.colab) => call('PUT', `/api/budgets/sell/${id}`, body, token);
const undo = (id: number, body: Record<string, unknown> = {}, token = tokens.colab) =>
  call('PUT', `/api/budgets/undo-sell/${id}`, body, token);
const soldInfo = async (id: number) => ok<SoldInfo>(await call('GET', `/api/budgets/${id}/sold-info`));
const setUsd = async (rate: number) => ok(await call('PUT', `/api/currency_quotes_params/${ids.usdQuote}`, { rate }, tokens.root));
const newBudget = (opts: { draft?: boolean } = {}) => sellableBudget(t, tokens.colab, { supplierId: ids.supplier, ...opts });

/** The customer accepts the first proposal on the landing page, choosing the boleto in 3 installments. */
async function accepted(): Promise<SellableBudget> {
  const budget = await newBudget();
  await ok(
    await t.call('PUT', `/api/budgets/accept/${budget.landingId}`, {
      body: {
        proposal_id: budget.proposalId,
        name: 'Maria Souza',
        email: 'maria@cliente.test',
        payment_method_id: ids.boleto,
        installments: 3,
      },
      headers: { 'user-agent': BROWSER, 'x-forwarded-for': `198.51.100.${budget.id % 250}` },
    }),
  );
  // The acceptance's e-mail job marks the budget notified (its updated_at moves): done before any test reads it.
  await t.platform.jobs.drain();
  return budget;
}

type Log = { action: string; user: { id: number } | null; changes: Record<string, { from: unknown; to: unknown }> };
async function logs(attendanceId: number): Promise<Log[]> {
  return (await ok<{ logs: Log[] }>(await call('GET', `/api/attendances/${attendanceId}/logs?per_page=50`))).logs;
}

/** Where the attendance sits in the funnel (searched by its own title) and the agency's sales balance. */
async function funnel(b: SellableBudget) {
  const f = await ok<Record<string, Record<string, { cards: { id: number }[] }>>>(
    await call('GET', `/api/attendances/funnel?search=${encodeURIComponent(b.title)}`),
  );
  const balance = await ok<{ sales: { total_attendances: number } }>(await call('GET', '/api/attendances/funnel/balance'));
  const attendance = await ok<{ status: string; closed_at: string | null }>(await call('GET', `/api/attendances/${b.attendanceId}`));
  return {
    status: attendance.status,
    closed_at: attendance.closed_at,
    won: f.sales?.won?.cards.some((c) => c.id === b.attendanceId),
    open: f.negotiations?.open?.cards.some((c) => c.id === b.attendanceId),
    salesTotal: balance.sales.total_attendances,
  };
}

/** Rows a refused call must leave as they were. */
async function state(budgetId: number) {
  const db = t.deps.db;
  const { attendanceId } = await db.budget.findUniqueOrThrow({ where: { id: budgetId }, select: { attendanceId: true } });
  return {
    attendance: await db.attendance.findUniqueOrThrow({ where: { id: attendanceId } }),
    budget: await db.budget.findUniqueOrThrow({ where: { id: budgetId }, select: { status: true, soldAt: true, updatedAt: true } }),
    sales: await db.sale.findMany({ where: { budgetId }, orderBy: { id: 'asc' } }),
    reservations: await db.reservation.findMany({ where: { budgetId }, orderBy: { id: 'asc' } }),
    contracts: await db.contract.findMany({ where: { budgetId }, orderBy: { id: 'asc' } }),
    logs: await db.attendanceLog.count({ where: { attendanceId } }),
  };
}

beforeAll(async () => {
  await t.showCostsToEveryone();
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  tokens.root = await t.tokenFor(DEMO.users.superAdmin);
  const db = t.deps.db;
  ids.colab = (await db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } })).id;
  ids.owner = (await db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } })).id;
  ids.outraUser = (await db.user.findUniqueOrThrow({ where: { email: DEMO.users.outraOwner } })).id;
  ids.supplier = (
    await ok<{ id: number }>(
      await call('POST', '/api/suppliers', {
        kind: 'organization',
        name: 'Angra Receptivo',
        email: 'reservas@angra.test',
        service_types: ['tour', 'other'],
      }),
    )
  ).id;
  ids.boleto = (
    await ok<{ id: number }>(
      await call(
        'POST',
        '/api/payment_method_params',
        { kind: 'boleto', name: 'Boleto', max_installments: 3, installment_interest: [0, 0, 0] },
        tokens.owner,
      ),
    )
  ).id;
  ids.pix = (
    await ok<{ id: number }>(
      await call(
        'POST',
        '/api/payment_method_params',
        { kind: 'pix', name: 'Pix', pix_key_type: 'email', pix_key: 'fin@demo.test' },
        tokens.owner,
      ),
    )
  ).id;
  ids.outraMethod = (
    await ok<{ id: number }>(await call('POST', '/api/payment_method_params', { kind: 'cash', name: 'Dinheiro da Outra' }, tokens.outra))
  ).id;
  // The USD quote Agência Demo works with (its plan has cambio_sistema: the system's, typed by the super admin).
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, tokens.root),
  );
  ids.usdQuote = quotes.items.find((q) => q.currency === 'USD')?.id ?? 0;
  await setUsd(5);
});

const SALE_CENTS = TOUR.sale_cents + TICKET_USD.sale_cents * 5;
const COST_CENTS = TOUR.cost_cents + TICKET_USD.cost_cents * 5;

describe('PUT /api/budgets/sell/{id}', () => {
  it('sells the accepted proposal: values and quotes frozen, seller, commission, the plan chosen on acceptance, funnel, history, reservations', async () => {
    const b = await accepted();
    const before = await funnel(b);
    expect(before).toMatchObject({ status: 'open', won: false, open: true });

    const out = await ok<{ sale: Sale; message: string }>(await sell(b.id, { commission_basis_points: 500, first_due_date: '2027-01-31' }));
    expect(out.message).toBe(SALE_MESSAGES.sold);
    const third = Math.floor(SALE_CENTS / 3);
    expect(out.sale).toEqual({
      id: expect.any(Number),
      budget_id: b.id,
      proposal_id: b.proposalId,
      proposal_title: 'Proposta 1',
      seller_user_id: ids.colab,
      seller_name: 'Colab Demo',
      currency: 'BRL',
      currency_rate: 1,
      sale_cents: SALE_CENTS,
      cost_cents: COST_CENTS,
      commission_basis_points: 500,
      commission_cents: Math.round((SALE_CENTS * 500) / 10_000),
      payment_method_id: ids.boleto,
      payment_method_name: 'Boleto',
      payment_plan: [
        { number: 1, due_date: '2027-01-31', amount_cents: SALE_CENTS - 2 * third },
        { number: 2, due_date: '2027-02-28', amount_cents: third },
        { number: 3, due_date: '2027-03-31', amount_cents: third },
      ],
      services: [
        {
          id: b.services.tour,
          type: 'tour',
          title: 'Passeio de escuna em Angra',
          supplier_id: ids.supplier,
          supplier_name: 'Angra Receptivo',
          start_date: '2027-07-02',
          end_date: null,
          currency: 'BRL',
          quote_rate: 1,
          ...TOUR,
        },
        {
          id: b.services.usd,
          type: 'other',
          title: 'Ingresso do parque (US$)',
          supplier_id: ids.supplier,
          supplier_name: 'Angra Receptivo',
          start_date: '2027-07-05',
          end_date: null,
          currency: 'USD',
          quote_rate: 5,
          sale_cents: TICKET_USD.sale_cents * 5,
          cost_cents: TICKET_USD.cost_cents * 5,
        },
      ],
      canceled_services: [],
      notes: null,
      sold_at: expect.any(String),
    });

    // The attendance is won, in the funnel's sales; the balance counts one more sale.
    const after = await funnel(b);
    expect(after).toMatchObject({ status: 'won', won: true, open: false, salesTotal: before.salesTotal + 1 });
    expect(after.closed_at).not.toBeNull();
    expect((await ok<{ status: string }>(await call('GET', `/api/budgets/${b.id}`))).status).toBe('sold');

    const sold = (await logs(b.attendanceId)).find((l) => l.action === 'budget_sold');
    expect(sold?.user?.id).toBe(ids.colab);
    expect(sold?.changes).toEqual({
      budget: { from: null, to: expect.any(String) },
      proposal: { from: null, to: 'Proposta 1' },
      sale: { from: null, to: 'R$ 1.100,00' },
      seller: { from: null, to: 'Colab Demo' },
      status: { from: 'open', to: 'won' },
      value_cents: { from: 0, to: SALE_CENTS },
      // The sale's checklist: its own 3 tasks, the tour's 2 and the ticket's 1 (sale-tasks.integration.test.ts).
      tasks: { from: null, to: 6 },
    });

    // sold-info: the same sale, and a pending reservation per sold service (the supplier's cost, in the service's currency).
    const info = await soldInfo(b.id);
    expect(info).toMatchObject({ budget_id: b.id, status: 'sold', attendance_id: b.attendanceId, contracts: [], vouchers: [] });
    expect(info.client.name).toMatch(/^Cliente Orçamento/);
    expect(info.sale).toEqual(out.sale);
    expect(info.reservations.map((r) => [r.service_id, r.status, r.currency, r.supplier_cost_cents, r.supplier_email, r.sale_id])).toEqual([
      [b.services.tour, 'pending', 'BRL', TOUR.cost_cents, 'reservas@angra.test', out.sale.id],
      [b.services.usd, 'pending', 'USD', TICKET_USD.cost_cents, 'reservas@angra.test', out.sale.id],
    ]);
    expect(info.reservations[0]).toMatchObject({
      service_type: 'tour',
      service_title: 'Passeio de escuna em Angra',
      service_start_date: '2027-07-02',
      supplier_name: 'Angra Receptivo',
      payment_due_date: null,
      last_sent_at: null,
    });

    const again = await sell(b.id);
    expect([again.statusCode, again.json().message]).toEqual([409, SALE_MESSAGES.alreadySold]);
    // The customer's page no longer accepts either.
    const late = await t.call('PUT', `/api/budgets/accept/${b.landingId}`, {
      body: { proposal_id: b.proposalId, name: 'Maria Souza', email: 'maria@cliente.test' },
      headers: { 'user-agent': BROWSER, 'x-forwarded-for': '198.51.100.251' },
    });
    expect([late.statusCode, late.json().message]).toEqual([409, LANDING_PAGE_MESSAGES.alreadySold]);
  });

  it('a sold budget does not move: a later quote, edits refused (409) and a refund leave the sold values as they were', async () => {
    const b = await newBudget();
    const first = await ok<{ sale: Sale }>(
      await sell(b.id, {
        proposal_id: b.proposalId,
        seller_user_id: ids.owner,
        payment_method_id: ids.pix,
        payment_plan: [
          { number: 2, due_date: '2027-02-10', amount_cents: 100_000 },
          { number: 1, due_date: '2027-01-10', amount_cents: SALE_CENTS - 100_000 },
        ],
        notes: 'Entrada no Pix.',
      }),
    );
    expect(first.sale).toMatchObject({
      seller_user_id: ids.owner,
      seller_name: 'Dona Demo',
      payment_method_name: 'Pix',
      commission_cents: 0,
      notes: 'Entrada no Pix.',
      payment_plan: [
        { number: 1, due_date: '2027-01-10', amount_cents: SALE_CENTS - 100_000 },
        { number: 2, due_date: '2027-02-10', amount_cents: 100_000 },
      ],
    });

    // The dollar goes up; nothing sold may follow it.
    await setUsd(6);
    const frozen = (res: { statusCode: number; json(): { message?: string } }) => [res.statusCode, res.json().message];
    const refused = [409, SALE_MESSAGES.soldFrozen];
    const ticket = ticketBody(b.proposalId, ids.supplier);
    expect(frozen(await call('PUT', `/api/services/${b.services.usd}`, ticket))).toEqual(refused);
    expect(frozen(await call('POST', '/api/services', ticket))).toEqual(refused);
    expect(frozen(await call('POST', '/api/services/duplicate', { id: b.services.tour }))).toEqual(refused);
    expect(frozen(await call('DELETE', `/api/services/${b.services.tour}`))).toEqual(refused);
    expect(frozen(await call('PATCH', `/api/proposals/${b.proposalId}`, { title: 'Outra' }))).toEqual(refused);
    expect(frozen(await call('PUT', `/api/proposals/duplicate/${b.proposalId}`))).toEqual(refused);
    expect(frozen(await call('DELETE', `/api/proposals/${b.proposalId}`))).toEqual(refused);
    expect(frozen(await call('POST', '/api/proposals/', { budget_id: b.id, title: 'Mais uma' }))).toEqual(refused);
    expect(frozen(await call('PATCH', `/api/budgets/${b.id}`, { currency: 'USD' }))).toEqual(refused);
    expect(frozen(await call('PATCH', `/api/budgets/${b.id}`, { title: 'Outro título' }))).toEqual(refused);
    const tree = await ok<{ title: string; currency: string; proposals: { totals: { sale_cents: number } }[] }>(
      await call('GET', `/api/budgets/${b.id}`),
    );
    expect([tree.currency, tree.proposals[0]?.totals.sale_cents]).toEqual(['BRL', SALE_CENTS]);

    // A sold service may still be canceled with a refund: the live totals change, the sale does not.
    await ok(await call('POST', '/api/refunds/', { service_id: b.services.tour, refund_cents: 20_000, penalty_cents: 10_000 }));
    const live = await ok<{ proposals: { totals: { sale_cents: number } }[] }>(await call('GET', `/api/budgets/${b.id}`));
    expect(live.proposals[0]?.totals.sale_cents).not.toBe(SALE_CENTS);
    expect((await soldInfo(b.id)).sale).toEqual(first.sale);

    // Undone, the budget takes edits again (and the new quote); sold again, the new sale has the new values.
    await ok(await undo(b.id, { reservations: 'cancel' }));
    await ok(await call('PUT', `/api/services/${b.services.usd}`, ticket));
    const second = await ok<{ sale: Sale }>(await sell(b.id, { proposal_id: b.proposalId }));
    const usd = second.sale.services.find((s) => s.id === b.services.usd);
    expect(usd).toMatchObject({ quote_rate: 6, sale_cents: TICKET_USD.sale_cents * 6 });
    expect(second.sale.services.map((s) => s.id)).toEqual([b.services.usd]);
    expect((await soldInfo(b.id)).sale).toEqual(second.sale);
    const sales = await t.deps.db.sale.findMany({ where: { budgetId: b.id }, orderBy: { id: 'asc' } });
    expect(sales.map((s) => [s.id, s.undoneAt === null])).toEqual([
      [first.sale.id, false],
      [second.sale.id, true],
    ]);
    await setUsd(5);
  });

  it('the payment plan: a plan that does not add up or is badly numbered is refused, installments split with the remainder first', async () => {
    const b = await newBudget();
    const untouched = await state(b.id);
    const short = await sell(b.id, { proposal_id: b.proposalId, payment_plan: [{ number: 1, due_date: '2027-01-10', amount_cents: 1 }] });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ payment_plan: [SALE_MESSAGES.planTotal] });
    const numbered = await sell(b.id, {
      proposal_id: b.proposalId,
      payment_plan: [
        { number: 1, due_date: '2027-01-10', amount_cents: SALE_CENTS - 1 },
        { number: 3, due_date: '2027-03-10', amount_cents: 1 },
      ],
    });
    expect(numbered.json().errors).toEqual({ payment_plan: [SALE_MESSAGES.planNumbers] });
    expect(await state(b.id)).toEqual(untouched);

    const out = await ok<{ sale: Sale }>(await sell(b.id, { proposal_id: b.proposalId, installments: 7 }));
    const part = Math.floor(SALE_CENTS / 7);
    expect(out.sale.payment_plan).toHaveLength(7);
    expect(out.sale.payment_plan[0]).toEqual({ number: 1, due_date: businessDate(), amount_cents: SALE_CENTS - 6 * part });
    expect(out.sale.payment_plan.slice(1).every((p) => p.amount_cents === part)).toBe(true);
    expect(out.sale.payment_plan.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(SALE_CENTS);
    expect(out.sale.payment_method_id).toBeNull();
  });

  it('refuses what cannot be sold, with field errors; bad input is a 400 in the error format; nothing changes', async () => {
    const b = await newBudget();
    const other = await newBudget();
    const untouched = await state(b.id);
    const expectField = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await sell(b.id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, errors: { [field]: [message] } });
    };
    await expectField({}, 'proposal_id', SALE_MESSAGES.proposalRequired);
    await expectField({ proposal_id: other.proposalId }, 'proposal_id', SALE_MESSAGES.proposalNotFound);
    const empty = await ok<{ id: number }>(await call('POST', '/api/proposals/', { budget_id: b.id, title: 'Vazia' }));
    await expectField({ proposal_id: empty.id }, 'proposal_id', SALE_MESSAGES.proposalEmpty);
    await expectField({ proposal_id: b.proposalId, seller_user_id: ids.outraUser }, 'seller_user_id', SALE_MESSAGES.sellerNotFound);
    await expectField({ proposal_id: b.proposalId, seller_user_id: MISSING }, 'seller_user_id', SALE_MESSAGES.sellerNotFound);
    const theirs = await sell(b.id, { proposal_id: b.proposalId, payment_method_id: ids.outraMethod });
    const missing = await sell(b.id, { proposal_id: b.proposalId, payment_method_id: MISSING });
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, SALE_MESSAGES.paymentMethodNotFound]);
    expect({ ...theirs.json(), request_id: null }).toEqual({ ...missing.json(), request_id: null });
    for (const bad of [
      { proposal_id: b.proposalId, commission_basis_points: 10_001 },
      { proposal_id: b.proposalId, installments: 0 },
      { proposal_id: b.proposalId, first_due_date: '31/01/2027' },
      { proposal_id: b.proposalId, payment_plan: [] },
      { proposal_id: b.proposalId, discount: 10 },
      { proposal_id: 'um' },
    ]) {
      const res = await sell(b.id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: expect.any(String), message: expect.any(String) });
      expect(Object.keys(res.json().errors ?? {})).not.toHaveLength(0);
    }
    expect((await state(b.id)).sales).toEqual(untouched.sales);
    expect((await state(b.id)).budget.status).toBe('sent');

    const draft = await newBudget({ draft: true });
    const notSent = await sell(draft.id, { proposal_id: draft.proposalId });
    expect([notSent.statusCode, notSent.json().message]).toEqual([409, SALE_MESSAGES.notSellable]);
  });
});

describe('PUT /api/budgets/undo-sell/{id}', () => {
  it('cancels the reservations and contracts: the budget back to accepted, the attendance back to open, the history says what', async () => {
    const b = await accepted();
    const before = await funnel(b);
    const { sale } = await ok<{ sale: Sale }>(await sell(b.id));
    const info = await soldInfo(b.id);
    await ok(await call('PATCH', `/api/reservations/${info.reservations[0]?.id}`, { status: 'confirmed', locator: 'ANG123' }));
    const contract = await t.deps.db.contract.create({
      data: { companyId: await companyOf(b.id), budgetId: b.id, saleId: sale.id, status: 'generated' },
    });

    const out = await ok(await undo(b.id, { reason: 'Cliente desistiu da viagem' }));
    expect(out).toEqual({
      budget_id: b.id,
      status: 'accepted',
      canceled_reservations: 2,
      canceled_contracts: 1,
      canceled_tasks: 6,
      message: SALE_MESSAGES.undone,
    });
    const after = await funnel(b);
    expect(after).toMatchObject({ status: 'open', closed_at: null, won: false, open: true, salesTotal: before.salesTotal });

    const undone = (await logs(b.attendanceId)).find((l) => l.action === 'budget_sale_undone');
    expect(undone?.changes).toEqual({
      budget: { from: null, to: expect.any(String) },
      status: { from: 'won', to: 'open' },
      value_cents: { from: SALE_CENTS, to: 0 },
      canceled_reservations: { from: null, to: 2 },
      canceled_contracts: { from: null, to: 1 },
      canceled_tasks: { from: null, to: 6 },
      reason: { from: null, to: 'Cliente desistiu da viagem' },
    });
    const row = await t.deps.db.sale.findUniqueOrThrow({ where: { id: sale.id } });
    expect([row.undoneByUserId, row.undoReason, row.undoneAt === null]).toEqual([ids.colab, 'Cliente desistiu da viagem', false]);

    const now = await soldInfo(b.id);
    expect(now).toMatchObject({ status: 'accepted', sale: null });
    expect(now.reservations.map((r) => [r.status, r.canceled_at === null])).toEqual([
      ['canceled', false],
      ['canceled', false],
    ]);
    expect(now.contracts.map((c) => [c.id, c.status, c.cancelled_at === null, c.has_pdf])).toEqual([
      [contract.id, 'cancelled', false, false],
    ]);
    // Editable again; a second undo has nothing to undo.
    await ok(await call('PATCH', `/api/budgets/${b.id}`, { title: 'Orçamento reaberto' }));
    const twice = await undo(b.id);
    expect([twice.statusCode, twice.json().message]).toEqual([409, SALE_MESSAGES.notSold]);
    // The undone sale stays on record: the budget can be canceled, not deleted.
    const deleted = await call('DELETE', `/api/budgets/${b.id}`);
    expect([deleted.statusCode, deleted.json().message]).toEqual([409, SALE_MESSAGES.undoneDelete]);
  });

  it('keeps the reservations and contracts when asked; sold again, the kept reservations join the new sale', async () => {
    const b = await newBudget();
    const first = await ok<{ sale: Sale }>(await sell(b.id, { proposal_id: b.proposalId }));
    const contract = await t.deps.db.contract.create({
      data: { companyId: await companyOf(b.id), budgetId: b.id, saleId: first.sale.id, status: 'sent', fileKey: 'files/contrato.pdf' },
    });
    const out = await ok(await undo(b.id, { reservations: 'keep', contracts: 'keep' }));
    expect(out).toMatchObject({ status: 'sent', canceled_reservations: 0, canceled_contracts: 0 });
    const kept = await soldInfo(b.id);
    expect(kept.reservations.map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(kept.contracts.map((c) => [c.id, c.status, c.has_pdf])).toEqual([[contract.id, 'sent', true]]);
    expect((await logs(b.attendanceId)).find((l) => l.action === 'budget_sale_undone')?.changes).toMatchObject({
      canceled_reservations: { from: null, to: 0 },
      canceled_contracts: { from: null, to: 0 },
    });

    const second = await ok<{ sale: Sale }>(await sell(b.id, { proposal_id: b.proposalId }));
    const again = await soldInfo(b.id);
    expect(again.reservations.map((r) => r.id)).toEqual(kept.reservations.map((r) => r.id));
    expect(again.reservations.every((r) => r.sale_id === second.sale.id)).toBe(true);
  });
});

async function companyOf(budgetId: number): Promise<number> {
  return (await t.deps.db.budget.findUniqueOrThrow({ where: { id: budgetId }, select: { companyId: true } })).companyId;
}

describe("another agency's ids", () => {
  it('answer 404 (400 on a body id) exactly like missing ones on every route, and change nothing', async () => {
    const b = await accepted();
    const { sale } = await ok<{ sale: Sale }>(await sell(b.id));
    const info = await soldInfo(b.id);
    const reservation = info.reservations[0]?.id as number;
    const before = await state(b.id);
    const same = async (method: string, url: (id: number) => string, id: number, body?: (id: number) => unknown) => {
      const theirs = await call(method, url(id), body?.(id) ?? {}, tokens.outra);
      const missing = await call(method, url(MISSING), body?.(MISSING) ?? {}, tokens.outra);
      expect(theirs.statusCode, `${method} ${url(id)}`).toBe(missing.statusCode);
      expect({ ...theirs.json(), request_id: null }).toEqual({ ...missing.json(), request_id: null });
      return theirs.statusCode;
    };
    expect(await same('PUT', (id) => `/api/budgets/sell/${id}`, b.id)).toBe(404);
    expect(await same('GET', (id) => `/api/budgets/${id}/sold-info`, b.id)).toBe(404);
    expect(await same('PUT', (id) => `/api/budgets/undo-sell/${id}`, b.id)).toBe(404);
    expect(await same('GET', (id) => `/api/reservations/${id}`, reservation)).toBe(404);
    expect(
      await same(
        'PATCH',
        (id) => `/api/reservations/${id}`,
        reservation,
        () => ({ status: 'canceled' }),
      ),
    ).toBe(404);
    expect(await same('PUT', (id) => `/api/reservations/send/${id}`, reservation)).toBe(404);
    expect(
      await same(
        'POST',
        () => '/api/reservations/',
        b.id,
        (id) => ({ budget_id: id, service_id: b.services.tour }),
      ),
    ).toBe(400);
    // Their own sold budget with this agency's service, or this agency's supplier: like missing ones.
    const outraBudget = await sellableBudget(t, tokens.outra, { supplierId: null });
    await ok(await sell(outraBudget.id, { proposal_id: outraBudget.proposalId }, tokens.outra));
    expect(
      await same(
        'POST',
        () => '/api/reservations/',
        b.services.tour,
        (id) => ({ budget_id: outraBudget.id, service_id: id }),
      ),
    ).toBe(400);
    const outraReservation = (await t.deps.db.reservation.findFirstOrThrow({ where: { budgetId: outraBudget.id } })).id;
    expect(
      await same(
        'PATCH',
        () => `/api/reservations/${outraReservation}`,
        ids.supplier,
        (id) => ({ supplier_id: id }),
      ),
    ).toBe(400);
    expect(await state(b.id)).toEqual(before);
    expect((await soldInfo(b.id)).sale).toEqual(sale);
  });
});
