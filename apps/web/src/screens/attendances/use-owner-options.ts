import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** The agency's active staff, for choosing an attendance's responsible user. */
export function useOwnerOptions() {
  const trpc = useTRPC();
  const users = useQuery(trpc.users.list.queryOptions({ status: 'active', per_page: 100, page: 1 }, { staleTime: 5 * 60_000 }));
  return {
    options: (users.data?.users ?? []).map((u) => ({ value: String(u.id), label: u.name })),
    isLoading: users.isPending,
  };
}
