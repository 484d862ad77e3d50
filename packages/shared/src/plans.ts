// Which plan is free and which one an upgrade goes to (no zod here: the web app imports this
// module directly).
import { SUPPORT_EMAIL } from './constants';

/** A free plan is amount_cents 0, a paid plan above 0. */
export const isFreePlan = (plan: { amount_cents: number }) => plan.amount_cents === 0;

/** The free plan is the one with amount_cents 0. */
export function findFreePlan<P extends { amount_cents: number }>(plans: readonly P[]): P | null {
  return plans.find(isFreePlan) ?? null;
}

/** Upgrading goes to the first available plan with amount_cents above 0. */
export function findPaidPlan<P extends { amount_cents: number }>(plans: readonly P[]): P | null {
  return plans.find((p) => p.amount_cents > 0) ?? null;
}

export const PAID_PLAN_NOT_FOUND = `Plano pago não encontrado. Entre em contato com o suporte: ${SUPPORT_EMAIL}`;
