// The exchange-rate service behind a port: the quotes service asks for the latest rates and never
// sees the provider's protocol. The adapter speaks AwesomeAPI's (GET {base}/last/USD-BRL,EUR-BRL).
import { RATE_DECIMALS, RATE_MAX } from '@app/shared';
import type { Config } from '../../config';
import { AppError } from '../../errors';

/** One currency's latest quote: reais per unit, as of `quotedAt`. */
export type ExchangeQuote = { currency: string; rate: number; quotedAt: Date };

export interface ExchangeRates {
  /**
   * The latest quote of every currency asked for, or an UPSTREAM error when the service fails,
   * takes too long or answers without a valid quote for any of them (never a partial answer).
   */
  latest(currencies: readonly string[]): Promise<ExchangeQuote[]>;
}

const NOTHING_CHANGED = 'Nenhuma cotação foi alterada.';
export const EXCHANGE_RATE_MESSAGES = {
  timeout: `O serviço de cotações demorou demais para responder. ${NOTHING_CHANGED} Tente de novo em instantes.`,
  unavailable: `O serviço de cotações não respondeu. ${NOTHING_CHANGED} Tente de novo em instantes.`,
  unreadable: `O serviço de cotações respondeu de forma inesperada. ${NOTHING_CHANGED}`,
  missing: (currency: string) => `O serviço de cotações não trouxe uma cotação válida de ${currency}. ${NOTHING_CHANGED}`,
} as const;

type AwesomeQuote = { code?: unknown; codein?: unknown; bid?: unknown; create_date?: unknown; timestamp?: unknown };

const upstream = (message: string) => new AppError('UPSTREAM', { message });

/** AwesomeAPI's create_date is São Paulo time without a zone ('2026-11-23 10:00:00'); Brazil keeps -03:00 all year. */
function quotedAtOf(quote: AwesomeQuote, fetchedAt: Date): Date {
  const local = typeof quote.create_date === 'string' ? /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)$/.exec(quote.create_date) : null;
  const fromDate = local ? new Date(`${local[1]}T${local[2]}-03:00`) : null;
  if (fromDate && !Number.isNaN(fromDate.getTime())) return fromDate;
  const seconds = Number(quote.timestamp);
  if (Number.isInteger(seconds) && seconds > 0) return new Date(seconds * 1000);
  return fetchedAt;
}

/** The bid in reais per unit, rounded to what a rate keeps; null unless a positive number. */
function rateOf(bid: unknown): number | null {
  if (typeof bid !== 'string' && typeof bid !== 'number') return null;
  if (typeof bid === 'string' && !/^\s*\d+(\.\d+)?\s*$/.test(bid)) return null;
  const rate = Number(Number(bid).toFixed(RATE_DECIMALS));
  return Number.isFinite(rate) && rate > 0 && rate <= RATE_MAX ? rate : null;
}

/** Reads an answer of the service: every currency asked for must come with a valid bid in reais. */
export function parseAwesomeAnswer(body: unknown, currencies: readonly string[], fetchedAt: Date): ExchangeQuote[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw upstream(EXCHANGE_RATE_MESSAGES.unreadable);
  const answer = body as Record<string, AwesomeQuote | undefined>;
  return currencies.map((currency) => {
    const quote = Object.hasOwn(answer, `${currency}BRL`) ? answer[`${currency}BRL`] : undefined;
    const rate = quote && typeof quote === 'object' ? rateOf(quote.bid) : null;
    const sameCurrency = quote?.code === undefined || quote.code === currency;
    const inReais = quote?.codein === undefined || quote.codein === 'BRL';
    if (!quote || rate === null || !sameCurrency || !inReais) throw upstream(EXCHANGE_RATE_MESSAGES.missing(currency));
    return { currency, rate, quotedAt: quotedAtOf(quote, fetchedAt) };
  });
}

/** The HTTP adapter: one request for all the currencies, cut off after EXCHANGE_RATE_TIMEOUT_MS. */
export function awesomeApiExchangeRates(config: Pick<Config, 'EXCHANGE_RATE_API_URL' | 'EXCHANGE_RATE_TIMEOUT_MS'>): ExchangeRates {
  return {
    async latest(currencies) {
      if (currencies.length === 0) return [];
      const pairs = currencies.map((c) => `${encodeURIComponent(c)}-BRL`).join(',');
      const url = `${config.EXCHANGE_RATE_API_URL.replace(/\/+$/, '')}/last/${pairs}`;
      let text: string;
      try {
        const res = await fetch(url, {
          signal: AbortSignal.timeout(config.EXCHANGE_RATE_TIMEOUT_MS),
          headers: { accept: 'application/json' },
        });
        text = await res.text();
        if (!res.ok) throw upstream(EXCHANGE_RATE_MESSAGES.unavailable);
      } catch (error) {
        if (error instanceof AppError) throw error;
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw upstream(timedOut ? EXCHANGE_RATE_MESSAGES.timeout : EXCHANGE_RATE_MESSAGES.unavailable);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw upstream(EXCHANGE_RATE_MESSAGES.unreadable);
      }
      return parseAwesomeAnswer(body, currencies, new Date());
    },
  };
}
