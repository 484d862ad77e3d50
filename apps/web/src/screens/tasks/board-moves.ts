// Moving a card on the board. The API takes a card's place as its index in the whole column (0
// first, the other cards renumbered around it; past the end: the end). An unfiltered board shows
// whole columns, so a drop's index is that place; a filtered one hides cards, so the place is
// estimated from the neighbours' own positions.
import { TASK_STATUSES, type Task, type TaskBoard, type TaskStatus } from '@app/shared/tasks';

/** Where a card is dropped: its column and its index among the cards shown there, itself left out. */
export type Drop = { status: TaskStatus; index: number };

/** The highest place updateTaskInput takes: the API puts the card at the end of its column. */
const COLUMN_END = 10_000;

export function findTask(board: TaskBoard, id: number): Task | undefined {
  for (const status of TASK_STATUSES) {
    const task = board[status].find((t) => t.id === id);
    if (task) return task;
  }
  return undefined;
}

/** Whether the board shows every card of the column (no filter, and not cut at the column's limit). */
const wholeColumn = (board: TaskBoard, status: TaskStatus, filtered: boolean) => !filtered && board[status].length === board.counts[status];

/** A card's place in its column once `moving` has left it (estimated from the positions). */
const placeWithout = (card: Task, moving: Task) =>
  card.status === moving.status && card.position > moving.position ? card.position - 1 : card.position;

/** The place (the API's `position`) of a drop. */
export function positionOf(board: TaskBoard, task: Task, drop: Drop, filtered: boolean): number {
  const shown = board[drop.status].filter((t) => t.id !== task.id);
  if (wholeColumn(board, drop.status, filtered)) return drop.index;
  const next = shown[drop.index];
  return next ? placeWithout(next, task) : COLUMN_END;
}

/** The board with the card moved to `status` at place `position`, as the API will answer it. */
export function placeTask(board: TaskBoard, id: number, status: TaskStatus, position: number, filtered: boolean): TaskBoard {
  const task = findTask(board, id);
  if (!task) return board;
  const shown = board[status].filter((t) => t.id !== id);
  const at = wholeColumn(board, status, filtered) ? position : shown.findIndex((t) => placeWithout(t, task) >= position);
  const index = at < 0 ? shown.length : Math.min(at, shown.length);
  const moved: Task = { ...task, status, position };
  const next: TaskBoard = { ...board, counts: { ...board.counts } };
  next[task.status] = board[task.status].filter((t) => t.id !== id);
  next[status] = [...shown.slice(0, index), moved, ...shown.slice(index)];
  if (task.status !== status) {
    next.counts[task.status] -= 1;
    next.counts[status] += 1;
  }
  return next;
}

/** Every task of the board, column after column (the attendance's short list). */
export const allTasks = (board: TaskBoard): Task[] => TASK_STATUSES.flatMap((status) => board[status]);
