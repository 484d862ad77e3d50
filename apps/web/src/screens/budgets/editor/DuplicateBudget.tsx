// /duplicate-orcamento/{id}: the form of a copy of the budget — for which attendance (client) and
// which trip dates. Only its button copies: opening, reloading, bookmarking or sharing the address
// creates nothing. Saved, the copy's editor opens and says so.
import { type BudgetTree, duplicateBudgetInput } from '@app/shared/budgets';
import { FORM_MESSAGES } from '@app/shared/form';
import { shortDate } from '@app/shared/format';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconQuestionMark } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/DateField';
import { DetailField, OrMissing } from '../../../components/DetailFields';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { AutocompletePicker } from '../../../components/pickers/AutocompletePicker';
import { BackLink, DetailNotFound, DetailPending } from '../../../components/ScreenStates';
import { useSchemaForm } from '../../../lib/form';
import { recordNotFound } from '../../../lib/record-route';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { budgetEditorPath, travelDates } from '../labels';
import type { EditorState } from './BudgetEditor';

const LABELS = { attendance_id: 'Atendimento', start_date: 'Início', end_date: 'Fim' };
const DAY_MS = 86_400_000;

/** Whole days from one ISO date to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString().slice(0, 10);

export function DuplicateBudget({ id }: { id: number | undefined }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.budgets.get.queryOptions(id ? { id } : skipToken));
  const back = (
    <BackLink to={id ? budgetEditorPath(id) : '/orcamentos'}>{id ? 'Voltar para o orçamento' : 'Voltar para orçamentos'}</BackLink>
  );
  if (recordNotFound(id, query)) {
    return <DetailNotFound back={back} icon={<IconQuestionMark size={28} aria-hidden />} title="Orçamento não encontrado" />;
  }
  if (!query.data) {
    return (
      <Stack gap="md" maw={720}>
        {back}
        <PageHeader title="Duplicar orçamento" />
        <DetailPending failed={query.isError} noun="orçamento" />
      </Stack>
    );
  }
  return <DuplicateForm source={query.data} back={back} />;
}

function DuplicateForm({ source, back }: { source: BudgetTree; back: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The picker opens showing the original's attendance: its title is not in the budget.
  const attendance = useQuery(trpc.attendances.get.queryOptions({ id: source.attendance_id }));
  const [clientName, setClientName] = useState<string>(source.client.name);

  const form = useSchemaForm({
    schema: duplicateBudgetInput,
    initialValues: {
      id: source.id,
      attendance_id: source.attendance_id as number | null,
      start_date: source.start_date,
      end_date: source.end_date,
    },
    labels: LABELS,
  });

  const duplicate = useMutation(
    trpc.budgets.duplicate.mutationOptions({
      onSuccess: (created) => {
        void queryClient.invalidateQueries({ queryKey: trpc.budgets.list.queryKey() });
        queryClient.setQueryData(trpc.budgets.get.queryKey({ id: created.id }), created);
        toastSuccess('Cópia criada.');
        const state: EditorState = { copiedFrom: source.id };
        // replace: going back from the copy returns to where the agent was before this form.
        void navigate(budgetEditorPath(created.id), { replace: true, state });
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );

  const cancel = () => void navigate(budgetEditorPath(source.id));
  const { start_date: start } = form.values;
  const shift = source.start_date && start ? daysBetween(source.start_date, start) : 0;

  return (
    <Stack gap="md" maw={720}>
      {back}
      <PageHeader title="Duplicar orçamento" />
      <Card withBorder radius="lg" padding="md" data-testid="duplicate-source">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <DetailField label="Orçamento">
            <Text>{source.title}</Text>
          </DetailField>
          <DetailField label="Cliente">
            <Text>{source.client.name}</Text>
          </DetailField>
          <DetailField label="Viagem">
            <OrMissing value={travelDates(source.start_date, source.end_date, shortDate)} missing="Sem data" />
          </DetailField>
        </SimpleGrid>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <form
          onSubmit={form.submit((input) => {
            // One copy per click: Enter pressed again while it is on its way copies nothing more.
            if (duplicate.isPending) return;
            // An emptied picker is no attendance at all, not "the original's": ask for one.
            if (input.attendance_id === undefined) {
              form.setFieldError('attendance_id', FORM_MESSAGES.required);
              form.getInputNode('attendance_id')?.focus();
              return;
            }
            duplicate.mutate({ ...input, version: source.version });
          })}
          noValidate
          aria-label="Duplicar orçamento"
        >
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              A cópia leva as propostas, os serviços, os passageiros e as indicações deste orçamento, como rascunho. Escolha para quem ela é
              e as datas da viagem.
            </Text>
            <ErrorText>{form.formError}</ErrorText>
            {!attendance.data && !attendance.isError ? (
              <Text c="dimmed" aria-busy="true">
                Carregando o atendimento…
              </Text>
            ) : (
              <AutocompletePicker
                label="Atendimento"
                withAsterisk
                placeholder="Busque pelo título, destino ou cliente"
                description={`Cliente: ${clientName}`}
                initialLabel={attendance.data?.title}
                search={(term) =>
                  trpc.attendances.list.queryOptions(
                    { search: term.trim() || undefined, page: 1, per_page: 10 },
                    { trpc: { abortOnUnmount: true } },
                  )
                }
                itemsOf={(data) => data.attendances}
                optionText={(a) => `${a.title} · ${a.client_name}`}
                {...form.getInputProps('attendance_id')}
                onChange={(id, item) => {
                  form.setFieldValue('attendance_id', id);
                  if (item) setClientName(item.client_name);
                }}
              />
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <DateField
                label="Início da viagem"
                {...form.getInputProps('start_date')}
                onChange={(value) => {
                  // The end follows the start, keeping the trip's length (it stays editable).
                  const { start_date: was, end_date: end } = form.getValues();
                  form.setFieldValue('start_date', value);
                  if (was && value && end) form.setFieldValue('end_date', addDays(end, daysBetween(was, value)));
                }}
              />
              <DateField label="Fim da viagem" minDate={start ?? undefined} {...form.getInputProps('end_date')} />
            </SimpleGrid>
            {shift !== 0 && (
              <Text fz="sm" c="dimmed" data-testid="duplicate-shift">
                As datas dos serviços da cópia vão {shift > 0 ? 'avançar' : 'recuar'} {Math.abs(shift)}{' '}
                {Math.abs(shift) === 1 ? 'dia' : 'dias'}, como o início da viagem.
              </Text>
            )}
            <FormActions onCancel={cancel} pending={duplicate.isPending}>
              Duplicar orçamento
            </FormActions>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
