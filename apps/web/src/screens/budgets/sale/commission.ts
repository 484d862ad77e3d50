// The seller's commission against what the agency earns on the proposal sold: the sale dialog
// shows both and warns (never blocks) when the commission takes more than the agency's revenue.
import { basisPointsOf } from '@app/shared/budget-totals';

export type CommissionCheck = {
  /** The commission on the sale total, rounded as the API stores it. */
  commission_cents: number;
  /** Sale minus cost; null when the cost is not known to the viewer. */
  revenue_cents: number | null;
  /** What the agency keeps after the commission (negative when it pays out more than it earns). */
  remaining_cents: number | null;
  exceedsRevenue: boolean;
};

export function commissionCheck(
  totals: { sale_cents: number; cost_cents?: number | null },
  commissionBasisPoints: number,
): CommissionCheck {
  const commission = basisPointsOf(totals.sale_cents, commissionBasisPoints);
  const revenue = typeof totals.cost_cents === 'number' ? totals.sale_cents - totals.cost_cents : null;
  return {
    commission_cents: commission,
    revenue_cents: revenue,
    remaining_cents: revenue === null ? null : revenue - commission,
    exceedsRevenue: revenue !== null && commission > revenue,
  };
}
