// /tarefas: the agency's task board, its filters (kept in the address) and the task form.
import type { ListTasksInput, Task, TaskPriority } from '@app/shared/tasks';
import { TASK_PRIORITIES, TASK_PRIORITY_LABELS, TASK_STATUSES } from '@app/shared/tasks';
import { Button, Chip } from '@mantine/core';
import { IconChecklist, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListEmptyState, ListFilterBar, ListFilterSelect, NewButton } from '../../components/ListScreen';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/ScreenStates';
import { canManageUsers } from '../../lib/permissions';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { useCurrentUser } from '../../lib/use-session';
import { useOwnerOptions } from '../attendances/use-owner-options';
import { FollowUpSettings } from './FollowUpSettings';
import { TaskBoard, TaskBoardSkeleton } from './TaskBoard';
import { TaskFormModal } from './TaskFormModal';

const KEYS = { search: 'busca', mine: 'minhas', assignee: 'responsavel', due: 'vencimento', priority: 'prioridade' } as const;
const DUE_OPTIONS = [
  { value: 'hoje', label: 'Vencendo até hoje', filter: 'due' },
  { value: 'atrasadas', label: 'Atrasadas', filter: 'overdue' },
] as const;
const PRIORITY_OPTIONS = TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }));

function readFilters(params: URLSearchParams): ListTasksInput {
  const assignee = Number(params.get(KEYS.assignee));
  const priority = params.get(KEYS.priority);
  return {
    search: params.get(KEYS.search) || undefined,
    assignee: params.get(KEYS.mine) === '1' ? 'me' : Number.isInteger(assignee) && assignee > 0 ? assignee : undefined,
    due: DUE_OPTIONS.find((o) => o.value === params.get(KEYS.due))?.filter,
    priority: TASK_PRIORITIES.includes(priority as TaskPriority) ? (priority as TaskPriority) : undefined,
  };
}

/** Who may change the agency's automatic reminders. */
const canSetFollowUps = canManageUsers;

export default function TasksScreen() {
  const trpc = useTRPC();
  const role = useCurrentUser()?.role;
  const { params, update } = useListParams();
  const filters = readFilters(params);
  const search = useSearchParam(KEYS.search, update);
  const owners = useOwnerOptions();
  const board = useQuery(trpc.tasks.list.queryOptions(filters, { placeholderData: keepPreviousData }));
  const [formOpened, setFormOpened] = useState(false);
  /** The task the form edits; null: a new one. */
  const [editing, setEditing] = useState<Task | null>(null);
  const openForm = (task: Task | null) => {
    setEditing(task);
    setFormOpened(true);
  };

  const filtered = !!(filters.search || filters.assignee || filters.due || filters.priority);
  const data = board.data;
  const empty = data && TASK_STATUSES.every((s) => data.counts[s] === 0);
  const clearFilters = () => search.clearFilters([KEYS.mine, KEYS.assignee, KEYS.due, KEYS.priority]);

  return (
    <>
      <PageHeader
        actions={
          <>
            {canSetFollowUps(role) && <FollowUpSettings />}
            <NewButton onClick={() => openForm(null)}>Nova tarefa</NewButton>
          </>
        }
      />
      <ListFilterBar
        search={search}
        placeholder="Título ou descrição"
        active={[filters.assignee, filters.due, filters.priority].filter(Boolean).length}
      >
        <Chip
          checked={filters.assignee === 'me'}
          onChange={(mine) => update({ [KEYS.mine]: mine ? '1' : undefined, [KEYS.assignee]: undefined })}
          mb={4}
        >
          Minhas tarefas
        </Chip>
        <ListFilterSelect
          label="Responsável"
          param={KEYS.assignee}
          value={typeof filters.assignee === 'number' ? String(filters.assignee) : undefined}
          update={(changes) => update({ ...changes, [KEYS.mine]: undefined })}
          searchable
          data={owners.options}
          w={{ base: '100%', xs: 200 }}
        />
        <ListFilterSelect
          label="Vencimento"
          param={KEYS.due}
          value={params.get(KEYS.due) ?? undefined}
          update={update}
          data={DUE_OPTIONS.map(({ value, label }) => ({ value, label }))}
          w={{ base: '100%', xs: 170 }}
        />
        <ListFilterSelect
          label="Prioridade"
          param={KEYS.priority}
          value={filters.priority}
          update={update}
          data={PRIORITY_OPTIONS}
          w={{ base: '100%', xs: 150 }}
        />
        {filtered && (
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} aria-hidden />} onClick={clearFilters}>
            Limpar filtros
          </Button>
        )}
      </ListFilterBar>

      {data ? (
        <>
          {empty && (
            <ListEmptyState
              icon={<IconChecklist size={28} aria-hidden />}
              title="Nenhuma tarefa encontrada"
              filtered={filtered}
              hint="Crie a primeira tarefa em “Nova tarefa” ou carregue o checklist de uma viagem no atendimento."
              onClear={clearFilters}
            />
          )}
          <TaskBoard board={data} filters={filters} filtered={filtered} dimmed={board.isPlaceholderData} onOpen={openForm} />
        </>
      ) : board.isError ? (
        <LoadFailed
          icon={<IconChecklist size={28} aria-hidden />}
          title="Não foi possível carregar as tarefas"
          onRetry={() => void board.refetch()}
        />
      ) : (
        <TaskBoardSkeleton />
      )}

      <TaskFormModal opened={formOpened} onClose={() => setFormOpened(false)} task={editing} />
    </>
  );
}
