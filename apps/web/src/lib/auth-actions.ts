// Session transitions that also move the user or touch the query cache.
import { apiError } from './api-error';
import { currentPathname, navigateTo } from './navigation';
import { closePlanModals } from './plan-modals';
import { queryClient } from './query-client';
import { applyProfile, clearSession, isLoggedIn } from './session';
import { trpcClient } from './trpc';

async function leaveTo(path: string) {
  closePlanModals();
  await navigateTo(path, { replace: true });
  // After leaving the signed-in screens, so nothing mounted refetches without a token.
  queryClient.clear();
}

/** 'Sair': forget the session and go to /login. */
export async function logout(): Promise<void> {
  clearSession({ forgetEmail: true });
  await leaveTo('/login');
}

/** A 401/403 reply (section 8): remove the session keys and go to /login. */
export async function expireSession(): Promise<void> {
  if (!isLoggedIn() && currentPathname() === '/login') return;
  clearSession();
  if (currentPathname() !== '/login') await leaveTo('/login');
}

let profileLoad: Promise<void> | null = null;

/**
 * Section 2, on start with a stored token (and after a token arrives in the address): load the
 * current user. A failure is only logged; a 401/403 still ends the session, silently.
 */
export function loadProfile(): Promise<void> {
  profileLoad ??= trpcClient.profile.get
    .query()
    .then((profile) => {
      if (isLoggedIn()) applyProfile(profile);
    })
    .catch((error: unknown) => {
      console.error('Falha ao carregar o perfil', error);
      const { status } = apiError(error);
      if (status === 401 || status === 403) void expireSession();
    })
    .finally(() => {
      profileLoad = null;
    });
  return profileLoad;
}

/** Waits for a profile load under way, if any (guards that need the user's role). */
export function profileLoaded(): Promise<void> {
  return profileLoad ?? Promise.resolve();
}
