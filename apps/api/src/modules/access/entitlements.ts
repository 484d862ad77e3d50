// What a company's plan allows now: status, days remaining, validity and features.
import type { Db, Prisma } from '@app/db';
import {
  FEATURE_KEYS,
  type FeatureMap,
  NO_FEATURES,
  type PlanStatus,
  type Role,
  SUPER_ADMIN_FEATURES,
  subscriptionState,
} from '@app/shared';

export type Entitlements = {
  status_plan: PlanStatus | null;
  days_remaining: number;
  is_valid_for_features: boolean;
  /** The end of the time already granted (the trial end while trialing). */
  current_period_end: Date | null;
  features: FeatureMap;
};

/** Reads a plan's stored features map, keeping only the known keys (FEATURE_KEYS). */
export function planFeatures(stored: unknown): FeatureMap {
  const source = (stored ?? {}) as Record<string, unknown>;
  return Object.fromEntries(FEATURE_KEYS.map((k) => [k, source[k] === true])) as FeatureMap;
}

export const entitlementSelect = {
  status: true,
  currentPeriodEnd: true,
  trialEndsAt: true,
  plan: { select: { features: true } },
} satisfies Prisma.SubscriptionSelect;
export type EntitlementRow = Prisma.SubscriptionGetPayload<{ select: typeof entitlementSelect }>;

/**
 * The one place plan status, days remaining, validity and features are computed. A super_admin
 * always gets the fixed set (custom_subdomain and super_admin only) and is never restricted; a
 * company without a subscription is restricted and gets no feature.
 */
export function entitlementsOf(sub: EntitlementRow | null, role: Role, now = new Date()): Entitlements {
  const superAdmin = role === 'super_admin';
  if (!sub) {
    return {
      status_plan: null,
      days_remaining: 0,
      is_valid_for_features: superAdmin,
      current_period_end: null,
      features: superAdmin ? SUPER_ADMIN_FEATURES : NO_FEATURES,
    };
  }
  const state = subscriptionState(sub, now);
  const valid = superAdmin || state.is_valid_for_features;
  return {
    status_plan: sub.status,
    days_remaining: state.days_remaining,
    is_valid_for_features: valid,
    current_period_end: state.current_period_end,
    features: superAdmin ? SUPER_ADMIN_FEATURES : valid ? planFeatures(sub.plan.features) : NO_FEATURES,
  };
}

/** What a company may use right now, from its current subscription (never from an old token). */
export async function companyEntitlements(db: Db, companyId: number, role: Role, now = new Date()): Promise<Entitlements> {
  const sub = await db.subscription.findUnique({ where: { companyId }, select: entitlementSelect });
  return entitlementsOf(sub, role, now);
}
