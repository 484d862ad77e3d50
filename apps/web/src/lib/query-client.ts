// The app's one client data layer: TanStack Query, filled through tRPC. Made once, by
// createDataLayer() in main.tsx.
import { staleActionMessage } from '@app/shared/version-messages';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { apiError, errorText, isShownByForm } from './api-error';
import { expireSession } from './auth-actions';
import { onPlanRestricted } from './gates';
import { currentPathname } from './navigation';
import { canRetry, notify } from './notification';
import { mirrorSessionReplies } from './session-queries';
import { staleWriteOf } from './stale-write';
import { type AppData, type AppTrpcClient, createAppTrpcClient, createTrpc } from './trpc';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * `silent: true`: the screen shows the error itself; the global bar stays quiet (401/403 still
     * log out). A form's field errors need no flag: the form marks what it shows (lib/form.ts).
     */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

export type DataLayer = AppData & { trpcClient: AppTrpcClient };

let layer: DataLayer | undefined;

/**
 * Every failed call: 401/403 logs out (unless on /login); a 402 (restricted plan) opens the plan
 * modals instead; anything else shows the notification bar with the status and the message, but
 * for an error a form shows on its fields. Calls outside TanStack Query (downloads) report here too.
 */
export function handleApiError(error: unknown, opts: { silent?: boolean } = {}): void {
  const err = apiError(error);
  if ((err.status === 401 || err.status === 403) && currentPathname() !== '/login') {
    if (layer) void expireSession(layer.queryClient);
    return;
  }
  if (err.status === 402) {
    if (layer) void onPlanRestricted(layer, err.status, err.message);
    return;
  }
  if (opts.silent) return;
  // A one-click action (a delete, a copy, a sale) based on a version another agent changed: nothing
  // was done; the screen reads everything again and says who changed it and when (forms merge instead).
  const stale = staleWriteOf(error);
  if (stale) {
    notify(err.status, staleActionMessage(stale), false);
    if (layer) void layer.queryClient.invalidateQueries();
    return;
  }
  // A feature this server is not configured for answers 503 until an administrator sets it up.
  notify(err.status, errorText(err), canRetry(err.status) && err.code !== 'NOT_CONFIGURED');
}

export function createDataLayer(): DataLayer {
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleApiError(error, { silent: query.meta?.silent }) }),
    mutationCache: new MutationCache({
      // The mutation's own onError (a form taking its field errors), and mutate()'s, run after
      // this one within the same task: the bar waits for them.
      onError: (error, _v, _c, mutation) => {
        setTimeout(() => handleApiError(error, { silent: mutation.meta?.silent || isShownByForm(error) }), 0);
      },
    }),
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
  const trpcClient = createAppTrpcClient();
  layer = { queryClient, trpcClient, trpc: createTrpc(trpcClient, queryClient) };
  mirrorSessionReplies(layer);
  return layer;
}
