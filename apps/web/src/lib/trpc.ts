import type { AppRouter } from '@app/api/router';
import { createTRPCClient, httpLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { sessionStore } from './session';

/** Section 7: every call sends the bearer token from local storage. */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpLink({
      url: '/trpc',
      headers() {
        const token = sessionStore.get().token;
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();
