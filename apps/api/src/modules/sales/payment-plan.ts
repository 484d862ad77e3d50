// A payment plan typed whole by the agent (the derived one is monthlyPlan in packages/shared).
import { type PaymentPlanItem, SALE_MESSAGES } from '@app/shared';
import { fieldError } from '../../errors';

/** A plan typed whole: numbered 1 to n (in any order, sorted here) and adding up to the sale (400 on `payment_plan`). */
export function checkedPlan(plan: PaymentPlanItem[], totalCents: number): PaymentPlanItem[] {
  const sorted = [...plan].sort((a, b) => a.number - b.number);
  if (sorted.some((item, i) => item.number !== i + 1)) throw fieldError('payment_plan', SALE_MESSAGES.planNumbers);
  if (sorted.reduce((sum, item) => sum + item.amount_cents, 0) !== totalCents) throw fieldError('payment_plan', SALE_MESSAGES.planTotal);
  return sorted;
}
