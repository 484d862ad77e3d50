// Closing the sale: PUT /api/budgets/sell/{id}, GET /api/budgets/{id}/sold-info,
// PUT /api/budgets/undo-sell/{id}; /venda-fechada/{id} shows it.
import { dateField } from './clients';
import { contractSchema } from './contracts';
import { costField } from './cost-fields';
import { idParam, recordIdField } from './pagination';
import { reservationSchema } from './reservations';
import { splitEvenly, splitParts } from './splits';
import { versionField } from './versions';
import { voucherSchema } from './vouchers';
import { z } from './zod';

export const SALE_MESSAGES = {
  notSellable: 'Só um orçamento enviado ou aceito pode ser vendido.',
  alreadySold: 'Este orçamento já foi vendido.',
  notSold: 'Este orçamento não está vendido.',
  proposalRequired: 'Escolha a proposta vendida.',
  proposalNotFound: 'Proposta não encontrada neste orçamento.',
  proposalEmpty: 'A proposta não tem serviços ativos para vender.',
  sellerNotFound: 'Vendedor não encontrado: escolha um usuário ativo da agência.',
  paymentMethodNotFound: 'Forma de pagamento não encontrada.',
  planTotal: 'A soma das parcelas deve ser igual ao valor da venda.',
  planNumbers: 'Numere as parcelas de 1 em diante, sem repetir.',
  soldFrozen: 'Orçamento vendido: desfaça a venda para alterá-lo.',
  undoneDelete: 'Este orçamento teve uma venda (desfeita), que fica registrada: cancele-o em vez de excluí-lo.',
  sold: 'Venda fechada!',
  undone: 'Venda desfeita. O atendimento voltou para Em aberto.',
} as const;

export const SALE_LIMITS = { installments: 48, notes: 2000, reason: 500 } as const;

/** One installment of the payment plan, in cents of the budget's currency. */
export const paymentPlanItemSchema = z.object({
  number: z.number().int().min(1).max(SALE_LIMITS.installments),
  due_date: dateField,
  amount_cents: z.number().int().min(0),
});
export type PaymentPlanItem = z.infer<typeof paymentPlanItemSchema>;

/**
 * PUT /api/budgets/sell/{id}. The proposal defaults to the accepted one; the seller to the budget's
 * owner; the payment method (absent, not null) and the installments to what the customer chose when
 * accepting that proposal. The plan is either given whole (`payment_plan`, numbered 1 to n, summing
 * to the sale) or derived from `installments` monthly from `first_due_date` (default today in
 * Brazil; the remainder cents in the first).
 */
export const sellBudgetInput = idParam
  .extend({
    proposal_id: recordIdField().optional(),
    seller_user_id: recordIdField().optional(),
    /** The seller's commission on the sale, in basis points (500 = 5%). */
    commission_basis_points: z.number().int().min(0).max(10_000).default(0),
    /** null: no method recorded. */
    payment_method_id: recordIdField().nullable().optional(),
    installments: z.number().int().min(1).max(SALE_LIMITS.installments).optional(),
    first_due_date: dateField.optional(),
    payment_plan: z.array(paymentPlanItemSchema).min(1).max(SALE_LIMITS.installments).optional(),
    notes: z.string().trim().max(SALE_LIMITS.notes).nullable().optional(),
    ...versionField,
  })
  .strict();
export type SellBudgetInput = z.input<typeof sellBudgetInput>;

/** PUT /api/budgets/undo-sell/{id}: what happens to the sale's reservations and contracts. */
export const undoSellInput = idParam
  .extend({
    reservations: z.enum(['cancel', 'keep']).default('cancel'),
    contracts: z.enum(['cancel', 'keep']).default('cancel'),
    reason: z.string().trim().max(SALE_LIMITS.reason).nullable().optional(),
    ...versionField,
  })
  .strict();
export type UndoSellInput = z.input<typeof undoSellInput>;

/** A service as sold (frozen): its values in the budget's currency and the quote used. */
export const soldServiceSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  supplier_id: z.number().int().nullable(),
  supplier_name: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  currency: z.string(),
  quote_rate: z.number(),
  sale_cents: z.number().int(),
  cost_cents: costField(z.number().int()),
});
export type SoldService = z.infer<typeof soldServiceSchema>;

/** A service of the sold proposal cancelled with a refund before the sale: what the customer still paid for it is in the sale. */
export const soldCanceledServiceSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  /** What the customer still pays (sale − refund), in the budget's currency. */
  sale_cents: z.number().int(),
});

export const saleSchema = z.object({
  id: z.number().int(),
  budget_id: z.number().int(),
  proposal_id: z.number().int().nullable(),
  proposal_title: z.string(),
  seller_user_id: z.number().int(),
  seller_name: z.string(),
  currency: z.string(),
  currency_rate: z.number(),
  sale_cents: z.number().int(),
  cost_cents: costField(z.number().int()),
  commission_basis_points: costField(z.number().int()),
  commission_cents: costField(z.number().int()),
  payment_method_id: z.number().int().nullable(),
  payment_method_name: z.string().nullable(),
  payment_plan: z.array(paymentPlanItemSchema),
  services: z.array(soldServiceSchema),
  /** The proposal's cancelled services: with `services`, their sale_cents add up to `sale_cents`. */
  canceled_services: z.array(soldCanceledServiceSchema),
  notes: z.string().nullable(),
  sold_at: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

/** GET /api/budgets/{id}/sold-info: the sale and everything after it (null sale: not sold). */
export const soldInfoOutput = z.object({
  budget_id: z.number().int(),
  budget_title: z.string(),
  /** The budget's version: what undoing the sale states (`version`). */
  budget_version: z.number().int(),
  status: z.string(),
  client: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  attendance_id: z.number().int(),
  sale: saleSchema.nullable(),
  reservations: z.array(reservationSchema),
  contracts: z.array(contractSchema),
  vouchers: z.array(voucherSchema),
  /** Vouchers whose e-mail to the client is queued and not yet sent (a job sends it; recent mailings only). */
  sending_voucher_ids: z.array(z.number().int()),
  /** Whether this server can send a contract for electronic signature (the d4sign feature still applies). */
  signature_available: z.boolean(),
});
export type SoldInfo = z.infer<typeof soldInfoOutput>;

export const sellBudgetOutput = z.object({ sale: saleSchema, message: z.string() });
export const undoSellOutput = z.object({
  budget_id: z.number().int(),
  status: z.string(),
  canceled_reservations: z.number().int(),
  canceled_contracts: z.number().int(),
  /** The open tasks of the sale's checklist, removed from the board (the done ones stay). */
  canceled_tasks: z.number().int(),
  message: z.string(),
});

/** `months` after an ISO date, on the same day or the month's last when it has fewer ('2027-01-31' + 1 = '2027-02-28'). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The plan of a sale that gives only the installments: `installments` equal parts of `totalCents`,
 * monthly from `firstDueDate`, the cents left over in the first (splits.ts splitEvenly; the API
 * stores it, the sale modal previews it).
 */
export function monthlyPlan(totalCents: number, installments: number, firstDueDate: string): PaymentPlanItem[] {
  return splitParts(splitEvenly(totalCents, installments)).map((amount, i) => ({
    number: i + 1,
    due_date: addMonths(firstDueDate, i),
    amount_cents: amount,
  }));
}
