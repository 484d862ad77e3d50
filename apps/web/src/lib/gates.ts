// The navigation rules, run as the loader of every screen before it renders. Session guards: a
// token in the address becomes the session's, a session handed over from another host, the host
// redirects (hosts.ts), signed-in and signed-out routes, owner-only and super_admin-only routes. Plan gates: while signed in, the subscription info is fetched again when the path
// changed, then the restriction gate, the trial end gate and the trial-ending-soon warning. A
// 402 reply (a restricted plan) opens the same plan modals.
import { PAGE_NOT_FOUND_MESSAGE, STATUS_MESSAGES } from '@app/shared/errors';
import { HANDOFF_PATH } from '@app/shared/hosts';
import { isTrialEndingSoon, isTrialExpired, restrictionMessage, TRIAL_END_TEXT, trialEndingSoonMessage } from '@app/shared/plan-status';
import { type LoaderFunctionArgs, replace } from 'react-router';
import { adoptSession } from './auth-actions';
import { isSystemCompany } from './features';
import { handOver, hostToLeaveFor, leaveFor, receiveHandoff } from './hosts';
import { getRouter } from './navigation';
import { notify } from './notification';
import { canSeeStatusModal, canSeeUpgradeModal, openStatusModal, openUpgradeModal, planModalsStore, YOUR_PLAN_PATH } from './plan-modals';
import { getToken } from './session';
import { featuresNow, loadProfile, profileQuery, refreshSubscription, subscriptionQuery } from './session-queries';
import { accountRestricted, planStatusOf } from './subscription';
import { toastWarning } from './toast';
import type { AppData } from './trpc';

export type Access = 'auth' | 'unauth' | 'public';

/** Starts a screen's first queries (prefetchQuery) for the address it opens at. */
export type ScreenPrefetch = (data: AppData, target: URL) => void;

/** Route meta: access flags and the screen's title (document.title = `${title} | Agência CRM`). */
export type RouteMeta = {
  title: string;
  requiresAuth?: boolean;
  requiresUnauth?: boolean;
  requiresOwner?: boolean;
  /** The system company's screens (agencies, plans, queues). */
  requiresSuperAdmin?: boolean;
  /** The screen's first queries, started beside the session's instead of after them. */
  prefetch?: ScreenPrefetch;
};

export type RoleOptions = { requiresOwner?: boolean; requiresSuperAdmin?: boolean };
export type ScreenOptions = RoleOptions & { prefetch?: ScreenPrefetch };

export function metaFor(title: string, access: Access, opts: ScreenOptions = {}): RouteMeta {
  return {
    title,
    ...(access === 'auth' ? { requiresAuth: true } : {}),
    ...(access === 'unauth' ? { requiresUnauth: true } : {}),
    ...(opts.requiresOwner ? { requiresOwner: true } : {}),
    ...(opts.requiresSuperAdmin ? { requiresSuperAdmin: true } : {}),
    ...(opts.prefetch ? { prefetch: opts.prefetch } : {}),
  };
}

const currentRole = ({ queryClient, trpc }: AppData) => queryClient.getQueryData(profileQuery(trpc).queryKey)?.user.role;
const currentSubscription = ({ queryClient, trpc }: AppData) => queryClient.getQueryData(subscriptionQuery(trpc).queryKey);

/**
 * Whether a screen's queries may go out before the session's replies are in: only when what is
 * known already (the profile held, the subscription held or stored) lets the screen open, so a
 * role or plan the gates turn away never asks for its data (nor meets the server's 403 or 402).
 */
function mayPrefetch(data: AppData, meta: RouteMeta): boolean {
  const role = currentRole(data);
  if ((meta.requiresOwner && role !== 'owner') || (meta.requiresSuperAdmin && role !== 'super_admin')) return false;
  const current = currentSubscription(data);
  const { status, days } = planStatusOf(current);
  return !accountRestricted(current) && !isTrialExpired(status, days);
}

/**
 * Opens the modal the signed-in user may see: the upgrade modal (owner) with `feature`, or the
 * subscription-status modal (administrador, colaborador) while the plan is restricted. Nothing
 * for a super_admin or the system company. Returns whether one opened.
 */
export async function promptPlan(data: AppData, feature: string): Promise<boolean> {
  const role = currentRole(data);
  if (isSystemCompany(await featuresNow(data), role)) return false;
  const current = currentSubscription(data);
  if (canSeeUpgradeModal(role)) {
    const { status, days } = planStatusOf(current);
    openUpgradeModal({ status, daysRemaining: days, feature });
    return true;
  }
  if (canSeeStatusModal(role) && accountRestricted(current)) {
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

async function planGate(data: AppData, target: URL, meta: RouteMeta, pathChanged: boolean): Promise<void> {
  if (target.pathname === YOUR_PLAN_PATH) return;
  const current = currentSubscription(data);
  const { status, days } = planStatusOf(current);
  // Restriction gate (protected routes), then the trial end gate.
  if (meta.requiresAuth && accountRestricted(current)) {
    if (await promptPlan(data, restrictionMessage(status, days))) cancelNavigation(target);
    return;
  }
  if (isTrialExpired(status, days)) {
    if (await promptPlan(data, TRIAL_END_TEXT)) cancelNavigation(target);
    return;
  }
  const role = currentRole(data);
  if (pathChanged && isTrialEndingSoon(status, days) && canSeeUpgradeModal(role) && !isSystemCompany(await featuresNow(data), role)) {
    toastWarning(trialEndingSoonMessage(days as number), 'trial-ending-soon');
  }
}

export function guardLoader(meta: RouteMeta, data: AppData) {
  return async ({ request }: LoaderFunctionArgs) => {
    const target = new URL(request.url);
    // A token handed over in the address becomes the access token and leaves the address.
    const handedOver = target.searchParams.get('token');
    if (handedOver) {
      adoptSession(data.queryClient, handedOver);
      target.searchParams.delete('token');
      throw replace(target.pathname + target.search + target.hash);
    }
    // A session handed over from another host of the app.
    if (target.pathname === HANDOFF_PATH) return receiveHandoff(data);

    // Host redirects (production): signed out on an agency's subdomain, to the main host, whose
    // /login is where a signed-in screen leads.
    if (!getToken()) {
      const mainHost = hostToLeaveFor(null);
      if (mainHost) return leaveFor(mainHost + (meta.requiresAuth ? '/login' : target.pathname + target.search));
    }
    if (meta.requiresAuth && !getToken()) throw replace('/login');
    if (meta.requiresUnauth && getToken()) throw replace('/');
    if (!getToken()) return null;

    // The profile (once per session) and, when the path changed or none is held, the
    // subscription info, side by side.
    const router = getRouter();
    const pathChanged = !router?.state.initialized || router.state.location.pathname !== target.pathname;
    const session = Promise.all([
      loadProfile(data),
      pathChanged || !currentSubscription(data)?.subscription ? refreshSubscription(data) : null,
    ]);
    // The screen's first queries go out now, beside the session's (and the screen's code, which
    // the router loads meanwhile), not once the gates below have passed.
    if (meta.prefetch && mayPrefetch(data, meta)) meta.prefetch(data, target);
    const [profile] = await session;
    // A 401/403 reply meanwhile ended the session.
    if (!getToken()) {
      if (meta.requiresAuth) throw replace('/login');
      return null;
    }
    // Signed in: served on the agency's subdomain (custom_subdomain) or the main host.
    if (profile && hostToLeaveFor({ subdomain: profile.subdomain, customSubdomain: profile.features.custom_subdomain })) {
      await handOver(data, target.pathname + target.search);
    }
    const role = profile?.user.role;
    if ((meta.requiresOwner && role !== 'owner') || (meta.requiresSuperAdmin && role !== 'super_admin')) {
      // Not a server reply: the session stays.
      notify(403, STATUS_MESSAGES[403]);
      throw replace('/');
    }
    await planGate(data, target, meta, pathChanged);
    return null;
  };
}

/** A path matching no route: 'Página não encontrada' (404) and back to the previous path. */
export function notFoundLoader() {
  const router = getRouter();
  const previous = router?.state.initialized ? router.state.location : null;
  notify(404, PAGE_NOT_FOUND_MESSAGE);
  if (!previous) throw replace('/');
  throw replace(previous.pathname + previous.search + previous.hash);
}

/**
 * A 402 reply (PLAN_RESTRICTED): never a logout. The subscription is fetched again and the modal
 * of the user's role opens with the reply's message; with no modal to show, the bar says it.
 */
export async function onPlanRestricted(data: AppData, status: number, message: string): Promise<void> {
  // A plan modal on screen already says it: the other calls of a restricted screen add nothing.
  const { upgradeOpen, statusOpen } = planModalsStore.get();
  if (upgradeOpen || statusOpen) return;
  await refreshSubscription(data);
  if (!getToken()) return;
  if (!(await promptPlan(data, message))) notify(status, message);
}
