import type { Service, StoredService } from '@app/shared';
import type { ServiceRow } from './services.select';

const dateOnly = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export function toServiceDto(s: ServiceRow): StoredService {
  return {
    id: s.id,
    budget_id: s.budgetId,
    proposal_id: s.proposalId,
    // Budgets hold the budget service types only (the write checks them).
    type: s.type as Service['type'],
    title: s.title,
    description: s.description,
    supplier: s.supplier,
    start_date: dateOnly(s.startDate),
    start_time: s.startTime,
    end_date: dateOnly(s.endDate),
    end_time: s.endTime,
    adult_number: s.adultNumber,
    child_number: s.childNumber,
    infant_number: s.infantNumber,
    currency: s.currency,
    adult_cents: s.adultCents,
    child_cents: s.childCents,
    infant_cents: s.infantCents,
    total_cents: s.totalCents,
    taxes_cents: s.taxesCents,
    taxes_basis: s.taxesBasis,
    fee_cents: s.feeCents,
    commission_basis_points: s.commissionBasisPoints,
    quote_rate: s.quoteRate.toNumber(),
    quote_history_id: s.quoteHistoryId,
    quote_source: s.quoteSource,
    details: s.details as Service['details'],
    status: s.status,
    position: s.position,
    sale_cents: s.saleCents,
    cost_cents: s.costCents,
    refund: s.refund
      ? {
          refund_cents: s.refund.refundCents,
          penalty_cents: s.refund.penaltyCents,
          reason: s.refund.reason,
          created_at: s.refund.createdAt.toISOString(),
        }
      : null,
    version: s.version,
  };
}
