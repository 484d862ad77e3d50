import { businessDate } from '@app/shared/funnel';
import {
  type TaskBoard as Board,
  type ListTasksInput,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  type Task,
  type TaskStatus,
} from '@app/shared/tasks';
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type Drop, findTask, positionOf } from './board-moves';
import classes from './TaskBoard.module.css';
import { TaskCard, TaskCardOverlay } from './TaskCard';
import { useAdvanceTask, useMoveTask } from './use-task-actions';

const COLUMN_PREFIX = 'column:';
const columnId = (status: TaskStatus) => `${COLUMN_PREFIX}${status}`;
const statusOfColumn = (id: UniqueIdentifier): TaskStatus | null =>
  typeof id === 'string' && id.startsWith(COLUMN_PREFIX) ? (id.slice(COLUMN_PREFIX.length) as TaskStatus) : null;

/** The pointer picks what it is over (a card before its column); the arrows, what the moved card covers most. */
const collision: CollisionDetection = (args) => {
  const hits = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);
  const cards = hits.filter((hit) => statusOfColumn(hit.id) === null);
  return cards.length > 0 ? cards : hits;
};

/** The drop a pointer or the keyboard is over: a card (take its place) or a column (its end). */
function dropOf(board: Board, task: Task, overId: UniqueIdentifier): Drop | null {
  const column = statusOfColumn(overId);
  if (column) return { status: column, index: board[column].filter((t) => t.id !== task.id).length };
  const over = findTask(board, Number(overId));
  if (!over) return null;
  return { status: over.status, index: board[over.status].indexOf(over) };
}

const SCREEN_READER_INSTRUCTIONS =
  'Para mover a tarefa, pressione espaço ou Enter. Use as setas para escolher a coluna e a posição, ' +
  'espaço ou Enter de novo para soltar, ou Esc para cancelar.';

function announcementsFor(board: Board): Announcements {
  const titleOf = (id: UniqueIdentifier) => findTask(board, Number(id))?.title ?? '';
  const place = (activeId: UniqueIdentifier, overId: UniqueIdentifier) => {
    const task = findTask(board, Number(activeId));
    const drop = task && dropOf(board, task, overId);
    if (!drop) return '';
    const count = board[drop.status].filter((t) => t.id !== task.id).length + 1;
    return `coluna ${TASK_STATUS_LABELS[drop.status]}, posição ${drop.index + 1} de ${count}`;
  };
  const columnOf = (id: UniqueIdentifier) => {
    const task = findTask(board, Number(id));
    return task ? TASK_STATUS_LABELS[task.status] : '';
  };
  return {
    onDragStart: ({ active }) => `Tarefa ${titleOf(active.id)} selecionada, na coluna ${columnOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `Tarefa ${titleOf(active.id)} sobre ${place(active.id, over.id)}.` : `Tarefa ${titleOf(active.id)} fora das colunas.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Tarefa ${titleOf(active.id)} solta em ${place(active.id, over.id)}.`
        : `Tarefa ${titleOf(active.id)} solta fora das colunas; ela continua onde estava.`,
    onDragCancel: ({ active }) => `Movimento cancelado. A tarefa ${titleOf(active.id)} continua em ${columnOf(active.id)}.`,
  };
}

function Column({ status, count, over, children }: { status: TaskStatus; count: number; over: boolean; children: ReactNode }) {
  const { setNodeRef } = useDroppable({ id: columnId(status) });
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      withBorder
      radius="lg"
      p="sm"
      bg="var(--mantine-color-gray-0)"
      className={classes.column}
      data-over={over}
      data-testid={`task-column-${status}`}
      aria-labelledby={`task-column-title-${status}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} fz="h5" id={`task-column-title-${status}`}>
            {TASK_STATUS_LABELS[status]}
          </Title>
          <Badge variant="default" size="lg" data-testid="task-column-count" aria-label={`${count} tarefas`}>
            {count}
          </Badge>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The four columns while the board loads. */
export function TaskBoardSkeleton() {
  return (
    <section className={classes.board} aria-busy="true" aria-label="Carregando tarefas">
      {TASK_STATUSES.map((status) => (
        <Paper key={status} withBorder radius="lg" p="sm" bg="var(--mantine-color-gray-0)" className={classes.column}>
          <Stack gap="xs">
            <Text fw={700}>{TASK_STATUS_LABELS[status]}</Text>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h={88} radius="md" />
            ))}
          </Stack>
        </Paper>
      ))}
    </section>
  );
}

/**
 * The board (section 2, /tarefas): the columns in order, each card dragged to another place or
 * column (pointer or keyboard, announced in Portuguese), advanced, or moved through its menu.
 */
export function TaskBoard({
  board,
  filters,
  filtered,
  dimmed,
  onOpen,
}: {
  board: Board;
  filters: ListTasksInput;
  /** Some cards are hidden by the filters: places are estimated (board-moves.ts). */
  filtered: boolean;
  dimmed: boolean;
  onOpen: (task: Task) => void;
}) {
  const move = useMoveTask(filters, filtered);
  const advance = useAdvanceTask();
  const [active, setActive] = useState<Task | null>(null);
  const [overStatus, setOverStatus] = useState<TaskStatus | null>(null);
  const today = businessDate();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const moveTo = (task: Task, drop: Drop) => {
    if (drop.status === task.status && board[task.status].indexOf(task) === drop.index) return;
    move.mutate({ id: task.id, status: drop.status, position: positionOf(board, task, drop, filtered) });
  };

  const end = () => {
    setActive(null);
    setOverStatus(null);
  };
  const onDragStart = ({ active: dragged }: DragStartEvent) => setActive(findTask(board, Number(dragged.id)) ?? null);
  const onDragOver = ({ active: dragged, over }: DragOverEvent) => {
    const task = findTask(board, Number(dragged.id));
    setOverStatus(task && over ? (dropOf(board, task, over.id)?.status ?? null) : null);
  };
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    end();
    const task = findTask(board, Number(dragged.id));
    const drop = task && over ? dropOf(board, task, over.id) : null;
    if (task && drop) moveTo(task, drop);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={end}
      accessibility={{ announcements: announcementsFor(board), screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
    >
      <section
        className={classes.board}
        aria-label="Quadro de tarefas"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a board wider than the screen takes focus to scroll by keyboard.
        tabIndex={0}
        data-testid="task-board"
        aria-busy={dimmed}
        style={{ opacity: dimmed ? 0.7 : 1 }}
      >
        {TASK_STATUSES.map((status) => (
          <Column key={status} status={status} count={board.counts[status]} over={overStatus === status}>
            <SortableContext id={status} items={board[status].map((t) => t.id)} strategy={verticalListSortingStrategy}>
              <Stack gap="xs" className={classes.list}>
                {board[status].length === 0 ? (
                  <Text fz="sm" c="dimmed" ta="center" py="md">
                    Nenhuma tarefa
                  </Text>
                ) : (
                  board[status].map((task) => (
                    <TaskCard
                      key={task.id}
                      task={task}
                      today={today}
                      actions={{
                        onOpen: () => onOpen(task),
                        onAdvance: () => advance.mutate({ id: task.id, version: task.version }),
                        onMove: (to) => moveTo(task, { status: to, index: board[to].length }),
                        busy:
                          (advance.isPending && advance.variables?.id === task.id) || (move.isPending && move.variables?.id === task.id),
                      }}
                    />
                  ))
                )}
              </Stack>
            </SortableContext>
          </Column>
        ))}
      </section>
      <DragOverlay dropAnimation={null}>{active && <TaskCardOverlay task={active} today={today} />}</DragOverlay>
    </DndContext>
  );
}
