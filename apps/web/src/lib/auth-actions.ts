// Session transitions: signing in, signing out, and a session the server ended.
import type { LoginOutput } from '@app/shared/auth';
import { isTrialExpired, TRIAL_END_TEXT } from '@app/shared/plan-status';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { currentPathname, navigateTo } from './navigation';
import { canSeeStatusModal, canSeeUpgradeModal, closePlanModals, openStatusModal, openUpgradeModal } from './plan-modals';
import { clearSession, getToken, setToken } from './session';
import { profileQuery } from './session-queries';
import type { AppData } from './trpc';

/** A new session (login, or a token handed over in the address): nothing cached belongs to it yet. */
export function adoptSession(queryClient: QueryClient, token: string): void {
  setToken(token);
  queryClient.removeQueries();
}

/**
 * Signs in with a login reply: its token, and its profile as the cached one (no second call).
 * With the trial over (trialing, 0 days left), the end-of-trial modal opens.
 */
export function startSession({ queryClient, trpc }: AppData, login: LoginOutput): void {
  adoptSession(queryClient, login.token);
  queryClient.setQueryData(profileQuery(trpc).queryKey, { ...login, token: null });
  if (!isTrialExpired(login.status_plan, login.days_remaining)) return;
  if (canSeeUpgradeModal(login.user.role)) openUpgradeModal({ status: login.status_plan, daysRemaining: 0, feature: TRIAL_END_TEXT });
  else if (canSeeStatusModal(login.user.role)) openStatusModal(TRIAL_END_TEXT);
}

async function leaveTo(queryClient: QueryClient, path: string) {
  closePlanModals();
  // Replies still under way belong to the session that ended.
  await queryClient.cancelQueries();
  await navigateTo(path, { replace: true });
  // After leaving the signed-in screens, so nothing mounted refetches without a token.
  queryClient.clear();
}

/** 'Sair': forget the session (the e-mail too) and go to /login. */
export async function logout(queryClient: QueryClient): Promise<void> {
  clearSession({ forgetEmail: true });
  await leaveTo(queryClient, '/login');
}

export function useLogout(): () => void {
  const queryClient = useQueryClient();
  return () => void logout(queryClient);
}

/** A 401/403 reply: remove the session keys and go to /login. */
export async function expireSession(queryClient: QueryClient): Promise<void> {
  if (!getToken() && currentPathname() === '/login') return;
  clearSession();
  if (currentPathname() !== '/login') await leaveTo(queryClient, '/login');
}
