import type { CurrencyQuote } from '@app/shared';
import type { QuoteRow } from './currency-quotes.select';

/** `editable`: the caller may type this quote (PUT); `name`: the currency's pt-BR name. */
export function toCurrencyQuote(row: QuoteRow, name: string, editable: boolean): CurrencyQuote {
  return {
    id: row.id,
    currency: row.currency,
    currency_name: name,
    rate: row.rate === null ? null : row.rate.toNumber(),
    source: row.source,
    quoted_at: row.quotedAt?.toISOString() ?? null,
    is_system: row.companyId === null,
    editable,
    history_id: row.history[0]?.id ?? null,
  };
}
