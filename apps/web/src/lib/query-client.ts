import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { apiError, errorText } from './api-error';
import { expireSession } from './auth-actions';
import { currentPathname } from './navigation';
import { notify } from './notification';
import { onPlanRestricted } from './plan-gates';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent: true`: the screen shows the error itself; the global bar stays quiet (401/403 still log out). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/**
 * Section 8, for every call: 401/403 logs out (unless on /login); a 402 (restricted plan) opens
 * the plan modals instead; anything else shows the notification bar with the status and the message.
 */
export function handleApiError(error: unknown, opts: { silent?: boolean } = {}): void {
  const err = apiError(error);
  if ((err.status === 401 || err.status === 403) && currentPathname() !== '/login') {
    void expireSession();
    return;
  }
  if (err.status === 402) {
    void onPlanRestricted(err.status, err.message);
    return;
  }
  if (opts.silent) return;
  notify(err.status, errorText(err));
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => handleApiError(error, { silent: query.meta?.silent }) }),
  mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => handleApiError(error, { silent: mutation.meta?.silent }) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Only a failure without our error body (network) is worth one more try.
      retry: (failures, error) => failures < 1 && apiError(error).code === 'NETWORK',
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
