import type { Task, TaskBoard, TaskStatus } from '@app/shared/tasks';
import { describe, expect, it } from 'vitest';
import { findTask, placeTask, positionOf } from './board-moves';
import { relativeDue } from './labels';

const task = (id: number, status: TaskStatus, position: number): Task => ({
  id,
  version: 1,
  title: `Tarefa ${id}`,
  description: null,
  due_date: null,
  due_time: null,
  status,
  priority: 'normal',
  position,
  assignee: null,
  attendance: null,
  origin: 'typed',
  completed_at: null,
  created_at: '2026-11-25T12:00:00.000Z',
  updated_at: '2026-11-25T12:00:00.000Z',
});

function boardOf(columns: Partial<Record<TaskStatus, Task[]>>): TaskBoard {
  const b = { to_do: [], doing: [], on_hold: [], done: [], ...columns };
  return { ...b, counts: { to_do: b.to_do.length, doing: b.doing.length, on_hold: b.on_hold.length, done: b.done.length } };
}

const ids = (board: TaskBoard, status: TaskStatus) => board[status].map((t) => t.id);

describe('moving a card on the whole board', () => {
  // Positions with gaps, as moves and deletions leave them: the place is the index shown.
  const board = boardOf({ to_do: [task(1, 'to_do', 0), task(2, 'to_do', 3), task(3, 'to_do', 7)], doing: [task(4, 'doing', 2)] });
  const first = findTask(board, 1) as Task;

  it('takes the index among the cards shown, the moved one left out', () => {
    expect(positionOf(board, first, { status: 'to_do', index: 1 }, false)).toBe(1);
    expect(positionOf(board, first, { status: 'doing', index: 0 }, false)).toBe(0);
    expect(positionOf(board, first, { status: 'doing', index: 1 }, false)).toBe(1);
  });

  it('shows the card at its new place at once, counts included', () => {
    const down = placeTask(board, 1, 'to_do', 1, false);
    expect(ids(down, 'to_do')).toEqual([2, 1, 3]);
    const across = placeTask(board, 1, 'doing', 1, false);
    expect(ids(across, 'to_do')).toEqual([2, 3]);
    expect(ids(across, 'doing')).toEqual([4, 1]);
    expect(across.counts).toMatchObject({ to_do: 2, doing: 2 });
    expect(findTask(across, 1)?.status).toBe('doing');
  });
});

describe('moving a card on a filtered board', () => {
  // Cards 10 and 12 are hidden by the filter: their places count.
  const board = boardOf({ to_do: [task(11, 'to_do', 1), task(13, 'to_do', 3), task(14, 'to_do', 4)] });
  const moving = findTask(board, 11) as Task;

  it('estimates the place from the next card shown, or the end of the column', () => {
    expect(positionOf(board, moving, { status: 'to_do', index: 1 }, true)).toBe(3);
    expect(positionOf(board, moving, { status: 'to_do', index: 2 }, true)).toBe(10_000);
    expect(positionOf(board, moving, { status: 'doing', index: 0 }, true)).toBe(10_000);
  });

  it('shows the card where it was dropped', () => {
    expect(ids(placeTask(board, 11, 'to_do', 3, true), 'to_do')).toEqual([13, 11, 14]);
    expect(ids(placeTask(board, 11, 'to_do', 10_000, true), 'to_do')).toEqual([13, 14, 11]);
  });
});

describe('checklist due dates', () => {
  it('reads the offset from its anchor', () => {
    expect(relativeDue({ anchor: 'trip_start', offset_days: -2 })).toBe('2 dias antes da viagem');
    expect(relativeDue({ anchor: 'trip_start', offset_days: -1 })).toBe('1 dia antes da viagem');
    expect(relativeDue({ anchor: 'trip_start', offset_days: 0 })).toBe('No dia da viagem');
    expect(relativeDue({ anchor: 'sale', offset_days: 3 })).toBe('3 dias depois da venda');
    expect(relativeDue({ anchor: 'trip_end', offset_days: 1 })).toBe('1 dia depois da volta');
  });
});
