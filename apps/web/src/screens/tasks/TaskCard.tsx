import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, TASK_STATUSES, type Task, type TaskStatus } from '@app/shared/tasks';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconBriefcase, IconCalendar, IconDots, IconGripVertical, IconUser } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { dueText, isOverdue, PRIORITY_COLORS } from './labels';
import classes from './TaskBoard.module.css';

/** Due date and time; an overdue one in red and named 'Atrasada' (not by its colour only). */
export function TaskDue({ task, today }: { task: Task; today: string }) {
  const text = dueText(task);
  if (!text) return null;
  const late = isOverdue(task, today);
  return (
    <Group gap={4} wrap="nowrap" data-testid="task-due" data-overdue={late || undefined}>
      <IconCalendar size={14} aria-hidden color={late ? 'var(--mantine-color-red-7)' : undefined} />
      <Text fz="xs" c={late ? 'red.7' : 'dimmed'} fw={late ? 600 : undefined}>
        {text}
      </Text>
      {late && (
        <Badge color="red" variant="filled" size="xs">
          Atrasada
        </Badge>
      )}
    </Group>
  );
}

export function PriorityBadge({ priority }: { priority: Task['priority'] }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="light" size="sm" miw="max-content" data-testid="task-priority">
      {TASK_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

type Actions = {
  onOpen: () => void;
  onAdvance: () => void;
  onMove: (status: TaskStatus) => void;
  busy: boolean;
};

/** What a card shows; `handle` is its drag handle (none on the copy that follows the pointer). */
function CardContent({ task, today, handle, actions }: { task: Task; today: string; handle: ReactNode; actions?: Actions }) {
  return (
    <>
      <Group gap={4} align="flex-start" wrap="nowrap">
        {handle}
        <UnstyledButton
          onClick={actions?.onOpen}
          className={classes.title}
          aria-label={`Editar tarefa ${task.title}`}
          tabIndex={actions ? 0 : -1}
        >
          <Text fw={600} fz="sm" lineClamp={3} data-testid="task-title">
            {task.title}
          </Text>
        </UnstyledButton>
        <PriorityBadge priority={task.priority} />
      </Group>
      <TaskDue task={task} today={today} />
      <Group gap={4} wrap="nowrap">
        <IconUser size={14} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text fz="xs" c="dimmed" truncate data-testid="task-assignee">
          {task.assignee?.name ?? 'Sem responsável'}
        </Text>
      </Group>
      {task.attendance && (
        <Group gap={4} wrap="nowrap">
          <IconBriefcase size={14} aria-hidden color="var(--mantine-color-dimmed)" />
          <Anchor component={Link} to={`/atendimento/${task.attendance.id}`} fz="xs" truncate data-testid="task-attendance">
            {task.attendance.title}
          </Anchor>
        </Group>
      )}
      {actions && (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {task.status !== 'done' && (
            <Button
              size="compact-xs"
              variant="light"
              rightSection={<IconArrowRight size={12} aria-hidden />}
              onClick={actions.onAdvance}
              disabled={actions.busy}
              aria-label={`Avançar tarefa ${task.title}`}
            >
              Avançar
            </Button>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Mover tarefa ${task.title} para…`} disabled={actions.busy}>
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Mover para…</Menu.Label>
              {TASK_STATUSES.filter((s) => s !== task.status).map((s) => (
                <Menu.Item key={s} onClick={() => actions.onMove(s)}>
                  {TASK_STATUS_LABELS[s]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
    </>
  );
}

/**
 * A card of the board: dragged by the pointer from anywhere on it, or by the keyboard from its
 * handle (space picks it up, arrows move, space drops); a click opens it for editing.
 */
export function TaskCard({ task, today, actions }: { task: Task; today: string; actions: Actions }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
    data: { task },
    attributes: { roleDescription: 'tarefa arrastável' },
  });
  const openFromCard = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    // Its buttons and links do their own thing; a menu's items are in a portal, outside the card.
    if (!event.currentTarget.contains(target) || target.closest('a, button, [role="menuitem"]')) return;
    actions.onOpen();
  };
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      className={classes.card}
      data-overdue={isOverdue(task, today) || undefined}
      data-dragging={isDragging || undefined}
      data-testid="task-card"
      data-task-id={task.id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onClick={openFromCard}
      {...listeners}
    >
      <CardContent
        task={task}
        today={today}
        actions={actions}
        handle={
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            className={classes.handle}
            aria-label={`Arrastar tarefa ${task.title}`}
            data-testid="task-drag-handle"
            {...attributes}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </Paper>
  );
}

/** The copy of a card that follows the pointer (or the arrows) while it is dragged. */
export function TaskCardOverlay({ task, today }: { task: Task; today: string }) {
  return (
    <Paper withBorder radius="md" p="xs" shadow="md" className={classes.card} data-overdue={isOverdue(task, today) || undefined}>
      <CardContent
        task={task}
        today={today}
        handle={
          <ActionIcon variant="subtle" color="gray" size="sm" className={classes.handle} tabIndex={-1} aria-hidden>
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </Paper>
  );
}
