// Section 2, plan rules of navigation: before each navigation while signed in the subscription
// info is refetched (when the path changed), then the restriction gate, the trial end gate and
// the trial-ending-soon warning run. A 402 reply (a restricted plan) opens the same modals.
import { isTrialEndingSoon, isTrialExpired, restrictionMessage, TRIAL_END_TEXT, trialEndingSoonMessage } from '@app/shared/plan-status';
import { replace } from 'react-router';
import { profileLoaded } from './auth-actions';
import { featuresStore, isSystemCompany } from './features';
import type { RouteMeta } from './guards';
import { getRouter } from './navigation';
import { notify } from './notification';
import { canSeeStatusModal, canSeeUpgradeModal, openStatusModal, openUpgradeModal } from './plan-modals';
import { currentRole, isLoggedIn, sessionStore } from './session';
import { accountRestricted, planStatusNow, refreshSubscription, subscriptionStore } from './subscription';
import { toastWarning } from './toast';

/** Always reachable by its owner, even restricted or with the trial over. */
export const YOUR_PLAN_PATH = '/seu-plano';

/**
 * Opens the modal the signed-in user may see: the upgrade modal (owner) with `feature`, or the
 * subscription-status modal (administrador, colaborador) while the plan is restricted. Nothing
 * for a super_admin or the system company. Returns whether one opened.
 */
export function promptPlan(feature: string): boolean {
  const role = currentRole();
  if (isSystemCompany(featuresStore.get(), role)) return false;
  const { status, days } = planStatusNow();
  if (canSeeUpgradeModal(role)) {
    openUpgradeModal({ status, daysRemaining: days, feature });
    return true;
  }
  if (canSeeStatusModal(role) && accountRestricted()) {
    openStatusModal(feature);
    return true;
  }
  return false;
}

/** The location shown now, when it is a signed-in screen a cancelled navigation can stay on. */
function stayablePath(): string | null {
  const router = getRouter();
  if (!router?.state.initialized) return null;
  const leaf = router.state.matches.at(-1)?.route.handle as RouteMeta | undefined;
  if (!leaf?.requiresAuth) return null;
  const { pathname, search, hash } = router.state.location;
  return pathname + search + hash;
}

/**
 * Cancels the navigation: back to the screen shown. With none to stay on (first load, right
 * after login) the target opens behind the modal, which the server's 402s keep honest.
 */
function cancelNavigation(target: URL): void {
  const stay = stayablePath();
  if (stay && stay !== target.pathname + target.search + target.hash) throw replace(stay);
}

export async function planGate(request: Request, meta: RouteMeta): Promise<void> {
  if (!isLoggedIn()) return;
  const target = new URL(request.url);
  const router = getRouter();
  const pathChanged = !router?.state.initialized || router.state.location.pathname !== target.pathname;
  if (pathChanged || !subscriptionStore.get().subscription) await refreshSubscription();
  if (!isLoggedIn() || target.pathname === YOUR_PLAN_PATH) return;
  if (!sessionStore.get().user) await profileLoaded();

  const { status, days } = planStatusNow();
  // Restriction gate (protected routes), then the trial end gate.
  if (meta.requiresAuth && accountRestricted()) {
    if (promptPlan(restrictionMessage(status, days))) cancelNavigation(target);
    return;
  }
  if (isTrialExpired(status, days)) {
    if (promptPlan(TRIAL_END_TEXT)) cancelNavigation(target);
    return;
  }
  const role = currentRole();
  if (pathChanged && isTrialEndingSoon(status, days) && canSeeUpgradeModal(role) && !isSystemCompany(featuresStore.get(), role)) {
    toastWarning(trialEndingSoonMessage(days as number), 'trial-ending-soon');
  }
}

/**
 * A 402 reply (PLAN_RESTRICTED): never a logout. The subscription is refetched and the modal of
 * the user's role opens with the reply's message; with no modal to show, the bar says it.
 */
export async function onPlanRestricted(status: number, message: string): Promise<void> {
  await refreshSubscription();
  if (!isLoggedIn()) return;
  if (!promptPlan(message)) notify(status, message);
}
