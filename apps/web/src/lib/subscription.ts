// The plan rules read from the current subscription reply (GET /api/subscription/current), with
// the stored status standing in until one has loaded.
import type { CurrentSubscription } from '@app/shared/billing';
import { isRestricted, isRestrictedStatus, isTrialExpired } from '@app/shared/plan-status';
import { storedPlanStatus } from './session';

type PlanStatus = { status: string | null; days: number | null };

/** The plan status and days remaining now: the loaded subscription's, else the stored ones. */
export function planStatusOf(current: CurrentSubscription | undefined, stored: PlanStatus = storedPlanStatus()): PlanStatus {
  const subscription = current?.subscription;
  return subscription ? { status: subscription.status_plan, days: subscription.days_remaining } : stored;
}

/**
 * Is the account restricted? The restriction rule on the loaded subscription (`current`, the
 * reply; its subscription may be null); before one has loaded, the stored status (a restricted
 * status, or a trial with 0 days left).
 */
export function accountRestricted(current: CurrentSubscription | undefined, stored: PlanStatus = storedPlanStatus()): boolean {
  if (current) return isRestricted(current.subscription);
  return isRestrictedStatus(stored.status) || isTrialExpired(stored.status, stored.days);
}
