import type { Role } from '@app/shared';
import { entitlementsOf, planFeatures } from '../access/entitlements';
import type { AdminPlanRow, PlanRow, SubscriptionRow } from './billing.select';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toSubscriptionDto(row: SubscriptionRow, role: Role, now = new Date()) {
  const ent = entitlementsOf(row, role, now);
  return {
    plan_id: row.planId,
    plan_name: row.plan.name,
    amount_cents: row.plan.amountCents,
    is_free_plan: row.plan.amountCents === 0,
    status: row.status,
    status_plan: row.status,
    features: ent.features,
    current_period_end: iso(ent.current_period_end),
    trial_ends_at: iso(row.trialEndsAt),
    is_valid_for_features: ent.is_valid_for_features,
    days_remaining: ent.days_remaining,
  };
}

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

export function toAdminPlanDto(p: AdminPlanRow) {
  return {
    ...toPlanDto(p),
    stripe_price_id: p.stripePriceId,
    is_public: p.isPublic,
    subscriptions_count: p._count.subscriptions,
    created_at: p.createdAt.toISOString(),
  };
}
