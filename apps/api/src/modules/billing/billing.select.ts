import type { Prisma } from '@app/db';
import { entitlementSelect } from '../access/entitlements';

export const subscriptionSelect = {
  ...entitlementSelect,
  planId: true,
  plan: { select: { name: true, amountCents: true, features: true } },
} satisfies Prisma.SubscriptionSelect;
export type SubscriptionRow = Prisma.SubscriptionGetPayload<{ select: typeof subscriptionSelect }>;

export const planSelect = { id: true, name: true, amountCents: true, features: true, trialDays: true } satisfies Prisma.PlanSelect;
export type PlanRow = Prisma.PlanGetPayload<{ select: typeof planSelect }>;

/** The catalogue as support staff see it: price id, visibility and how many agencies use each plan. */
export const adminPlanSelect = {
  ...planSelect,
  stripePriceId: true,
  isPublic: true,
  createdAt: true,
  _count: { select: { subscriptions: true } },
} satisfies Prisma.PlanSelect;
export type AdminPlanRow = Prisma.PlanGetPayload<{ select: typeof adminPlanSelect }>;
