import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** Name, e-mail and agency of a pending registration link; an invalid link shows its own state. */
export function useRegistrationInfo(token: string) {
  const trpc = useTRPC();
  return useQuery(
    trpc.auth.registrationInfo.queryOptions({ token }, { meta: { silent: true }, retry: false, staleTime: Number.POSITIVE_INFINITY }),
  );
}
