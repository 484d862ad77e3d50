import type { AppRouter } from '@app/api/router';
import { createTRPCClient, httpLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { sessionStore } from './session';

/** Section 7: the current subscription is never answered from a cache. */
const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

/** Section 7: every call sends the bearer token from local storage. */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpLink({
      url: '/trpc',
      headers({ op }) {
        const token = sessionStore.get().token;
        return {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(op.path === 'billing.subscription.current' ? NO_CACHE : {}),
        };
      },
    }),
  ],
});

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();
