import type { ListTasksInput } from '@app/shared/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { placeTask } from './board-moves';

/** Every change reloads the task lists (the board and each attendance's), keeping what they show meanwhile. */
export function useReloadTasks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.tasks.list.pathKey() });
}

/**
 * Moving a card (drag and drop, 'Mover para…') on the board shown with `filters`: it shows in its
 * new place at once, goes back if the API refuses, and the lists reload either way.
 */
export function useMoveTask(filters: ListTasksInput, filtered: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reload = useReloadTasks();
  const lists = { queryKey: trpc.tasks.list.pathKey() };
  const shown = trpc.tasks.list.queryKey(filters);
  return useMutation(
    trpc.tasks.update.mutationOptions({
      onMutate: async ({ id, status, position }) => {
        await queryClient.cancelQueries(lists);
        const previous = queryClient.getQueryData(shown);
        if (previous && status !== undefined && position !== undefined) {
          queryClient.setQueryData(shown, placeTask(previous, Number(id), status, position, filtered));
        }
        return { previous };
      },
      onError: (_error, _input, context) => {
        if (context?.previous) queryClient.setQueryData(shown, context.previous);
      },
      onSettled: () => reload(),
    }),
  );
}

/** 'Avançar': the task goes to the next column. */
export function useAdvanceTask() {
  const trpc = useTRPC();
  const reload = useReloadTasks();
  return useMutation(trpc.tasks.advance.mutationOptions({ onSettled: () => reload() }));
}
