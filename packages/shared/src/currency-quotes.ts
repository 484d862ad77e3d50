// currency_quotes_params: what one unit of a foreign currency costs in reais, the contracts of
// /api/currency_quotes_params. An agency with the cambio_sistema feature uses the system's automatic
// quotes (read from the exchange-rate service); any other keeps its own by hand.
import { CurrencyQuoteSource } from '@app/db/browser';
import { idParam, paginationInput, paginationSchema, searchInput } from './pagination';
import { z } from './zod';

/** The currencies a Brazilian agency quotes, in the order the screen lists them. */
export const TRACKED_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'ARS',
  'CLP',
  'UYU',
  'COP',
  'PEN',
  'MXN',
  'CAD',
  'AUD',
  'CHF',
  'JPY',
  'CNY',
] as const;
export type TrackedCurrency = (typeof TRACKED_CURRENCIES)[number];

export type { CurrencyQuoteSource };
export const CURRENCY_QUOTE_SOURCES: readonly CurrencyQuoteSource[] = Object.values(CurrencyQuoteSource);
export const CURRENCY_QUOTE_SOURCE_LABELS: Record<CurrencyQuoteSource, string> = { automatic: 'Automática', manual: 'Manual' };

/** A rate is reais per unit with up to 6 decimals (the CLP and JPY quotes need them). */
export const RATE_DECIMALS = 6;
/** Below what the column holds (numeric(14, 6)). */
export const RATE_MAX = 99_999_999;

export const CURRENCY_QUOTE_MESSAGES = {
  decimals: `deve ter no máximo ${RATE_DECIMALS} casas decimais`,
  notIncluded: 'Este recurso não está incluído no plano da sua agência.',
} as const;

/** Whether `rate` is written with at most RATE_DECIMALS decimals. */
export const hasRateDecimals = (rate: number) => Number(rate.toFixed(RATE_DECIMALS)) === rate;

const rateFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: RATE_DECIMALS });

/** 'R$ 5,3412' (null: '—', not quoted yet). */
export function formatRate(rate: number | null | undefined): string {
  return rate == null ? '—' : `R$ ${rateFormat.format(rate)}`;
}

export const rateField = z.number().positive().max(RATE_MAX).refine(hasRateDecimals, { message: CURRENCY_QUOTE_MESSAGES.decimals });

export const listCurrencyQuotesInput = z.object({
  /** The currency's code or pt-BR name, blind to accents and case. */
  search: searchInput,
  ...paginationInput,
});
export type ListCurrencyQuotesInput = z.infer<typeof listCurrencyQuotesInput>;

/** PUT /api/currency_quotes_params/{id}: a quote typed by hand. */
export const updateCurrencyQuoteInput = idParam
  .extend({ rate: rateField.describe('Reais por unidade da moeda, até 6 casas decimais') })
  .strict();
export type UpdateCurrencyQuoteInput = z.infer<typeof updateCurrencyQuoteInput>;

/** PATCH /api/currency_quotes_params/update_quotes takes nothing. */
export const updateQuotesInput = z.object({}).strict();

export const currencyQuoteSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  currency_name: z.string(),
  /** Reais per unit; null until first quoted. */
  rate: z.number().nullable(),
  source: z.enum(CURRENCY_QUOTE_SOURCES).nullable(),
  quoted_at: z.string().nullable(),
  /** The system's automatic quote (shared by every agency with cambio_sistema), not the agency's own. */
  is_system: z.boolean(),
  /** Whether the user may type this quote (PUT). */
  editable: z.boolean(),
  /** The history row of the current value: what a budget stores as the quote it used. */
  history_id: z.number().int().nullable(),
});
export type CurrencyQuote = z.infer<typeof currencyQuoteSchema>;

export const currencyQuoteListOutput = z.object({
  items: z.array(currencyQuoteSchema),
  pagination: paginationSchema,
  /** The agency uses the system's automatic quotes (cambio_sistema), which update_quotes refreshes. */
  automatic: z.boolean(),
});

export const updateQuotesOutput = z.object({ items: z.array(currencyQuoteSchema) });
