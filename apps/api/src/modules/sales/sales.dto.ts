// A sale as stored (sales row + its frozen snapshot) and as answered (saleSchema).
import type { Prisma } from '@app/db';
import { type PaymentPlanItem, paymentPlanItemSchema, type Sale, soldCanceledServiceSchema, soldServiceSchema, z } from '@app/shared';

/** A sold service as frozen: what saleSchema shows, plus what the supplier's reservation request tells. */
export const frozenServiceSchema = soldServiceSchema.extend({
  description: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  adult_number: z.number().int(),
  child_number: z.number().int(),
  infant_number: z.number().int(),
  /** What the agency pays the supplier, in `supplier_currency` (the service's own, when its pricing reads). */
  supplier_currency: z.string(),
  supplier_cost_cents: z.number().int(),
});
export type FrozenService = z.infer<typeof frozenServiceSchema>;

/**
 * sales.snapshot: the proposal, its active services and the quotes as they were when sold. Everything
 * shown of a sale afterwards is read from here, never from the live (editable again after an undo) rows.
 */
export const saleSnapshotSchema = z.object({
  proposal: z.object({ id: z.number().int(), title: z.string() }),
  currency: z.string(),
  currency_rate: z.number(),
  payment_method_name: z.string().nullable(),
  services: z.array(frozenServiceSchema),
  /** Cancelled with a refund before the sale (what they kept is in the sale); absent from sales frozen before they were kept. */
  canceled_services: z.array(soldCanceledServiceSchema).default([]),
});
export type SaleSnapshot = z.infer<typeof saleSnapshotSchema>;

/** The stored snapshot, or null when the row holds something else (written by hand). */
export function readSnapshot(json: Prisma.JsonValue): SaleSnapshot | null {
  const parsed = saleSnapshotSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

const planSchema = z.array(paymentPlanItemSchema);
function readPlan(json: Prisma.JsonValue): PaymentPlanItem[] {
  const parsed = planSchema.safeParse(json);
  return parsed.success ? parsed.data : [];
}

export const saleSelect = {
  id: true,
  budgetId: true,
  proposalId: true,
  sellerUserId: true,
  seller: { select: { name: true } },
  currency: true,
  currencyRate: true,
  saleCents: true,
  costCents: true,
  commissionBasisPoints: true,
  commissionCents: true,
  paymentMethodId: true,
  paymentMethod: { select: { name: true } },
  paymentPlan: true,
  snapshot: true,
  notes: true,
  soldAt: true,
} satisfies Prisma.SaleSelect;
export type SaleRow = Prisma.SaleGetPayload<{ select: typeof saleSelect }>;

/** The services as saleSchema shows them (the extra frozen fields left out). */
const soldServices = (snapshot: SaleSnapshot | null) =>
  (snapshot?.services ?? []).map((s) => ({
    id: s.id,
    type: s.type,
    title: s.title,
    supplier_id: s.supplier_id,
    supplier_name: s.supplier_name,
    start_date: s.start_date,
    end_date: s.end_date,
    currency: s.currency,
    quote_rate: s.quote_rate,
    sale_cents: s.sale_cents,
    cost_cents: s.cost_cents,
  }));

export function toSaleDto(row: SaleRow): Sale {
  const snapshot = readSnapshot(row.snapshot);
  return {
    id: row.id,
    budget_id: row.budgetId,
    proposal_id: row.proposalId,
    proposal_title: snapshot?.proposal.title ?? '',
    seller_user_id: row.sellerUserId,
    seller_name: row.seller.name,
    currency: row.currency,
    currency_rate: row.currencyRate.toNumber(),
    sale_cents: row.saleCents,
    cost_cents: row.costCents,
    commission_basis_points: row.commissionBasisPoints,
    commission_cents: row.commissionCents,
    payment_method_id: row.paymentMethodId,
    // The name it had when sold; a method renamed since keeps the sale's wording.
    payment_method_name: snapshot ? snapshot.payment_method_name : (row.paymentMethod?.name ?? null),
    payment_plan: readPlan(row.paymentPlan),
    services: soldServices(snapshot),
    canceled_services: snapshot?.canceled_services ?? [],
    notes: row.notes,
    sold_at: row.soldAt.toISOString(),
  };
}
