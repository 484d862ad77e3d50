// Contas a receber and contas a pagar: what customers still owe the agency (each installment of a
// sale's payment plan) and what the agency owes its suppliers (each reservation with a supplier and a
// payment due date). `overdue` is never stored: an open one due before today in the agency's zone.
import { dateField } from './clients';
import { currencyQuery, paginationInput, paginationSchema, recordIdQuery, searchInput } from './pagination';
import { PAYMENT_METHOD_KINDS } from './payment-methods';
import { dayRangeIssues, reportIssues, z } from './zod';

export const FINANCE_LIMITS = { note: 500 } as const;

export const RECEIVABLE_STATUSES = ['open', 'overdue', 'received', 'canceled'] as const;
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];
export const RECEIVABLE_STATUS_LABELS: Record<ReceivableStatus, string> = {
  open: 'Em aberto',
  overdue: 'Atrasada',
  received: 'Recebida',
  canceled: 'Cancelada',
};

export const PAYABLE_STATUSES = ['open', 'overdue', 'paid', 'canceled'] as const;
export type PayableStatus = (typeof PAYABLE_STATUSES)[number];
export const PAYABLE_STATUS_LABELS: Record<PayableStatus, string> = {
  open: 'Em aberto',
  overdue: 'Atrasada',
  paid: 'Paga',
  canceled: 'Cancelada',
};

export const FINANCE_MESSAGES = {
  received: 'Recebimento registrado.',
  paid: 'Pagamento registrado.',
  receivableClosed: 'Esta parcela não está em aberto: já foi recebida ou cancelada.',
  payableClosed: 'Esta conta não está em aberto: já foi paga ou a reserva foi cancelada.',
  amountOverOpen: 'O valor passa do que falta receber desta parcela.',
} as const;

/** The filters both lists share; the period is over due dates, and "recebido/pago no período" over payment days. */
const listFilters = {
  /** Client (receivables) or supplier (payables) name, and the budget's title; blind to case. */
  search: searchInput,
  from: dateField.optional(),
  to: dateField.optional(),
  budget_id: recordIdQuery().optional(),
  /** One sale's installments or reservations. */
  sale_id: recordIdQuery().optional(),
  /** Installments (receivables) or reservations (payables) in this currency, a 3-letter code. */
  currency: currencyQuery.optional(),
  /** Of the sales this agent made (the dashboard's agent). */
  seller_user_id: recordIdQuery().optional(),
};

/** Receivables with a payment on these days: the dashboard's "recebido", which counts payments, not due dates. */
const receivedFilters = { received_from: dateField.optional(), received_to: dateField.optional() };
const ranges = reportIssues(dayRangeIssues(['from', 'to'], ['received_from', 'received_to']));

export const listReceivablesInput = z
  .object({ ...listFilters, ...receivedFilters, status: z.enum(RECEIVABLE_STATUSES).optional(), ...paginationInput })
  .superRefine(ranges);
export type ListReceivablesInput = z.infer<typeof listReceivablesInput>;
export type ListReceivablesQuery = z.input<typeof listReceivablesInput>;

export const listPayablesInput = z
  .object({ ...listFilters, status: z.enum(PAYABLE_STATUSES).optional(), ...paginationInput })
  .superRefine(ranges);
export type ListPayablesInput = z.infer<typeof listPayablesInput>;
export type ListPayablesQuery = z.input<typeof listPayablesInput>;

/** GET /api/receivables/export/{format} and /api/payables/export/{format}: a list's filters, every matching row. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const exportFormat = { format: z.enum(EXPORT_FORMATS) };
export const exportReceivablesInput = z
  .object({ ...exportFormat, ...listFilters, ...receivedFilters, status: z.enum(RECEIVABLE_STATUSES).optional() })
  .superRefine(ranges);
export type ExportReceivablesInput = z.infer<typeof exportReceivablesInput>;
export const exportPayablesInput = z
  .object({ ...exportFormat, ...listFilters, status: z.enum(PAYABLE_STATUSES).optional() })
  .superRefine(ranges);
export type ExportPayablesInput = z.infer<typeof exportPayablesInput>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const receivablePaymentSchema = z.object({
  id: z.number().int(),
  received_on: z.string(),
  amount_cents: z.number().int(),
  method: z.enum(PAYMENT_METHOD_KINDS),
  note: z.string().nullable(),
});

export const receivableSchema = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  budget_id: z.number().int(),
  budget_title: z.string(),
  client: named,
  number: z.number().int(),
  /** How many installments the sale's plan has. */
  installments: z.number().int(),
  due_date: z.string(),
  currency: z.string(),
  amount_cents: z.number().int(),
  received_cents: z.number().int(),
  /** amount_cents - received_cents; 0 once received or canceled. */
  open_cents: z.number().int(),
  status: z.enum(RECEIVABLE_STATUSES),
  /** The sale's payment method (its name as sold). */
  payment_method: z.object({ id: z.number().int().nullable(), name: z.string(), kind: z.enum(PAYMENT_METHOD_KINDS).nullable() }).nullable(),
  /** A Pix installment still open: the BR Code ("copia e cola") of exactly what is left, in reais. */
  pix: z.object({ amount_cents: z.number().int(), br_code: z.string() }).nullable(),
  received_on: z.string().nullable(),
  payments: z.array(receivablePaymentSchema),
});
export type Receivable = z.infer<typeof receivableSchema>;

/** Sums by currency (a sale in dollars owes dollars): open, of which overdue, and received in the period. */
export const receivableTotalsSchema = z.object({
  currency: z.string(),
  open_cents: z.number().int(),
  overdue_cents: z.number().int(),
  received_cents: z.number().int(),
});
export const receivableListOutput = z.object({
  receivables: z.array(receivableSchema),
  totals: z.array(receivableTotalsSchema),
  pagination: paginationSchema,
});
export type ReceivableList = z.infer<typeof receivableListOutput>;

/** POST /api/receivables/{id}/receive: an amount received (all that is open by default); less leaves the rest open. */
export const receiveInput = z
  .object({
    id: recordIdQuery(),
    received_on: dateField.optional(),
    amount_cents: z.number().int().positive().max(2_000_000_000).optional(),
    method: z.enum(PAYMENT_METHOD_KINDS),
    note: z.string().trim().max(FINANCE_LIMITS.note).nullable().optional(),
  })
  .strict();
export type ReceiveInput = z.input<typeof receiveInput>;
export const receiveOutput = z.object({ receivable: receivableSchema, message: z.string() });

export const payableSchema = z.object({
  /** The reservation's id: a payable is a reservation's debt to its supplier. */
  id: z.number().int(),
  budget_id: z.number().int(),
  budget_title: z.string(),
  client: named,
  supplier: named,
  service_title: z.string().nullable(),
  locator: z.string().nullable(),
  due_date: z.string(),
  currency: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(PAYABLE_STATUSES),
  paid_on: z.string().nullable(),
  paid_method: z.enum(PAYMENT_METHOD_KINDS).nullable(),
  paid_note: z.string().nullable(),
});
export type Payable = z.infer<typeof payableSchema>;

export const payableTotalsSchema = z.object({
  currency: z.string(),
  open_cents: z.number().int(),
  overdue_cents: z.number().int(),
  paid_cents: z.number().int(),
});
export const payableListOutput = z.object({
  payables: z.array(payableSchema),
  totals: z.array(payableTotalsSchema),
  pagination: paginationSchema,
});
export type PayableList = z.infer<typeof payableListOutput>;

/** POST /api/payables/{id}/pay: the supplier was paid in full, that day, that way. */
export const payInput = z
  .object({
    id: recordIdQuery(),
    paid_on: dateField.optional(),
    method: z.enum(PAYMENT_METHOD_KINDS),
    note: z.string().trim().max(FINANCE_LIMITS.note).nullable().optional(),
  })
  .strict();
export type PayInput = z.input<typeof payInput>;
export const payOutput = z.object({ payable: payableSchema, message: z.string() });
