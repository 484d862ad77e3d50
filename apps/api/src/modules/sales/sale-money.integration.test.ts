// The money of a sale holds together through HTTP: the sale reaches its attendance (value, the
// consolidated, the funnel's card and column, the balance) and the undo takes it back out; a
// budget shows what was sold, else what was accepted, else its cheapest proposal; totals past what
// a column holds are refused. The last test checks the same invariants on random budgets.
import {
  ATTENDANCE_MESSAGES,
  type Consolidated,
  convertCents,
  type FunnelBalance,
  type FunnelOutput,
  TOTAL_TOO_LARGE_MESSAGE,
} from '@app/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, type SellableBudget, sellableBudget, TICKET_USD, TOUR } from '../../../test/sale-fixtures';

const t = useTestApp();
const tokens = { owner: '', colab: '', root: '' };
const ids = { supplier: 0, boleto: 0, usdQuote: 0 };
const USD_RATE = 5;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const call = (method: string, url: string, body?: unknown, token = tokens.colab) => t.call(method, url, { token, body });

type Tree = {
  total_cents: number;
  attendance_id: number;
  landing_page_id: string;
  accepted_proposal_id: number | null;
  sold_proposal_id: number | null;
  proposals: { id: number; totals: { sale_cents: number } }[];
};
const tree = async (id: number) => ok<Tree>(await call('GET', `/api/budgets/${id}`));
const listTotal = async (budgetId: number, attendanceId: number) => {
  const list = await ok<{ budgets: { id: number; total_cents: number }[] }>(
    await call('GET', `/api/budgets?attendance_id=${attendanceId}&per_page=50`),
  );
  return list.budgets.find((b) => b.id === budgetId)?.total_cents;
};

/** Every figure the agency reads for one attendance, and the agency's sales column and balance. */
async function figures(attendanceId: number, title: string) {
  const attendance = await ok<{ value_cents: number; status: string }>(await call('GET', `/api/attendances/${attendanceId}`));
  const consolidated = await ok<Consolidated>(await call('GET', `/api/attendances/consolidated/${attendanceId}`));
  const searched = await ok<FunnelOutput>(await call('GET', `/api/attendances/funnel?search=${encodeURIComponent(title)}`));
  const column = await ok<FunnelOutput>(await call('GET', '/api/attendances/funnel?group=sales'));
  const balance = await ok<FunnelBalance>(await call('GET', '/api/attendances/funnel/balance'));
  const card = [...(searched.sales?.won.cards ?? []), ...(searched.negotiations?.open.cards ?? [])].find((c) => c.id === attendanceId);
  return {
    value: attendance.value_cents,
    status: attendance.status,
    consolidatedValue: consolidated.value_cents,
    consolidatedSales: consolidated.sales.map((s) => s.value_cents),
    cardPrice: card?.price,
    wonColumn: column.sales?.won.total_value ?? 0,
    salesBalance: balance.sales.total_value,
    openBalance: balance.negotiations.total_value,
  };
}

async function accept(budget: { landingId: string }, proposalId: number) {
  await ok(
    await t.call('PUT', `/api/budgets/accept/${budget.landingId}`, {
      body: { proposal_id: proposalId, name: 'Maria Souza', email: 'maria@cliente.test' },
      headers: { 'user-agent': BROWSER },
    }),
  );
  await t.platform.jobs.drain();
}

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.root = await t.tokenFor(DEMO.users.superAdmin);
  ids.supplier = (
    await ok<{ id: number }>(
      await call('POST', '/api/suppliers', { kind: 'organization', name: 'Receptivo Money', service_types: ['tour', 'other'] }),
    )
  ).id;
  ids.boleto = (
    await ok<{ id: number }>(
      await call(
        'POST',
        '/api/payment_method_params',
        { kind: 'boleto', name: 'Boleto', max_installments: 12, installment_interest: Array(12).fill(0) },
        tokens.owner,
      ),
    )
  ).id;
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, tokens.root),
  );
  ids.usdQuote = quotes.items.find((q) => q.currency === 'USD')?.id ?? 0;
  await ok(await call('PUT', `/api/currency_quotes_params/${ids.usdQuote}`, { rate: USD_RATE }, tokens.root));
});

describe('a sale reaches its attendance and the funnel', () => {
  let budget: SellableBudget;
  const SOLD = TOUR.sale_cents + TICKET_USD.sale_cents * USD_RATE;

  beforeAll(async () => {
    budget = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    await ok(await call('PATCH', `/api/attendances/${budget.attendanceId}`, { value_cents: 12_345 }));
  });

  it('the attendance is worth its sale, on its page, its consolidated, its funnel card, the Ganhos column and the balance; the undo takes it back out', async () => {
    const before = await figures(budget.attendanceId, budget.title);
    expect(before.value).toBe(12_345);
    expect(before.consolidatedSales).toEqual([]);

    await ok(await call('PUT', `/api/budgets/sell/${budget.id}`, { proposal_id: budget.proposalId }));
    const sold = await figures(budget.attendanceId, budget.title);
    expect(sold).toMatchObject({ value: SOLD, status: 'won', consolidatedValue: SOLD, consolidatedSales: [SOLD], cardPrice: SOLD });
    expect(sold.wonColumn - before.wonColumn).toBe(SOLD);
    expect(sold.salesBalance - before.salesBalance).toBe(SOLD);
    expect(before.openBalance - sold.openBalance).toBe(12_345);

    const log = await ok<{ logs: { action: string; changes: Record<string, { from: unknown; to: unknown }> }[] }>(
      await call('GET', `/api/attendances/${budget.attendanceId}/logs`),
    );
    expect(log.logs.find((l) => l.action === 'budget_sold')?.changes.value_cents).toEqual({ from: 12_345, to: SOLD });

    await ok(await call('PUT', `/api/budgets/undo-sell/${budget.id}`, {}));
    const undone = await figures(budget.attendanceId, budget.title);
    expect(undone).toEqual(before);
  });

  it('while a sale stands its attendance value cannot be typed over (400, nothing changes); other fields still save', async () => {
    await ok(await call('PUT', `/api/budgets/sell/${budget.id}`, { proposal_id: budget.proposalId }));
    const refused = await call('PATCH', `/api/attendances/${budget.attendanceId}`, { value_cents: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ value_cents: [ATTENDANCE_MESSAGES.valueFromSales] });
    expect((await figures(budget.attendanceId, budget.title)).value).toBe(SOLD);
    await ok(await call('PATCH', `/api/attendances/${budget.attendanceId}`, { value_cents: SOLD, notes: 'Cliente pediu janela' }));
    await ok(await call('PUT', `/api/budgets/undo-sell/${budget.id}`, {}));
    expect((await figures(budget.attendanceId, budget.title)).value).toBe(12_345);
  });
});

describe('the amount a budget shows', () => {
  it('is the cheapest proposal while offered, the accepted one once accepted, the sold one once sold, and the accepted one again after the undo', async () => {
    const budget = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    const cheap = budget.proposalId;
    const second = await ok<{ id: number }>(await call('POST', '/api/proposals/', { budget_id: budget.id, title: 'Com hotel' }));
    await ok(
      await call('POST', '/api/services', {
        proposal_id: second.id,
        type: 'tour',
        title: 'Passeio completo',
        currency: 'BRL',
        adult_number: 2,
        child_number: 0,
        infant_number: 0,
        adult_cents: 1_034_000,
        details: {},
      }),
    );
    const offered = await tree(budget.id);
    const saleOf = (id: number) => offered.proposals.find((p) => p.id === id)?.totals.sale_cents ?? -1;
    expect(saleOf(second.id)).toBeGreaterThan(saleOf(cheap));
    expect(offered.total_cents).toBe(saleOf(cheap));
    expect(await listTotal(budget.id, budget.attendanceId)).toBe(saleOf(cheap));

    await accept(budget, second.id);
    expect((await tree(budget.id)).total_cents).toBe(saleOf(second.id));
    expect(await listTotal(budget.id, budget.attendanceId)).toBe(saleOf(second.id));

    const sale = await ok<{ sale: { sale_cents: number } }>(await call('PUT', `/api/budgets/sell/${budget.id}`, {}));
    expect(sale.sale.sale_cents).toBe(saleOf(second.id));
    const sold = await tree(budget.id);
    expect(sold).toMatchObject({ total_cents: saleOf(second.id), sold_proposal_id: second.id, accepted_proposal_id: second.id });
    expect(await listTotal(budget.id, budget.attendanceId)).toBe(saleOf(second.id));
    expect((await figures(budget.attendanceId, budget.title)).value).toBe(saleOf(second.id));

    await ok(await call('PUT', `/api/budgets/undo-sell/${budget.id}`, {}));
    expect(await tree(budget.id)).toMatchObject({ total_cents: saleOf(second.id), sold_proposal_id: null });
  });
});

describe('the lines of a sale', () => {
  it('add up to its total when a service was cancelled with a refund before the sale: the retained amount has its own line', async () => {
    const budget = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    await ok(
      await call('POST', '/api/refunds/', {
        service_id: budget.services.tour,
        refund_cents: 20_000,
        penalty_cents: 5_000,
        reason: 'Desistiu',
      }),
    );
    const { sale } = await ok<{
      sale: { sale_cents: number; services: { sale_cents: number }[]; canceled_services: { id: number; sale_cents: number }[] };
    }>(await call('PUT', `/api/budgets/sell/${budget.id}`, { proposal_id: budget.proposalId }));
    expect(sale.sale_cents).toBe(TOUR.sale_cents - 20_000 + TICKET_USD.sale_cents * USD_RATE);
    expect(sale.canceled_services).toEqual([expect.objectContaining({ id: budget.services.tour, sale_cents: TOUR.sale_cents - 20_000 })]);
    const lines = [...sale.services, ...sale.canceled_services].reduce((sum, l) => sum + l.sale_cents, 0);
    expect(lines).toBe(sale.sale_cents);
  });
});

describe('totals past what a column holds', () => {
  it('a fare whose sum passes R$ 20 million is refused with 400 in the error format, and nothing is stored', async () => {
    const budget = await newBudget(t, tokens.colab);
    const before = await tree(budget.id);
    const res = await call('POST', '/api/services', {
      proposal_id: budget.proposalId,
      type: 'tour',
      title: 'Volta ao mundo fretada',
      currency: 'BRL',
      adult_number: 2,
      child_number: 0,
      infant_number: 0,
      adult_cents: 2_000_000_000,
      details: {},
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ total_cents: [TOTAL_TOO_LARGE_MESSAGE] });
    expect(await t.deps.db.service.count({ where: { budgetId: budget.id } })).toBe(0);
    expect(await tree(budget.id)).toEqual(before);
  });

  it('a service in dollars whose reais pass the bound is refused the same way', async () => {
    const budget = await newBudget(t, tokens.colab);
    const res = await call('POST', '/api/services', {
      proposal_id: budget.proposalId,
      type: 'other',
      title: 'Iate',
      currency: 'USD',
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      total_cents: 500_000_000,
      details: {},
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ total_cents: [TOTAL_TOO_LARGE_MESSAGE] });
    expect(await t.deps.db.service.count({ where: { budgetId: budget.id } })).toBe(0);
  });
});

/** A random service of the shapes budgets price: per passenger in reais or dollars, a total, rooms. */
const serviceArb = fc.oneof(
  fc.record({
    type: fc.constant('tour'),
    currency: fc.constantFrom('BRL', 'USD'),
    adult_number: fc.integer({ min: 1, max: 4 }),
    child_number: fc.integer({ min: 0, max: 3 }),
    infant_number: fc.integer({ min: 0, max: 2 }),
    adult_cents: fc.integer({ min: 0, max: 5_000_000 }),
    child_cents: fc.integer({ min: 0, max: 5_000_000 }),
    infant_cents: fc.integer({ min: 0, max: 500_000 }),
    taxes_cents: fc.integer({ min: 0, max: 100_000 }),
    fee_cents: fc.integer({ min: 0, max: 100_000 }),
    commission_basis_points: fc.integer({ min: 0, max: 3000 }),
  }),
  fc.record({
    type: fc.constant('other'),
    currency: fc.constantFrom('BRL', 'USD'),
    adult_number: fc.integer({ min: 1, max: 4 }),
    child_number: fc.integer({ min: 0, max: 3 }),
    infant_number: fc.constant(0),
    total_cents: fc.integer({ min: 1, max: 20_000_000 }),
    commission_basis_points: fc.integer({ min: 0, max: 2000 }),
  }),
  fc.record({
    type: fc.constant('accommodation'),
    currency: fc.constant('BRL'),
    rooms: fc.array(
      fc.record({
        adult_number: fc.integer({ min: 1, max: 3 }),
        child_number: fc.integer({ min: 0, max: 2 }),
        value: fc.integer({ min: 1, max: 10_000_000 }),
        number_room: fc.integer({ min: 1, max: 3 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
);

function serviceBody(proposalId: number, s: Record<string, unknown>, index: number) {
  const { rooms, ...fields } = s as { rooms?: { adult_number: number; child_number: number; value: number; number_room: number }[] };
  if (rooms) {
    return {
      proposal_id: proposalId,
      type: 'accommodation',
      title: `Hotel ${index}`,
      currency: 'BRL',
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      details: {
        hotel_name: `Hotel ${index}`,
        rooms: rooms.map((r, i) => ({ id: `room-${i + 1}`, infant_number: 0, ...r })),
      },
    };
  }
  return { proposal_id: proposalId, title: `Serviço ${index}`, details: {}, ...fields };
}

describe('random budgets through the API', () => {
  it('a sold budget shows the sale, the sale equals the sold proposal, the attendance and the funnel add exactly it, the plan sums to it, and the undo restores every figure; no accepted input answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(serviceArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        async (proposals, pick, installments, acceptFirst) => {
          const budget = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
          const proposalIds = [budget.proposalId];
          for (const [i, services] of proposals.entries()) {
            const proposalId =
              i === 0
                ? budget.proposalId
                : (await ok<{ id: number }>(await call('POST', '/api/proposals/', { budget_id: budget.id, title: `P${i}` }))).id;
            if (i > 0) proposalIds.push(proposalId);
            for (const [j, service] of services.entries()) {
              const res = await call('POST', '/api/services', serviceBody(proposalId, service, j));
              expect(res.statusCode, res.body).toBeLessThan(500);
            }
          }
          const chosen = proposalIds[pick % proposalIds.length] as number;
          if (acceptFirst) await accept(budget, chosen);
          const offered = await tree(budget.id);
          const chosenSale = offered.proposals.find((p) => p.id === chosen)?.totals.sale_cents ?? -1;
          const before = await figures(budget.attendanceId, budget.title);

          const res = await call('PUT', `/api/budgets/sell/${budget.id}`, { proposal_id: chosen, installments });
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode !== 200) return; // an empty proposal: nothing to sell
          const sale = res.json().sale as { sale_cents: number; currency: string; payment_plan: { amount_cents: number }[] };
          const value = convertCents(sale.sale_cents, sale.currency, 'BRL', { [sale.currency]: 1 });
          expect(sale.sale_cents).toBe(chosenSale);
          expect(sale.payment_plan.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(sale.sale_cents);
          expect((await tree(budget.id)).total_cents).toBe(sale.sale_cents);
          expect(await listTotal(budget.id, budget.attendanceId)).toBe(sale.sale_cents);
          const sold = await figures(budget.attendanceId, budget.title);
          expect(sold.value).toBe(value);
          expect(sold.cardPrice).toBe(value);
          expect(sold.consolidatedSales).toEqual([value]);
          expect(sold.wonColumn - before.wonColumn).toBe(value);
          expect(sold.salesBalance - before.salesBalance).toBe(value);

          await ok(await call('PUT', `/api/budgets/undo-sell/${budget.id}`, {}));
          expect(await figures(budget.attendanceId, budget.title)).toEqual(before);
          expect((await tree(budget.id)).total_cents).toBe(offered.total_cents);
        },
      ),
      { numRuns: 6, seed: 31 },
    );
  }, 240_000);
});
