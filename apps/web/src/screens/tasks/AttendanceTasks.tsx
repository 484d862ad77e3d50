// The tasks of one attendance, on its screen: each with its status, due date and 'Avançar', a new
// one, and the trip's checklist loaded as tasks.
import { businessDate } from '@app/shared/funnel';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, type Task, type TaskStatus } from '@app/shared/tasks';
import { Alert, Badge, Button, Checkbox, Group, List, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowRight, IconChecklist, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { LoadingRows } from '../../components/ScreenStates';
import { useTRPC } from '../../lib/trpc';
import { allTasks } from './board-moves';
import { relativeDue } from './labels';
import { TaskDue } from './TaskCard';
import { type TaskAttendance, TaskFormModal } from './TaskFormModal';
import { useAdvanceTask, useReloadTasks } from './use-task-actions';

const STATUS_COLORS: Record<TaskStatus, string> = { to_do: 'gray', doing: 'blue', on_hold: 'yellow', done: 'teal' };

const tasksCreated = (n: number) => (n === 0 ? 'Nenhuma tarefa criada' : n === 1 ? '1 tarefa criada' : `${n} tarefas criadas`);
const tasksSkipped = (n: number) => (n === 1 ? '1 tarefa já existia' : `${n} tarefas já existiam`);

/** The checklist's items, all chosen at first; loaded, how many became tasks and which already were. */
function PreloadForm({ attendanceId, onClose }: { attendanceId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const reload = useReloadTasks();
  const items = useQuery(trpc.tasks.preloaded.queryOptions());
  const [chosen, setChosen] = useState<string[] | null>(null);
  const preload = useMutation(trpc.tasks.preload.mutationOptions({ onSuccess: () => void reload() }));
  const all = items.data?.items ?? [];
  const keys = chosen ?? all.map((i) => i.key);
  // Changed: an item left out (every item starts chosen); once loaded, nothing is left to lose.
  const close = useUnsavedChanges(!preload.data && keys.length !== all.length);

  if (preload.data) {
    const { created, skipped } = preload.data;
    const titleOf = (key: string) => all.find((i) => i.key === key)?.title ?? key;
    return (
      <Stack gap="md" data-testid="preload-result">
        <Alert color={created.length > 0 ? 'teal' : 'gray'} variant="light" role="status">
          <Text fw={600}>{tasksCreated(created.length)}</Text>
        </Alert>
        {skipped.length > 0 && (
          <Stack gap={4}>
            <Text fz="sm">{tasksSkipped(skipped.length)} neste atendimento e não foram criadas de novo:</Text>
            <List size="sm" data-testid="preload-skipped">
              {skipped.map((key) => (
                <List.Item key={key}>{titleOf(key)}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>Fechar</Button>
        </Group>
      </Stack>
    );
  }

  if (!items.data) {
    if (items.isError) return <Text c="dimmed">Não foi possível carregar o checklist.</Text>;
    return <LoadingRows label="Carregando checklist" count={6} />;
  }
  return (
    <Stack gap="md">
      <Checkbox.Group
        label="Tarefas do checklist"
        description="Escolha as tarefas a criar neste atendimento."
        value={keys}
        onChange={setChosen}
      >
        <Stack gap="sm" mt="xs">
          {all.map((item) => (
            <Checkbox
              key={item.key}
              value={item.key}
              label={item.title}
              description={`${relativeDue(item)} · Prioridade ${TASK_PRIORITY_LABELS[item.priority].toLowerCase()}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" size="compact-sm" onClick={() => setChosen(keys.length === all.length ? [] : all.map((i) => i.key))}>
          {keys.length === all.length ? 'Desmarcar todas' : 'Marcar todas'}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={close} disabled={preload.isPending}>
            Cancelar
          </Button>
          <Button
            disabled={keys.length === 0}
            loading={preload.isPending}
            onClick={() => preload.mutate({ attendance_id: attendanceId, keys })}
          >
            {keys.length === 1 ? 'Criar 1 tarefa' : `Criar ${keys.length} tarefas`}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function TaskRow({ task, today, onOpen }: { task: Task; today: string; onOpen: () => void }) {
  const advance = useAdvanceTask();
  return (
    <Stack component="li" gap={2} data-testid="attendance-task">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={onOpen} fw={500} fz="sm" style={{ overflowWrap: 'anywhere' }} aria-label={`Editar tarefa ${task.title}`}>
          {task.title}
        </UnstyledButton>
        <Badge color={STATUS_COLORS[task.status]} variant="light" miw="max-content" data-testid="attendance-task-status">
          {TASK_STATUS_LABELS[task.status]}
        </Badge>
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <TaskDue task={task} today={today} />
        {task.status !== 'done' && (
          <Button
            size="compact-xs"
            variant="subtle"
            ml="auto"
            rightSection={<IconArrowRight size={12} aria-hidden />}
            loading={advance.isPending}
            onClick={() => advance.mutate({ id: task.id, version: task.version })}
            aria-label={`Avançar tarefa ${task.title}`}
          >
            Avançar
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function AttendanceTasks({ attendance }: { attendance: TaskAttendance }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.tasks.list.queryOptions({ attendance_id: attendance.id }, { placeholderData: keepPreviousData }));
  const tasks = list.data ? allTasks(list.data) : [];
  const today = businessDate();
  const [formOpened, form] = useDisclosure(false);
  const [editing, setEditing] = useState<Task | null>(null);
  const [preloadOpened, preloadModal] = useDisclosure(false);
  const open = (task: Task | null) => {
    setEditing(task);
    form.open();
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="attendance-tasks-title">
      <Group justify="space-between" gap="xs">
        <Text fw={600} id="attendance-tasks-title" component="h2" fz="lg">
          Tarefas
        </Text>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => open(null)}>
          Nova tarefa
        </Button>
      </Group>
      {list.isPending ? (
        <LoadingRows label="Carregando tarefas" count={2} />
      ) : tasks.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {list.isError ? 'Não foi possível carregar as tarefas.' : 'Nenhuma tarefa para este atendimento.'}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={list.isFetching}>
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} today={today} onOpen={() => open(task)} />
          ))}
        </Stack>
      )}
      <Button variant="default" size="xs" leftSection={<IconChecklist size={14} aria-hidden />} onClick={preloadModal.open}>
        Carregar checklist da viagem
      </Button>

      <TaskFormModal opened={formOpened} onClose={form.close} task={editing} attendance={attendance} />
      <FormDialog opened={preloadOpened} onClose={preloadModal.close} title={<Text fw={600}>Checklist da viagem</Text>} centered size="lg">
        {/* Mounted only while open: every opening starts with all items chosen. */}
        {preloadOpened && <PreloadForm attendanceId={attendance.id} onClose={preloadModal.close} />}
      </FormDialog>
    </Stack>
  );
}
