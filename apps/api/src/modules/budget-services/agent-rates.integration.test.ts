// The rate an agent can always price with, through HTTP: with the system's quotes (cambio_sistema,
// read-only for the agency) a currency without a quote asks for a rate instead of refusing for
// good; a service's own rate (câmbio do serviço) > the budget's rate for the currency (câmbio do
// orçamento, PATCH agent_rates) > the day's quote; changing or clearing the budget's rate reprices
// its services and totals; bad rates, a sold budget and another agency's budget change nothing.
import { AGENT_RATE_MESSAGES, type BudgetTree, SALE_MESSAGES, type Service } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, sellableBudget } from '../../../test/sale-fixtures';
import { QUOTE_MISSING_MESSAGE } from '../currency-quotes/current-rates';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '', root: '' };
const ids = { usdQuote: 0, usdHistory: 0 };

const call = (method: string, url: string, body?: unknown, token = tokens.colab) => t.call(method, url, { token, body });
const createService = (body: Record<string, unknown>, token = tokens.colab) => call('POST', '/api/services', body, token);
const patchBudget = (id: number, body: Record<string, unknown>, token = tokens.colab) => call('PATCH', `/api/budgets/${id}`, body, token);
const tree = async (id: number) => ok<BudgetTree>(await call('GET', `/api/budgets/${id}`));

/** US$ 100,00 (or € 100,00) for one adult: sells and costs 100,00 in its currency. */
const ticket = (proposalId: number, currency: string, extra: Record<string, unknown> = {}) => ({
  proposal_id: proposalId,
  type: 'other',
  title: `Ingresso em ${currency}`,
  currency,
  adult_number: 1,
  child_number: 0,
  infant_number: 0,
  total_cents: 10_000,
  details: {},
  ...extra,
});

/** The stored rate and totals of a service. */
async function stored(id: number) {
  const s = await t.deps.db.service.findUniqueOrThrow({
    where: { id },
    select: { quoteRate: true, quoteHistoryId: true, quoteSource: true, saleCents: true },
  });
  return { rate: s.quoteRate.toNumber(), history: s.quoteHistoryId, source: s.quoteSource, sale: s.saleCents };
}

/** The stored totals of a budget, and of its proposals. */
async function totalsOf(budgetId: number) {
  const b = await t.deps.db.budget.findUniqueOrThrow({
    where: { id: budgetId },
    select: { totalCents: true, proposals: { select: { saleCents: true } } },
  });
  return { total: b.totalCents, proposals: b.proposals.map((p) => p.saleCents) };
}

/** Everything a refused write could have touched in one budget. */
async function snapshot(budgetId: number) {
  const db = t.deps.db;
  return JSON.stringify({
    budget: await db.budget.findUniqueOrThrow({ where: { id: budgetId } }),
    services: await db.service.findMany({ where: { budgetId }, orderBy: { id: 'asc' } }),
    proposals: await db.proposal.findMany({ where: { budgetId }, orderBy: { id: 'asc' } }),
  });
}

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  tokens.root = await t.tokenFor(DEMO.users.superAdmin);
  // Agência Demo's plan has cambio_sistema: the system's quotes, read-only for it. The super admin
  // types USD 5; EUR is never quoted.
  const quotes = await ok<{ items: { id: number; currency: string; rate: number | null }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, tokens.root),
  );
  ids.usdQuote = quotes.items.find((q) => q.currency === 'USD')?.id ?? 0;
  expect(quotes.items.find((q) => q.currency === 'EUR')?.rate).toBeNull();
  await ok(await call('PUT', `/api/currency_quotes_params/${ids.usdQuote}`, { rate: 5 }, tokens.root));
  const history = await t.deps.db.currencyQuoteHistory.findFirstOrThrow({
    where: { currencyQuote: { currency: 'USD', companyId: null } },
    orderBy: { id: 'desc' },
  });
  ids.usdHistory = history.id;
  // The agency cannot type the system's quote: only a rate of its own budget or service remains.
  expect((await call('PUT', `/api/currency_quotes_params/${ids.usdQuote}`, { rate: 6 })).statusCode).not.toBe(200);
});

describe('a currency without any quote', () => {
  it('is refused asking for the rate; with quote_rate the service saves with it and the totals use it', async () => {
    const budget = await newBudget(t, tokens.colab);
    const before = await snapshot(budget.id);
    const refused = await createService(ticket(budget.proposalId, 'EUR'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ quote_rate: [AGENT_RATE_MESSAGES.missing('EUR')] });
    expect(await snapshot(budget.id)).toBe(before);

    // € 100,00 at the operator's R$ 6,25 = R$ 625,00.
    const service = await ok<Service>(await createService(ticket(budget.proposalId, 'EUR', { quote_rate: 6.25 })));
    expect(service).toMatchObject({
      currency: 'EUR',
      quote_rate: 6.25,
      quote_history_id: null,
      quote_source: 'service',
      sale_cents: 62_500,
    });
    expect(await totalsOf(budget.id)).toEqual({ total: 62_500, proposals: [62_500] });
    const read = await tree(budget.id);
    expect(read.proposals[0]?.totals.sale_cents).toBe(62_500);
    expect(read.proposals[0]?.services[0]).toMatchObject({ quote_rate: 6.25, quote_source: 'service' });

    // PUT sends every field again: without the rate the service is asked for it again, and stays as it was.
    const kept = await snapshot(budget.id);
    const again = await call('PUT', `/api/services/${service.id}`, ticket(budget.proposalId, 'EUR', { total_cents: 20_000 }));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ quote_rate: [AGENT_RATE_MESSAGES.missing('EUR')] });
    expect(await snapshot(budget.id)).toBe(kept);
    // With it, € 200,00 at R$ 6,30.
    const edited = await ok<Service>(
      await call('PUT', `/api/services/${service.id}`, ticket(budget.proposalId, 'EUR', { total_cents: 20_000, quote_rate: 6.3 })),
    );
    expect(edited).toMatchObject({ quote_rate: 6.3, quote_source: 'service', sale_cents: 126_000 });
    expect(await totalsOf(budget.id)).toEqual({ total: 126_000, proposals: [126_000] });

    // A copy of the service keeps the agent's rate, and says so.
    const copy = await ok<Service>(await call('POST', '/api/services/duplicate', { id: service.id }));
    expect(copy).toMatchObject({ quote_rate: 6.3, quote_source: 'service', quote_history_id: null });
  });
});

describe('the budget rate (câmbio do orçamento)', () => {
  it('wins over the day quote for new and existing services; a service rate wins over it; cleared, the day quote again', async () => {
    const budget = await newBudget(t, tokens.colab);
    const day = await ok<Service>(await createService(ticket(budget.proposalId, 'USD')));
    expect(day).toMatchObject({ quote_rate: 5, quote_history_id: ids.usdHistory, quote_source: 'day', sale_cents: 50_000 });
    const own = await ok<Service>(await createService(ticket(budget.proposalId, 'USD', { quote_rate: 5.5 })));
    expect(own).toMatchObject({ quote_rate: 5.5, quote_source: 'service', sale_cents: 55_000 });
    expect(await totalsOf(budget.id)).toEqual({ total: 105_000, proposals: [105_000] });

    // The owner, an administrador or a colaborador alike: here the colaborador sets USD at 5,80.
    const set = await ok<BudgetTree>(await patchBudget(budget.id, { agent_rates: { USD: 5.8 } }));
    expect(set.agent_rates).toEqual({ USD: 5.8 });
    expect(await stored(day.id)).toEqual({ rate: 5.8, history: null, source: 'budget', sale: 58_000 });
    expect(await stored(own.id)).toEqual({ rate: 5.5, history: null, source: 'service', sale: 55_000 });
    expect(await totalsOf(budget.id)).toEqual({ total: 113_000, proposals: [113_000] });
    expect(set.proposals[0]?.totals.sale_cents).toBe(113_000);

    // A new service in USD takes the budget's rate; one with its own rate keeps its own.
    const next = await ok<Service>(await createService(ticket(budget.proposalId, 'USD')));
    expect(next).toMatchObject({ quote_rate: 5.8, quote_history_id: null, quote_source: 'budget', sale_cents: 58_000 });
    const mine = await ok<Service>(await createService(ticket(budget.proposalId, 'USD', { quote_rate: 6.1 })));
    expect(mine).toMatchObject({ quote_rate: 6.1, quote_source: 'service', sale_cents: 61_000 });
    expect(await totalsOf(budget.id)).toEqual({ total: 232_000, proposals: [232_000] });

    // A new budget rate reprices the ones that took it, not the services with their own.
    await ok(await patchBudget(budget.id, { agent_rates: { USD: 6 } }, tokens.owner));
    expect((await stored(day.id)).sale).toBe(60_000);
    expect((await stored(next.id)).sale).toBe(60_000);
    expect(await totalsOf(budget.id)).toEqual({ total: 236_000, proposals: [236_000] });

    // Cleared: back to the day's quote (with its history row); the services' own rates stay.
    const cleared = await ok<BudgetTree>(await patchBudget(budget.id, { agent_rates: {} }));
    expect(cleared.agent_rates).toEqual({});
    expect(await stored(day.id)).toEqual({ rate: 5, history: ids.usdHistory, source: 'day', sale: 50_000 });
    expect(await stored(next.id)).toEqual({ rate: 5, history: ids.usdHistory, source: 'day', sale: 50_000 });
    expect(await stored(own.id)).toMatchObject({ rate: 5.5, source: 'service' });
    expect(await stored(mine.id)).toMatchObject({ rate: 6.1, source: 'service' });
    expect(await totalsOf(budget.id)).toEqual({ total: 216_000, proposals: [216_000] });
    expect(cleared.proposals[0]?.totals.sale_cents).toBe(216_000);
  });

  it("for the budget's own currency is the budget's rate; a service in it or in reais takes no rate of its own", async () => {
    const budget = await newBudget(t, tokens.colab, { currency: 'USD' });
    expect(budget.currency_rate).toBe(5);
    // R$ 580,00 in a budget in dollars: US$ 116,00 at the day's 5, US$ 100,00 at the agent's 5,80.
    const reais = await ok<Service>(await createService({ ...ticket(budget.proposalId, 'BRL'), total_cents: 58_000 }));
    expect(reais.sale_cents).toBe(11_600);
    const dollars = await ok<Service>(await createService(ticket(budget.proposalId, 'USD')));
    expect(dollars).toMatchObject({ quote_rate: 5, quote_source: 'day', sale_cents: 10_000 });

    const set = await ok<BudgetTree>(await patchBudget(budget.id, { agent_rates: { USD: 5.8 } }));
    expect(set).toMatchObject({ currency_rate: 5.8, currency_quote_history_id: null, agent_rates: { USD: 5.8 } });
    expect(await stored(reais.id)).toMatchObject({ sale: 10_000 });
    expect(await stored(dollars.id)).toMatchObject({ rate: 5.8, source: 'budget', sale: 10_000 });
    expect(await totalsOf(budget.id)).toEqual({ total: 20_000, proposals: [20_000] });

    const cleared = await ok<BudgetTree>(await patchBudget(budget.id, { agent_rates: {} }));
    expect(cleared).toMatchObject({ currency_rate: 5, currency_quote_history_id: ids.usdHistory });
    expect(await stored(dollars.id)).toMatchObject({ rate: 5, source: 'day' });
    expect(await totalsOf(budget.id)).toEqual({ total: 21_600, proposals: [21_600] });

    // Its own rate would change nothing there: refused, on quote_rate.
    const before = await snapshot(budget.id);
    const inBudgetCurrency = await createService(ticket(budget.proposalId, 'USD', { quote_rate: 6 }));
    expect([inBudgetCurrency.statusCode, inBudgetCurrency.json().errors]).toEqual([
      400,
      { quote_rate: [AGENT_RATE_MESSAGES.budgetCurrency] },
    ]);
    const inReais = await createService(ticket(budget.proposalId, 'BRL', { quote_rate: 1.5 }));
    expect([inReais.statusCode, inReais.json().errors]).toEqual([400, { quote_rate: [AGENT_RATE_MESSAGES.brl] }]);
    expect(await snapshot(budget.id)).toBe(before);
  });

  it('a budget in a currency without a quote is created with the agent rate for it', async () => {
    const budget = await newBudget(t, tokens.colab, { currency: 'EUR', agent_rates: { EUR: 6.4 } });
    expect(budget.currency_rate).toBe(6.4);
    const service = await ok<Service>(await createService(ticket(budget.proposalId, 'EUR')));
    expect(service).toMatchObject({ quote_rate: 6.4, quote_source: 'budget', sale_cents: 10_000 });
    // Its rate cannot be cleared with no quote of the day to fall back on.
    const before = await snapshot(budget.id);
    const cleared = await patchBudget(budget.id, { agent_rates: {} });
    expect([cleared.statusCode, cleared.json().errors]).toEqual([
      400,
      { 'agent_rates.EUR': [AGENT_RATE_MESSAGES.clearWithoutQuote('EUR')] },
    ]);
    expect(await snapshot(budget.id)).toBe(before);
  });

  it('cleared while its services have no day quote to go back to, is refused and nothing changes', async () => {
    const budget = await newBudget(t, tokens.colab);
    await ok(await patchBudget(budget.id, { agent_rates: { EUR: 6.2 } }));
    const service = await ok<Service>(await createService(ticket(budget.proposalId, 'EUR')));
    expect(service).toMatchObject({ quote_rate: 6.2, quote_source: 'budget', sale_cents: 62_000 });
    const before = await snapshot(budget.id);
    const res = await patchBudget(budget.id, { agent_rates: {}, title: 'Sem câmbio' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'agent_rates.EUR': [AGENT_RATE_MESSAGES.clearWithoutQuote('EUR')] });
    expect(await snapshot(budget.id)).toBe(before);
    // A currency change to one without a quote, with no rate of the agent for it, still names the currency.
    const jpy = await patchBudget(budget.id, { currency: 'JPY' });
    expect([jpy.statusCode, jpy.json().errors]).toEqual([400, { currency: [QUOTE_MISSING_MESSAGE('JPY')] }]);
    expect(await snapshot(budget.id)).toBe(before);
  });
});

describe('copies', () => {
  it('a copied proposal or budget keeps the rates and where they came from', async () => {
    const budget = await newBudget(t, tokens.colab);
    await ok(await patchBudget(budget.id, { agent_rates: { USD: 5.8 } }));
    await ok(await createService(ticket(budget.proposalId, 'USD')));
    await ok(await createService(ticket(budget.proposalId, 'EUR', { quote_rate: 6.25 })));
    const rates = async (where: { budgetId?: number; proposalId?: number }) =>
      (await t.deps.db.service.findMany({ where, orderBy: { position: 'asc' } })).map((s) => [
        s.currency,
        s.quoteRate.toNumber(),
        s.quoteSource,
      ]);
    const expected = [
      ['USD', 5.8, 'budget'],
      ['EUR', 6.25, 'service'],
    ];

    const proposal = await ok<{ id: number }>(await call('PUT', `/api/proposals/duplicate/${budget.proposalId}`));
    expect(await rates({ proposalId: proposal.id })).toEqual(expected);
    expect(await totalsOf(budget.id)).toEqual({ total: 58_000 + 62_500, proposals: [120_500, 120_500] });

    const copy = await ok<BudgetTree>(await call('POST', '/api/budgets/duplicate', { id: budget.id }));
    expect(copy.agent_rates).toEqual({ USD: 5.8 });
    expect(await rates({ proposalId: copy.proposals[0]?.id })).toEqual(expected);
    // The copy's rate is its own: changing it leaves the original as it was.
    await ok(await patchBudget(copy.id, { agent_rates: { USD: 6 } }));
    expect((await tree(copy.id)).proposals[0]?.totals.sale_cents).toBe(60_000 + 62_500);
    expect((await tree(budget.id)).proposals[0]?.totals.sale_cents).toBe(58_000 + 62_500);
  });
});

describe('refusals', () => {
  it('bad rates (zero, negative, absurd, too many decimals, unknown or real currency) are 400s in the error format; nothing changes', async () => {
    const budget = await newBudget(t, tokens.colab);
    await ok(await patchBudget(budget.id, { agent_rates: { USD: 5.8 } }));
    await ok(await createService(ticket(budget.proposalId, 'USD')));
    const before = await snapshot(budget.id);
    const bad: [unknown, string][] = [
      [{ USD: 0 }, 'agent_rates.USD'],
      [{ USD: -5.8 }, 'agent_rates.USD'],
      [{ USD: 58_000 }, 'agent_rates.USD'],
      [{ USD: 5.1234567 }, 'agent_rates.USD'],
      [{ USD: '5,8' }, 'agent_rates.USD'],
      [{ XYZ: 5 }, 'agent_rates.XYZ'],
      [{ BRL: 1 }, 'agent_rates.BRL'],
      [[5.8], 'agent_rates'],
    ];
    for (const [rates, field] of bad) {
      const res = await patchBudget(budget.id, { agent_rates: rates });
      expect(res.statusCode, JSON.stringify(rates)).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ status: 400, message: expect.any(String) });
      expect(Object.keys(body.errors), JSON.stringify(rates)).toContain(field);
    }
    expect((await patchBudget(budget.id, { agent_rates: { USD: 58_000 } })).json().errors).toEqual({
      'agent_rates.USD': [AGENT_RATE_MESSAGES.max],
    });
    for (const rate of [0, -1, 5_000, 5.1234567, '5.8']) {
      const res = await createService(ticket(budget.proposalId, 'EUR', { quote_rate: rate }));
      expect(res.statusCode, String(rate)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['quote_rate']);
    }
    expect(await snapshot(budget.id)).toBe(before);
  });

  it('a sold budget refuses its rates (409); another agency’s budget is not found (404)', async () => {
    const b = await sellableBudget(t, tokens.colab, { supplierId: null });
    await ok(await call('PUT', `/api/budgets/sell/${b.id}`, { proposal_id: b.proposalId }));
    const sold = await snapshot(b.id);
    const frozen = await patchBudget(b.id, { agent_rates: { USD: 5.8 } });
    expect([frozen.statusCode, frozen.json().message]).toEqual([409, SALE_MESSAGES.soldFrozen]);
    expect(await snapshot(b.id)).toBe(sold);

    const mine = await newBudget(t, tokens.colab);
    await ok(await createService(ticket(mine.proposalId, 'USD')));
    const before = await snapshot(mine.id);
    expect((await patchBudget(mine.id, { agent_rates: { USD: 9 } }, tokens.outra)).statusCode).toBe(404);
    expect((await patchBudget(mine.id, { agent_rates: {} }, tokens.outra)).statusCode).toBe(404);
    expect(await snapshot(mine.id)).toBe(before);
  });
});
