import type { Db, Prisma } from '@app/db';
import { type QuoteCaller, quoteOwnerOf } from './currency-quotes.where';

/** A currency's rate as a budget stores it with the values it priced: reais per unit and the history row. */
export type CurrentRate = { currency: string; rate: number; historyId: number | null };

/** The currency has no quote yet (an agency without cambio_sistema that never typed it). */
export const QUOTE_MISSING_MESSAGE = (currency: string) => `não há cotação de ${currency}. Informe-a em Financeiro > Cotações de moedas.`;

/**
 * The current rate of each currency for the caller's agency (the quotes it works with: the system's
 * with cambio_sistema, otherwise its own). BRL is always 1 with no history; a currency never quoted
 * is left out, so the caller decides how to refuse it.
 */
export async function currentRates(
  db: Db | Prisma.TransactionClient,
  caller: Pick<QuoteCaller, 'companyId' | 'role' | 'features'>,
  currencies: readonly string[],
): Promise<Map<string, CurrentRate>> {
  const rates = new Map<string, CurrentRate>();
  const wanted = [...new Set(currencies)].filter((c) => c !== 'BRL');
  if (currencies.includes('BRL')) rates.set('BRL', { currency: 'BRL', rate: 1, historyId: null });
  if (wanted.length === 0) return rates;
  const rows = await db.currencyQuote.findMany({
    where: { companyId: quoteOwnerOf({ ...caller, userId: 0 }), currency: { in: wanted }, rate: { not: null } },
    select: { currency: true, rate: true, history: { select: { id: true }, orderBy: [{ quotedAt: 'desc' }, { id: 'desc' }], take: 1 } },
  });
  for (const row of rows) {
    if (row.rate) rates.set(row.currency, { currency: row.currency, rate: row.rate.toNumber(), historyId: row.history[0]?.id ?? null });
  }
  return rates;
}
