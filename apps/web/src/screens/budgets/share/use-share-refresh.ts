import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** Refreshes what shows a budget, its link and its attendance's card after sharing changed them. */
export function useShareRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.budgets.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.landingPages.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.attendances.pathKey() });
  };
}
