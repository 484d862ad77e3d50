// Sections 5 and 9: which plan is free and which one an upgrade goes to (no zod here: the web
// app imports this module directly).
import { SUPPORT_EMAIL } from './constants';

/** Section 9: free plan is amount_cents 0, paid plan above 0. */
export const isFreePlan = (plan: { amount_cents: number }) => plan.amount_cents === 0;

/** Section 5: the free plan is the one with amount_cents 0. */
export function findFreePlan<P extends { amount_cents: number }>(plans: readonly P[]): P | null {
  return plans.find(isFreePlan) ?? null;
}

/** Section 5: upgrading goes to the first available plan with amount_cents above 0. */
export function findPaidPlan<P extends { amount_cents: number }>(plans: readonly P[]): P | null {
  return plans.find((p) => p.amount_cents > 0) ?? null;
}

export const PAID_PLAN_NOT_FOUND = `Plano pago não encontrado. Entre em contato com o suporte: ${SUPPORT_EMAIL}`;
