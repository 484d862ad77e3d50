// Section 2 navigation rules, run as the loader of every screen (before it renders).
import { PAGE_NOT_FOUND_MESSAGE, STATUS_MESSAGES } from '@app/shared/errors';
import { type LoaderFunctionArgs, replace } from 'react-router';
import { loadProfile, profileLoaded } from './auth-actions';
import { getRouter } from './navigation';
import { notify } from './notification';
import { planGate } from './plan-gates';
import { adoptToken, sessionStore } from './session';

export type Access = 'auth' | 'unauth' | 'public';

/** Route meta: access flags and the screen's title (document.title = `${title} | Agência CRM`). */
export type RouteMeta = {
  title: string;
  requiresAuth?: boolean;
  requiresUnauth?: boolean;
  requiresOwner?: boolean;
};

export function metaFor(title: string, access: Access, opts: { requiresOwner?: boolean } = {}): RouteMeta {
  return {
    title,
    ...(access === 'auth' ? { requiresAuth: true } : {}),
    ...(access === 'unauth' ? { requiresUnauth: true } : {}),
    ...(opts.requiresOwner ? { requiresOwner: true } : {}),
  };
}

/** Moves a `token` from the address into storage; returns the address without it. */
function takeTokenFromAddress(request: Request): string | null {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  if (!token) return null;
  adoptToken(token);
  void loadProfile();
  url.searchParams.delete('token');
  return url.pathname + url.search + url.hash;
}

export function guardLoader(meta: RouteMeta) {
  return async ({ request }: LoaderFunctionArgs) => {
    const cleaned = takeTokenFromAddress(request);
    if (cleaned !== null) throw replace(cleaned);

    const { token } = sessionStore.get();
    if (meta.requiresAuth && !token) throw replace('/login');
    if (meta.requiresUnauth && token) throw replace('/');
    if (meta.requiresOwner) {
      if (!sessionStore.get().user) await profileLoaded();
      if (sessionStore.get().user?.role !== 'owner') {
        // Not a server reply: the session stays.
        notify(403, STATUS_MESSAGES[403]);
        throw replace('/');
      }
    }
    await planGate(request, meta);
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
