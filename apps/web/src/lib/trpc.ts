import type { AppRouter } from '@app/api/router';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpLink, type TRPCLink } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { getToken } from './session';

/** The tRPC options proxy: query and mutation options, keys and filters of every procedure. */
export type Trpc = TRPCOptionsProxy<AppRouter>;

/** What router loaders and other code outside components reach the server data through. */
export type AppData = { queryClient: QueryClient; trpc: Trpc };

const SUBSCRIPTION_CURRENT = 'billing.subscription.current';

/**
 * The current subscription is never answered from a cache: a timestamp `_` makes each address
 * unique (the query key stays the same), and no-cache headers go with it.
 */
const cacheBustingLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    next(op.path === SUBSCRIPTION_CURRENT ? { ...op, input: { ...(op.input as object | undefined), _: String(Date.now()) } } : op);

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

/** Every call sends the bearer token of the session. */
export function createAppTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      cacheBustingLink,
      httpLink({
        url: '/trpc',
        headers({ op }) {
          const token = getToken();
          return {
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            ...(op.path === SUBSCRIPTION_CURRENT ? NO_CACHE : {}),
          };
        },
      }),
    ],
  });
}

export type AppTrpcClient = ReturnType<typeof createAppTrpcClient>;

export const createTrpc = (client: AppTrpcClient, queryClient: QueryClient): Trpc =>
  createTRPCOptionsProxy<AppRouter>({ client, queryClient });

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Inside components: the same pair the loaders get, for actions shared with them. */
export function useAppData(): AppData {
  return { queryClient: useQueryClient(), trpc: useTRPC() };
}
