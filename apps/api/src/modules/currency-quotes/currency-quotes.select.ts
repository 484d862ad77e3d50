import type { Prisma } from '@app/db';

/** A quote as every answer carries it, with the history row of its current value. */
export const quoteSelect = {
  id: true,
  companyId: true,
  currency: true,
  rate: true,
  source: true,
  quotedAt: true,
  // The current value is the latest quoted one (a refresh never writes an older quote over a newer one).
  history: { select: { id: true }, orderBy: [{ quotedAt: 'desc' }, { id: 'desc' }], take: 1 },
} satisfies Prisma.CurrencyQuoteSelect;

export type QuoteRow = Prisma.CurrencyQuoteGetPayload<{ select: typeof quoteSelect }>;
