// currency_quotes_params through HTTP, against a local fake of the exchange-rate service (the
// AwesomeAPI protocol): the system's automatic quotes for an agency with cambio_sistema, refreshed
// all or nothing; quotes typed by hand with their history; an agency without the feature keeping
// its own.
import { type CurrencyQuote, TRACKED_CURRENCIES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeExchangeMode, type FakeExchangeRates, saoPauloTime, startFakeExchangeRates } from '../../../test/fake-exchange-rates';
import { DEMO, useTestApp } from '../../../test/harness';
import { EXCHANGE_RATE_MESSAGES } from './exchange-rates';

const hoursAgo = (h: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - h * 3_600_000);

// The fake's address is only known once it listens: this hook, registered before useTestApp's, fills the env.
const env: Record<string, string> = { EXCHANGE_RATE_TIMEOUT_MS: '300' };
let fake: FakeExchangeRates;
beforeAll(async () => {
  fake = await startFakeExchangeRates();
  env.EXCHANGE_RATE_API_URL = fake.url;
});
afterAll(() => fake.close());

const t = useTestApp(env);
const tokens = { owner: '', colaborador: '', outra: '', root: '' };
beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colaborador = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  tokens.root = await t.tokenFor(DEMO.users.superAdmin);
});

type Page = { items: CurrencyQuote[]; pagination: { total_count: number }; automatic: boolean };
const list = async (token: string, query = 'per_page=50'): Promise<Page> => {
  const res = await t.call('GET', `/api/currency_quotes_params?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const updateQuotes = (token: string) => t.call('PATCH', '/api/currency_quotes_params/update_quotes', { token, body: {} });
const setRate = (id: number, rate: unknown, token: string) => t.call('PUT', `/api/currency_quotes_params/${id}`, { token, body: { rate } });
const rateOf = (page: { items: CurrencyQuote[] }, currency: string) => page.items.find((q) => q.currency === currency);

/** Everything the refresh may write: the system's quotes and the whole history. */
async function systemState() {
  const db = t.deps.db;
  const quotes = await db.currencyQuote.findMany({ where: { companyId: null }, orderBy: { id: 'asc' } });
  return JSON.stringify({ quotes, history: await db.currencyQuoteHistory.count() });
}

describe('an agency with cambio_sistema uses the system automatic quotes', () => {
  it('lists every tracked currency in order with its pt-BR name, not quoted yet and read-only; searches code and name', async () => {
    const page = await list(tokens.owner);
    expect(page.automatic).toBe(true);
    expect(page.items.map((q) => q.currency)).toEqual([...TRACKED_CURRENCIES]);
    expect(page.items[0]).toMatchObject({
      currency: 'USD',
      currency_name: 'Dólar americano',
      rate: null,
      source: null,
      quoted_at: null,
      is_system: true,
      editable: false,
      history_id: null,
    });
    const codes = async (search: string) =>
      (await list(tokens.colaborador, `search=${encodeURIComponent(search)}`)).items.map((q) => q.currency);
    expect(await codes('dolar')).toEqual(['USD', 'CAD', 'AUD']);
    expect(await codes('LIBRA')).toEqual(['GBP']);
    expect(await codes('chf')).toEqual(['CHF']);
    const third = await list(tokens.owner, 'per_page=5&page=3');
    expect(third.items.map((q) => q.currency)).toEqual(['AUD', 'CHF', 'JPY', 'CNY']);
    expect(third.pagination.total_count).toBe(TRACKED_CURRENCIES.length);
  });

  it('update_quotes asks the service for every currency in one call and writes the quotes and their history', async () => {
    const quotedAt = hoursAgo(3);
    fake.createDate = saoPauloTime(quotedAt);
    const res = await updateQuotes(tokens.colaborador);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.calls).toEqual([`/json/last/${TRACKED_CURRENCIES.map((c) => `${c}-BRL`).join(',')}`]);
    const usd = rateOf(res.json(), 'USD');
    expect(usd).toMatchObject({ rate: 5.3412, source: 'automatic', quoted_at: quotedAt.toISOString(), editable: false });
    expect(rateOf(res.json(), 'CLP')?.rate).toBe(0.005712);
    expect(usd?.history_id).toEqual(expect.any(Number));
    expect(rateOf(await list(tokens.owner), 'USD')).toEqual(usd);
    expect(await t.deps.db.currencyQuoteHistory.count({ where: { source: 'automatic' } })).toBe(TRACKED_CURRENCIES.length);
  });

  it('the same answer again writes nothing; a newer one writes the new values and their history', async () => {
    const before = await systemState();
    expect((await updateQuotes(tokens.owner)).statusCode).toBe(200);
    expect(await systemState()).toBe(before);

    const quotedAt = hoursAgo(2);
    fake.createDate = saoPauloTime(quotedAt);
    fake.rates.USD = '5.4001';
    const res = await updateQuotes(tokens.owner);
    const usd = rateOf(res.json(), 'USD');
    expect(usd).toMatchObject({ rate: 5.4001, quoted_at: quotedAt.toISOString() });
    const history = await t.deps.db.currencyQuoteHistory.findMany({
      where: { currencyQuote: { currency: 'USD', companyId: null } },
      orderBy: { id: 'asc' },
    });
    expect(history.map((h) => h.rate.toNumber())).toEqual([5.3412, 5.4001]);
    expect(usd?.history_id).toBe(history.at(-1)?.id);
  });

  it('a slow, failing, unreadable or incomplete answer is a 502 saying why, and changes nothing', async () => {
    fake.createDate = saoPauloTime(hoursAgo(1));
    fake.rates.USD = '9.9999';
    const cases: [FakeExchangeMode, string][] = [
      ['slow', EXCHANGE_RATE_MESSAGES.timeout],
      ['error', EXCHANGE_RATE_MESSAGES.unavailable],
      ['html', EXCHANGE_RATE_MESSAGES.unreadable],
      ['missing', EXCHANGE_RATE_MESSAGES.missing('UYU')],
      ['nonnumeric', EXCHANGE_RATE_MESSAGES.missing('USD')],
      ['negative', EXCHANGE_RATE_MESSAGES.missing('EUR')],
    ];
    const before = await systemState();
    for (const [mode, message] of cases) {
      fake.mode = mode;
      const res = await updateQuotes(tokens.owner);
      expect(res.statusCode, mode).toBe(502);
      expect(res.json(), mode).toMatchObject({ status: 502, code: 'UPSTREAM', message });
      expect(await systemState(), mode).toBe(before);
    }
    fake.mode = 'ok';
    fake.rates.USD = '5.4001';
  });

  it('a system quote is read-only for an agency (403); super_admin types it, kept in the history with the user', async () => {
    const usd = rateOf(await list(tokens.owner), 'USD') as CurrencyQuote;
    const refused = await setRate(usd.id, 5.5, tokens.owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Proibido' });

    const rootView = rateOf(await list(tokens.root), 'USD');
    expect(rootView).toMatchObject({ id: usd.id, is_system: true, editable: true });
    const res = await setRate(usd.id, 5.5, tokens.root);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: usd.id, rate: 5.5, source: 'manual', editable: true });
    const root = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.superAdmin } });
    const last = await t.deps.db.currencyQuoteHistory.findUniqueOrThrow({ where: { id: res.json().history_id } });
    expect(last).toMatchObject({ source: 'manual', userId: root.id, currencyQuoteId: usd.id });
    expect(rateOf(await list(tokens.owner), 'USD')).toMatchObject({ rate: 5.5, source: 'manual', editable: false });
  });

  it('a refresh keeps a manual quote newer than the service answer and replaces it with a newer one', async () => {
    fake.createDate = saoPauloTime(hoursAgo(1));
    fake.rates.EUR = '6.2000';
    const kept = (await updateQuotes(tokens.root)).json();
    expect(rateOf(kept, 'USD')).toMatchObject({ rate: 5.5, source: 'manual' });
    expect(rateOf(kept, 'EUR')).toMatchObject({ rate: 6.2, source: 'automatic' });

    fake.createDate = saoPauloTime(new Date(Date.now() + 60_000));
    const replaced = (await updateQuotes(tokens.root)).json();
    expect(rateOf(replaced, 'USD')).toMatchObject({ rate: 5.4001, source: 'automatic' });
  });
});

describe('an agency without cambio_sistema keeps its own quotes by hand', () => {
  beforeAll(async () => {
    // Agência Outra moves to the free plan, which has no feature.
    const plans = (await t.call('GET', '/api/plans', { token: tokens.outra })).json().plans as { id: number; amount_cents: number }[];
    const free = plans.find((p) => p.amount_cents === 0);
    const res = await t.call('POST', `/api/plans/${free?.id}/subscribe`, { token: tokens.outra, body: { email: DEMO.users.outraOwner } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('lists its own quotes, there from the start and empty until typed, editable by its managers', async () => {
    const page = await list(tokens.outra);
    expect(page.automatic).toBe(false);
    expect(page.items.map((q) => q.currency)).toEqual([...TRACKED_CURRENCIES]);
    expect(page.items.every((q) => !q.is_system && q.editable && q.rate === null && q.history_id === null)).toBe(true);
    const system = await list(tokens.owner);
    expect(page.items.map((q) => q.id).some((id) => system.items.some((s) => s.id === id))).toBe(false);
    const company = await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.outra } });
    expect(await t.deps.db.currencyQuote.count({ where: { companyId: company.id } })).toBe(TRACKED_CURRENCIES.length);
  });

  it('types a quote, kept in the history with the user; refuses a bad rate', async () => {
    const eur = rateOf(await list(tokens.outra), 'EUR') as CurrencyQuote;
    const res = await setRate(eur.id, 6.123456, tokens.outra);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: eur.id, rate: 6.123456, source: 'manual', is_system: false, editable: true });
    const history = await t.deps.db.currencyQuoteHistory.findMany({ where: { currencyQuoteId: eur.id } });
    const outra = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.outraOwner } });
    expect(history).toEqual([expect.objectContaining({ id: res.json().history_id, source: 'manual', userId: outra.id })]);
    expect(rateOf(await list(tokens.outra), 'EUR')).toEqual(res.json());
    // The system's EUR is untouched.
    expect(rateOf(await list(tokens.owner), 'EUR')?.rate).toBe(6.2);

    expect((await setRate(eur.id, 6.1234567, tokens.outra)).json().errors).toEqual({ rate: ['deve ter no máximo 6 casas decimais'] });
    expect(Object.keys((await setRate(eur.id, 0, tokens.outra)).json().errors)).toEqual(['rate']);
    expect(Object.keys((await setRate(eur.id, '6,12', tokens.outra)).json().errors)).toEqual(['rate']);
  });

  it('cannot refresh the automatic quotes (402, the plan lacks the feature) nor type a system one (403)', async () => {
    const calls = fake.calls.length;
    const res = await updateQuotes(tokens.outra);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PLAN_RESTRICTED', message: 'Este recurso não está incluído no plano da sua agência.' });
    expect(fake.calls.length).toBe(calls);
    const usd = rateOf(await list(tokens.owner), 'USD') as CurrencyQuote;
    expect((await setRate(usd.id, 1, tokens.outra)).statusCode).toBe(403);
  });

  it("answers another agency's quote like a missing one (404)", async () => {
    const theirs = rateOf(await list(tokens.outra), 'GBP') as CurrencyQuote;
    const missing = await setRate(2_147_483_646, 7, tokens.owner);
    const res = await setRate(theirs.id, 7, tokens.owner);
    expect(res.statusCode).toBe(404);
    expect({ ...res.json(), request_id: null }).toEqual({ ...missing.json(), request_id: null });
    expect(rateOf(await list(tokens.outra), 'GBP')?.rate).toBeNull();
  });
});
