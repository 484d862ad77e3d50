import type { Db, Prisma } from '@app/db';
import { planFeatures } from './entitlements';

export const planSelect = { id: true, name: true, amountCents: true, features: true, trialDays: true } satisfies Prisma.PlanSelect;
type PlanRow = Prisma.PlanGetPayload<{ select: typeof planSelect }>;

export function toPlanDto(p: PlanRow) {
  return {
    id: p.id,
    name: p.name,
    amount_cents: p.amountCents,
    features: planFeatures(p.features),
    trial_days: p.trialDays,
    is_free_plan: p.amountCents === 0,
  };
}

/** GET /api/plans: the public catalogue, cheapest first (section 5 picks the first paid one). */
export async function listPublicPlans(db: Db) {
  const plans = await db.plan.findMany({ where: { isPublic: true }, select: planSelect, orderBy: [{ amountCents: 'asc' }, { id: 'asc' }] });
  return { plans: plans.map(toPlanDto) };
}
