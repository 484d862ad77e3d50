// A stored service's totals in its own currency (what the supplier is paid, what a refund gives
// back at most), from its row as Prisma reads it.
import type { Prisma } from '@app/db';
import { type BudgetServiceType, servicePricing, serviceTotals } from '@app/shared';

type PricedService = Pick<
  Prisma.ServiceGetPayload<object>,
  | 'type'
  | 'currency'
  | 'adultNumber'
  | 'childNumber'
  | 'infantNumber'
  | 'adultCents'
  | 'childCents'
  | 'infantCents'
  | 'totalCents'
  | 'taxesCents'
  | 'taxesBasis'
  | 'feeCents'
  | 'commissionBasisPoints'
  | 'details'
>;

export function ownCurrencyTotals(s: PricedService) {
  return serviceTotals(
    {
      currency: s.currency,
      adult_number: s.adultNumber,
      child_number: s.childNumber,
      infant_number: s.infantNumber,
      pricing: servicePricing({
        type: s.type as BudgetServiceType,
        adult_cents: s.adultCents,
        child_cents: s.childCents,
        infant_cents: s.infantCents,
        total_cents: s.totalCents,
        details: s.details,
      }),
      taxes_cents: s.taxesCents,
      taxes_basis: s.taxesBasis,
      fee_cents: s.feeCents,
      commission_basis_points: s.commissionBasisPoints,
    },
    s.currency,
    {},
  );
}
