import { createTaskInput, TASK_PRIORITIES, TASK_PRIORITY_LABELS, type Task, type TaskPriority } from '@app/shared/tasks';
import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateField } from '../../components/DateField';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { AutocompletePicker } from '../../components/pickers/AutocompletePicker';
import { StaleWritePanel } from '../../components/StaleWritePanel';
import { useSchemaForm } from '../../lib/form';
import { useStaleWrite } from '../../lib/stale-write';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useOwnerOptions } from '../attendances/use-owner-options';
import { useReloadTasks } from './use-task-actions';

/** An attendance a new task belongs to from the start (opened from its screen). */
export type TaskAttendance = { id: number; title: string };

type Props = {
  opened: boolean;
  onClose: () => void;
  /** Edit this task; without it, create one. */
  task?: Task | null;
  attendance?: TaskAttendance;
};

const LABELS = {
  title: 'Título',
  description: 'Descrição',
  due_date: 'Vencimento',
  due_time: 'Hora',
  assignee_user_id: 'Responsável',
  priority: 'Prioridade',
  attendance_id: 'Atendimento',
};
const PRIORITY_OPTIONS = TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }));

function initialValues(task: Task | null | undefined, attendance: TaskAttendance | undefined) {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    due_date: task?.due_date ?? null,
    due_time: task?.due_time ?? '',
    assignee_user_id: task?.assignee?.id ?? null,
    priority: task?.priority ?? ('normal' as TaskPriority),
    attendance_id: task ? (task.attendance?.id ?? null) : (attendance?.id ?? null),
  };
}

function TaskForm({ task, attendance, onClose }: Omit<Props, 'opened'>) {
  const trpc = useTRPC();
  const reload = useReloadTasks();
  const owners = useOwnerOptions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const queryClient = useQueryClient();
  const form = useSchemaForm({ schema: createTaskInput, initialValues: initialValues(task, attendance), labels: LABELS });
  const close = useUnsavedChanges(form.hasChanges());
  const stale = useStaleWrite({
    version: task?.version,
    base: initialValues(task, attendance),
    readCurrent: async () => {
      const current = await queryClient.fetchQuery(trpc.tasks.get.queryOptions({ id: task?.id ?? 0 }, { staleTime: 0 }));
      return { values: initialValues(current, attendance), version: current.version };
    },
    // Taken by the form, then submitted on the version read.
    resave: (merged) => {
      form.setValues(merged);
      setTimeout(() => submit(), 0);
    },
  });

  const done = (message: string) => {
    void reload();
    toastSuccess(message);
    onClose();
  };
  const onError = (error: unknown) => {
    if (!stale.caught(error, form.getValues())) form.setServerErrors(error);
  };
  const create = useMutation(trpc.tasks.create.mutationOptions({ onSuccess: () => done('Tarefa criada.'), onError }));
  const update = useMutation(trpc.tasks.update.mutationOptions({ onSuccess: () => done('Tarefa atualizada.'), onError }));
  const remove = useMutation(
    trpc.tasks.delete.mutationOptions({ onSuccess: () => done('Tarefa excluída.'), onSettled: () => setConfirmDelete(false) }),
  );
  const pending = create.isPending || update.isPending;

  // The current assignee stays listed even if no longer active.
  const assignee = task?.assignee;
  const assigneeOptions =
    assignee && !owners.options.some((o) => o.value === String(assignee.id))
      ? [{ value: String(assignee.id), label: assignee.name }, ...owners.options]
      : owners.options;
  const assigneeProps = form.getInputProps('assignee_user_id');
  const attendanceLabel = task?.attendance?.title ?? attendance?.title;

  const submit = form.submit((input) => (task ? update.mutate({ id: task.id, ...input, version: stale.version() }) : create.mutate(input)));

  return (
    <form onSubmit={submit} noValidate aria-label={task ? 'Editar tarefa' : 'Nova tarefa'}>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <StaleWritePanel state={stale} labels={LABELS} />
        <TextInput label="Título" withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('title')} />
        <Textarea label="Descrição" autosize minRows={2} maxRows={8} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateField label="Vencimento" {...form.getInputProps('due_date')} />
          <TimeInput label="Hora" {...form.getInputProps('due_time')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label="Responsável"
            placeholder="Sem responsável"
            searchable
            clearable
            data={assigneeOptions}
            {...assigneeProps}
            value={form.values.assignee_user_id === null ? null : String(form.values.assignee_user_id)}
            onChange={(value) => form.setFieldValue('assignee_user_id', value ? Number(value) : null)}
          />
          <Select label="Prioridade" allowDeselect={false} data={PRIORITY_OPTIONS} {...form.getInputProps('priority')} />
        </SimpleGrid>
        <AutocompletePicker
          label="Atendimento"
          placeholder="Busque pelo título, destino ou cliente"
          description="Opcional"
          initialLabel={attendanceLabel}
          search={(term) =>
            trpc.attendances.list.queryOptions(
              { search: term.trim() || undefined, page: 1, per_page: 10 },
              { trpc: { abortOnUnmount: true } },
            )
          }
          itemsOf={(data) => data.attendances}
          optionText={(a) => `${a.title} · ${a.client_name}`}
          {...form.getInputProps('attendance_id')}
          onChange={(id) => form.setFieldValue('attendance_id', id)}
        />
        <Group justify="space-between" gap="sm" mt="xs">
          {task ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirmDelete(true)}
              disabled={pending}
            >
              Excluir
            </Button>
          ) : (
            <span />
          )}
          <FormActions onCancel={close} pending={pending}>
            {task ? 'Salvar alterações' : 'Criar tarefa'}
          </FormActions>
        </Group>
      </Stack>
      {task && (
        <ConfirmDialog
          opened={confirmDelete}
          title="Excluir tarefa"
          confirmLabel="Excluir"
          loading={remove.isPending}
          onConfirm={() => remove.mutate({ id: task.id, version: stale.version() })}
          onClose={() => setConfirmDelete(false)}
        >
          <Text>
            Deseja excluir a tarefa <strong>{task.title}</strong>? Esta ação não pode ser desfeita.
          </Text>
        </ConfirmDialog>
      )}
    </form>
  );
}

export function TaskFormModal({ opened, onClose, task, attendance }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{task ? 'Editar tarefa' : 'Nova tarefa'}</Text>}
      centered
      size="lg"
      fullScreen={phone}
    >
      {/* Mounted only while open, so every opening starts from fresh values. */}
      {opened && <TaskForm task={task} attendance={attendance} onClose={onClose} />}
    </FormDialog>
  );
}
