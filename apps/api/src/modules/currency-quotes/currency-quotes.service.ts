import { type Db, Prisma } from '@app/db';
import {
  buildPagination,
  CURRENCY_QUOTE_MESSAGES,
  type CurrencyQuote,
  type ListCurrencyQuotesInput,
  RATE_DECIMALS,
  TRACKED_CURRENCIES,
} from '@app/shared';
import { matchesSearchWords, searchWords } from '@app/shared/search-terms';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError, notFound } from '../../errors';
import { toCurrencyQuote } from './currency-quotes.dto';
import { quoteSelect } from './currency-quotes.select';
import { ownedQuotesWhere, type QuoteCaller, quoteOwnerOf, quoteWhere } from './currency-quotes.where';
import type { ExchangeRates } from './exchange-rates';

/** Serialises writers of the system's quotes (the scheduled job, update_quotes, several processes). */
const SYSTEM_QUOTES_LOCK = 7_345_101;

const tracked = TRACKED_CURRENCIES as readonly string[];
const decimal = (rate: number) => new Prisma.Decimal(rate.toFixed(RATE_DECIMALS));

/** Who may type a quote: the agency's managers on its own rows; super_admin on the system's. */
function mayType(caller: QuoteCaller, owner: number | null): boolean {
  if (owner === null) return caller.role === 'super_admin';
  return caller.role === 'owner' || caller.role === 'administrador' || caller.role === 'super_admin';
}

/**
 * The owner's row of every tracked currency (rate null until quoted), before a refresh writes the
 * system's. Two writers racing here meet the unique indexes (one per agency and currency, one per
 * system currency) and skip what the other created.
 */
async function ensureQuoteRows(db: Db, owner: number | null): Promise<void> {
  const existing = await db.currencyQuote.count({ where: { ...ownedQuotesWhere(owner), currency: { in: [...tracked] } } });
  if (existing >= tracked.length) return;
  await db.currencyQuote.createMany({ data: tracked.map((currency) => ({ companyId: owner, currency })), skipDuplicates: true });
}

/** A new agency's row of every tracked currency (rate null until typed), in the transaction that creates it. */
export async function createAgencyQuoteRows(tx: Prisma.TransactionClient, companyId: number): Promise<void> {
  await tx.currencyQuote.createMany({ data: tracked.map((currency) => ({ companyId, currency })) });
}

/**
 * At every start: the rows missing of the system's quotes and of every agency's (an agency from
 * before its rows came with it, a currency tracked since), so that reading the quotes never
 * writes. One statement; starts racing meet the unique indexes.
 */
export function backfillQuoteRows(db: Db): Promise<number> {
  return db.$executeRaw`
    INSERT INTO currency_quotes (company_id, currency, updated_at)
    SELECT o.company_id, c.currency, now()
    FROM (SELECT NULL::int AS company_id UNION ALL SELECT id FROM companies WHERE NOT is_system) o
    CROSS JOIN unnest(${[...tracked]}::text[]) AS c(currency)
    WHERE NOT EXISTS (
      SELECT 1 FROM currency_quotes q WHERE coalesce(q.company_id, 0) = coalesce(o.company_id, 0) AND q.currency = c.currency
    )
    ON CONFLICT DO NOTHING`;
}

/** The pt-BR names of the tracked currencies, from the system's currencies list. */
async function currencyNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.referenceItem.findMany({
    where: { list: 'currencies', companyId: null, code: { in: [...tracked] } },
    select: { code: true, name: true },
  });
  return new Map(rows.map((r) => [r.code as string, r.name]));
}

/** The owner's quotes of the tracked currencies, in the tracked order (a read: the rows come with the owner). */
async function ownerQuotes(db: Db, caller: QuoteCaller, owner: number | null): Promise<CurrencyQuote[]> {
  const [rows, names] = await Promise.all([
    db.currencyQuote.findMany({ where: { ...ownedQuotesWhere(owner), currency: { in: [...tracked] } }, select: quoteSelect }),
    currencyNames(db),
  ]);
  const editable = mayType(caller, owner);
  return rows
    .sort((a, b) => tracked.indexOf(a.currency) - tracked.indexOf(b.currency))
    .map((row) => toCurrencyQuote(row, names.get(row.currency) ?? row.currency, editable));
}

/**
 * The quotes the caller's agency uses: with cambio_sistema (and for super_admin) the system's
 * automatic ones, read-only for an agency; otherwise its own. A handful of currencies, so the
 * search (every word in the code or pt-BR name, blind to accents and case) and the page are cut in memory.
 */
export async function listCurrencyQuotes(db: Db, caller: QuoteCaller, input: ListCurrencyQuotesInput) {
  const owner = quoteOwnerOf(caller);
  const all = await ownerQuotes(db, caller, owner);
  const words = searchWords(input.search ?? '');
  const found = all.filter((q) => matchesSearchWords(`${q.currency} ${q.currency_name}`, words));
  const start = (input.page - 1) * input.per_page;
  return {
    items: found.slice(start, start + input.per_page),
    pagination: buildPagination(input.page, input.per_page, found.length),
    automatic: owner === null,
  };
}

async function getQuote(db: Db, caller: QuoteCaller, id: number): Promise<CurrencyQuote> {
  const [row, names] = await Promise.all([
    db.currencyQuote.findFirst({ where: quoteWhere(caller.companyId, id), select: quoteSelect }),
    currencyNames(db),
  ]);
  if (!row) throw notFound();
  return toCurrencyQuote(row, names.get(row.currency) ?? row.currency, mayType(caller, row.companyId));
}

/**
 * A quote typed by hand, kept in the history with who typed it. An agency types its own quotes;
 * the system's are seen by every agency but kept by super_admin alone (403 for an agency), and
 * another agency's are not found (404), like missing ones.
 */
export async function setManualQuote(db: Db, caller: QuoteCaller, input: { id: number; rate: number }): Promise<CurrencyQuote> {
  const quote = await db.currencyQuote.findFirst({ where: quoteWhere(caller.companyId, input.id), select: { id: true, companyId: true } });
  if (!quote) throw notFound();
  if (quote.companyId === null && caller.role !== 'super_admin') throw new AppError('FORBIDDEN');
  const now = new Date();
  await db.$transaction(async (tx) => {
    if (quote.companyId === null) await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SYSTEM_QUOTES_LOCK})`;
    await tx.currencyQuote.update({ where: { id: quote.id }, data: { rate: decimal(input.rate), source: 'manual', quotedAt: now } });
    await tx.currencyQuoteHistory.create({
      data: { currencyQuoteId: quote.id, rate: decimal(input.rate), source: 'manual', userId: caller.userId, quotedAt: now },
    });
  });
  return getQuote(db, caller, quote.id);
}

/**
 * Fetches every tracked currency from the exchange-rate service and writes the system's quotes and
 * their history in one transaction. All or nothing: when the service fails, is slow or answers
 * without a valid quote for any currency, the port throws (UPSTREAM) before anything is written.
 * Idempotent: a quote no newer than the stored one (the same answer again, or a manual quote typed
 * after it) is left as it is, so a retry or a concurrent run writes no second history row.
 * Returns how many quotes changed.
 */
export async function refreshSystemQuotes(db: Db, rates: ExchangeRates): Promise<number> {
  const latest = await rates.latest(tracked);
  await ensureQuoteRows(db, null);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SYSTEM_QUOTES_LOCK})`;
    const current = await tx.currencyQuote.findMany({
      where: { ...ownedQuotesWhere(null), currency: { in: [...tracked] } },
      select: { id: true, currency: true, quotedAt: true },
    });
    const byCurrency = new Map(current.map((q) => [q.currency, q]));
    let changed = 0;
    for (const quote of latest) {
      const row = byCurrency.get(quote.currency);
      if (!row || (row.quotedAt && row.quotedAt.getTime() >= quote.quotedAt.getTime())) continue;
      const values = { rate: decimal(quote.rate), source: 'automatic', quotedAt: quote.quotedAt } as const;
      await tx.currencyQuote.update({ where: { id: row.id }, data: values });
      await tx.currencyQuoteHistory.create({ data: { currencyQuoteId: row.id, ...values } });
      changed += 1;
    }
    return changed;
  });
}

/** Spends the one refresh of the interval, shared by every agency and process; without a limiter, always. */
async function refreshTurn(refreshes: RateLimiterAbstract | null): Promise<boolean> {
  if (!refreshes) return true;
  try {
    await refreshes.consume('system');
    return true;
  } catch (error) {
    // rate-limiter-flexible rejects with its result when the turn is taken, with an Error when the store failed.
    if (error instanceof Error) throw error;
    return false;
  }
}

/**
 * PATCH update_quotes: refreshes the system's automatic quotes now, for super_admin and for an
 * agency whose plan has cambio_sistema (any of its users: it only brings the market's rates in,
 * the same for every agency). Without the feature, 402 as any feature the plan lacks. At most once
 * per `refreshes` interval for everyone: within it the service is not called again and the answer
 * is the quotes as the last refresh left them.
 */
export async function updateQuotes(
  db: Db,
  rates: ExchangeRates,
  caller: QuoteCaller,
  refreshes: RateLimiterAbstract | null,
): Promise<{ items: CurrencyQuote[] }> {
  if (quoteOwnerOf(caller) !== null) throw new AppError('PLAN_RESTRICTED', { message: CURRENCY_QUOTE_MESSAGES.notIncluded });
  if (await refreshTurn(refreshes)) await refreshSystemQuotes(db, rates);
  return { items: await ownerQuotes(db, caller, null) };
}
