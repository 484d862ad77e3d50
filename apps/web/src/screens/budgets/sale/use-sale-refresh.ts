import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/**
 * After any change of a sale (or of what hangs on it): the sold info, the budget, its attendance's
 * lists and the tasks (a sale makes its checklist's, an undo removes the open ones) read again.
 */
export function useSaleRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.closedSales.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.budgets.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.attendances.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.tasks.pathKey() }),
    ]);
}
