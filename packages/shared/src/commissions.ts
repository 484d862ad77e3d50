// Comissões: what each seller earned in a month (the basis points recorded on each sale, of its
// total) and what the agency has paid them. A month is a calendar month in the agency's zone, by the
// day the sale was closed; undone sales earn nothing. The seller's commission is not a cost field:
// an administrator who may not see costs still pays the sellers (the agency's revenue stays hidden).
import { dateField } from './clients';
import { costField } from './cost-fields';
import { EXPORT_FORMATS } from './finance';
import { paginationInput, paginationSchema, recordIdQuery } from './pagination';
import { z } from './zod';

export const COMMISSION_LIMITS = { note: 500 } as const;

export const COMMISSION_MESSAGES = {
  paid: 'Comissão marcada como paga.',
  nothingDue: 'Não há comissão a pagar a este vendedor neste mês nesta moeda.',
  futureMonth: 'Escolha um mês que já começou.',
} as const;

/** 'YYYY-MM'. */
export const monthField = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Informe o mês como AAAA-MM.');

export const COMMISSION_STATUSES = ['none', 'due', 'paid'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  none: 'Sem comissão',
  due: 'A pagar',
  paid: 'Paga',
};

/** What a seller earned and was paid: `due_cents` is never negative (a sale undone after payment leaves a credit, shown as paid). */
export function commissionStatus(earnedCents: number, paidCents: number): CommissionStatus {
  if (earnedCents === 0 && paidCents === 0) return 'none';
  return earnedCents > paidCents ? 'due' : 'paid';
}

const named = z.object({ id: z.number().int(), name: z.string() });

export const listCommissionsInput = z.object({ month: monthField, seller_id: recordIdQuery().optional(), ...paginationInput });
export type ListCommissionsInput = z.infer<typeof listCommissionsInput>;
export type ListCommissionsQuery = z.input<typeof listCommissionsInput>;

/** One seller's month in one currency (a sale in dollars earns dollars). */
export const commissionSummarySchema = z.object({
  seller: named,
  month: z.string(),
  currency: z.string(),
  sales: z.number().int(),
  sale_cents: z.number().int(),
  /** The agency's revenue on those sales (sale - cost). */
  revenue_cents: costField(z.number().int()),
  earned_cents: z.number().int(),
  paid_cents: z.number().int(),
  due_cents: z.number().int(),
  status: z.enum(COMMISSION_STATUSES),
  /** The last payment's day. */
  paid_on: z.string().nullable(),
});
export type CommissionSummary = z.infer<typeof commissionSummarySchema>;

export const commissionListOutput = z.object({
  commissions: z.array(commissionSummarySchema),
  /** The month's sums by currency, over every seller (not only the page). */
  totals: z.array(
    z.object({ currency: z.string(), earned_cents: z.number().int(), paid_cents: z.number().int(), due_cents: z.number().int() }),
  ),
  pagination: paginationSchema,
});
export type CommissionList = z.infer<typeof commissionListOutput>;

export const commissionStatementInput = z.object({ month: monthField, seller_id: recordIdQuery(), ...paginationInput });
export type CommissionStatementInput = z.infer<typeof commissionStatementInput>;

export const commissionSaleSchema = z.object({
  sale_id: z.number().int(),
  budget_id: z.number().int(),
  budget_title: z.string(),
  client: named,
  sold_on: z.string(),
  currency: z.string(),
  sale_cents: z.number().int(),
  revenue_cents: costField(z.number().int()),
  seller_basis_points: z.number().int(),
  earned_cents: z.number().int(),
});
export type CommissionSale = z.infer<typeof commissionSaleSchema>;

export const commissionPaymentSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  amount_cents: z.number().int(),
  paid_on: z.string(),
  note: z.string().nullable(),
  paid_by: named.nullable(),
});
export type CommissionPayment = z.infer<typeof commissionPaymentSchema>;

/** A seller's month: each sale and what it earned, and each payment. */
export const commissionStatementOutput = z.object({
  seller: named,
  month: z.string(),
  sales: z.array(commissionSaleSchema),
  payments: z.array(commissionPaymentSchema),
  pagination: paginationSchema,
});
export type CommissionStatement = z.infer<typeof commissionStatementOutput>;

/** POST /api/commissions/pay: pays what is due to a seller for a month, in one currency. */
export const payCommissionInput = z
  .object({
    seller_id: recordIdQuery(),
    month: monthField,
    currency: z.string().regex(/^[A-Z]{3}$/),
    paid_on: dateField.optional(),
    note: z.string().trim().max(COMMISSION_LIMITS.note).nullable().optional(),
  })
  .strict();
export type PayCommissionInput = z.input<typeof payCommissionInput>;
export const payCommissionOutput = z.object({ commission: commissionSummarySchema, message: z.string() });

/** GET /api/commissions/export/{format}: every sale of the month with its seller's commission. */
export const exportCommissionsInput = z.object({
  format: z.enum(EXPORT_FORMATS),
  month: monthField,
  seller_id: recordIdQuery().optional(),
});
export type ExportCommissionsInput = z.infer<typeof exportCommissionsInput>;

/** The first day of a month and of the next one (ISO days); the API reads them in the agency's zone. */
export function monthBounds(month: string): { first: string; next: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { first: `${month}-01`, next: `${next}-01` };
}
