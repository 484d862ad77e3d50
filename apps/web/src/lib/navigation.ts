// The data router, reachable from code outside React (error handlers, session expiry).
import type { createBrowserRouter } from 'react-router';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

let router: AppRouter | undefined;

export function setRouter(r: AppRouter): void {
  router = r;
}

export function getRouter(): AppRouter | undefined {
  return router;
}

/** The path currently shown (not the one being navigated to). */
export function currentPathname(): string {
  return router?.state.location.pathname ?? window.location.pathname;
}

/**
 * Whether a navigation to another screen is under way, as the router knows it now: React renders
 * the router's state in a transition, so a value from the last render can lag behind a click.
 */
export function leavingScreen(): boolean {
  const next = router?.state.navigation.location;
  return !!next && next.pathname !== router?.state.location.pathname;
}

export async function navigateTo(to: string, opts: { replace?: boolean } = {}): Promise<void> {
  if (router) await router.navigate(to, opts);
  else window.location.assign(to);
}
