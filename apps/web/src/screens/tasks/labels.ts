import { shortDate } from '@app/shared/format';
import type { PreloadedTask, Task, TaskPriority } from '@app/shared/tasks';

export const PRIORITY_COLORS: Record<TaskPriority, string> = { low: 'gray', normal: 'blue', high: 'orange', urgent: 'red' };

/** An open task whose due day has passed (`today` in the agencies' time zone, 'YYYY-MM-DD'). */
export const isOverdue = (task: Pick<Task, 'due_date' | 'status'>, today: string) =>
  task.status !== 'done' && task.due_date !== null && task.due_date < today;

/** '05/03/2026 às 14:30', '05/03/2026', or '' without a due date. */
export function dueText(task: Pick<Task, 'due_date' | 'due_time'>): string {
  if (!task.due_date) return '';
  return task.due_time ? `${shortDate(task.due_date)} às ${task.due_time}` : shortDate(task.due_date);
}

const days = (n: number) => (n === 1 ? '1 dia' : `${n} dias`);

/** When a checklist item falls due, as the agent reads it: '2 dias antes da viagem'. */
export function relativeDue({ anchor, offset_days: offset }: Pick<PreloadedTask, 'anchor' | 'offset_days'>): string {
  const n = Math.abs(offset);
  if (anchor === 'sale') {
    if (offset === 0) return 'No dia da venda';
    return offset > 0 ? `${days(n)} depois da venda` : `${days(n)} antes da venda`;
  }
  if (anchor === 'trip_start') {
    if (offset === 0) return 'No dia da viagem';
    return offset > 0 ? `${days(n)} depois do início da viagem` : `${days(n)} antes da viagem`;
  }
  if (offset === 0) return 'No dia da volta';
  return offset > 0 ? `${days(n)} depois da volta` : `${days(n)} antes da volta`;
}
