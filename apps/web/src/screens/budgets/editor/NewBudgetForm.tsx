// /novo-orcamento without an id: the budget's attendance (from ?attendance_id= when opened from
// one), title, destination, dates and currency; saved, the editor of the new budget opens.
import { BUDGET_CURRENCIES } from '@app/shared/budget-services';
import { createBudgetInput } from '@app/shared/budgets';
import { parseRecordId } from '@app/shared/constants';
import { formatRate } from '@app/shared/currency-quotes';
import { Card, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CountrySelect } from '../../../components/CountrySelect';
import { DateField } from '../../../components/DateField';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { PageHeader } from '../../../components/PageHeader';
import { AutocompletePicker } from '../../../components/pickers/AutocompletePicker';
import { RateInput } from '../../../components/RateInput';
import { BackLink } from '../../../components/ScreenStates';
import { useSchemaForm } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { budgetEditorPath } from '../labels';
import { TemplatePicker } from './TemplateDialogs';
import { useTodayRates } from './use-today-rates';

const LABELS = {
  attendance_id: 'Atendimento',
  template_id: 'Modelo',
  title: 'Título',
  destination: 'Destino',
  destination_country: 'País',
  start_date: 'Início',
  end_date: 'Fim',
};
const CURRENCY_OPTIONS = BUDGET_CURRENCIES.map((c) => ({ value: c, label: c }));

/**
 * The budget's rate for a foreign currency: blank takes the day's quote; with no quote of the day
 * the agent gives one here (the operator's, or IATA) instead of a refusal to create the budget.
 */
function NewBudgetRate({
  currency,
  value,
  error,
  onChange,
}: {
  currency: string;
  value?: number;
  error?: ReactNode;
  onChange: (rate: number | string) => void;
}) {
  const today = useTodayRates(currency !== 'BRL');
  if (currency === 'BRL') return null;
  if (today.loading) {
    return (
      <Text fz="sm" c="dimmed">
        Buscando o câmbio de {currency}…
      </Text>
    );
  }
  const day = today.rates[currency];
  return (
    <RateInput
      label={`Câmbio do orçamento (R$ por 1 ${currency})`}
      description={
        day !== undefined
          ? `Em branco, vale o câmbio do dia (${formatRate(day)}).`
          : `Não há cotação de ${currency} hoje: informe o câmbio da operadora (ou IATA).`
      }
      placeholder={day !== undefined ? formatRate(day) : 'Informe o câmbio'}
      withAsterisk={day === undefined}
      w={{ base: '100%', xs: 340 }}
      value={value ?? ''}
      error={error}
      onChange={onChange}
    />
  );
}

type Prefill = { title: string; destination: string | null; start_date: string | null; end_date: string | null };

export function NewBudgetForm() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromAttendance = parseRecordId(params.get('attendance_id') ?? undefined);
  const attendance = useQuery(trpc.attendances.get.queryOptions(fromAttendance ? { id: fromAttendance } : skipToken));

  const form = useSchemaForm({
    schema: createBudgetInput,
    initialValues: {
      attendance_id: (fromAttendance ?? null) as number | null,
      template_id: null as number | null,
      title: '',
      destination: '',
      destination_country: null as string | null,
      start_date: null as string | null,
      end_date: null as string | null,
      currency: 'BRL' as (typeof BUDGET_CURRENCIES)[number],
      agent_rates: {} as Record<string, number>,
    },
    labels: LABELS,
  });

  /** The attendance's trip fills what is still blank. */
  const prefill = (a: Prefill) => {
    const v = form.getValues();
    if (!v.title.trim()) form.setFieldValue('title', a.title);
    if (!v.destination.trim() && a.destination) form.setFieldValue('destination', a.destination);
    if (!v.start_date && a.start_date) form.setFieldValue('start_date', a.start_date);
    if (!v.end_date && a.end_date) form.setFieldValue('end_date', a.end_date);
  };
  const prefilled = useRef(false);
  useEffect(() => {
    if (attendance.data && !prefilled.current) {
      prefilled.current = true;
      prefill(attendance.data);
    }
  });

  const create = useMutation(
    trpc.budgets.create.mutationOptions({
      onSuccess: (budget) => {
        toastSuccess('Orçamento criado.');
        void navigate(budgetEditorPath(budget.id), { replace: true });
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const back = fromAttendance ? `/atendimento/${fromAttendance}` : '/orcamentos';

  return (
    <Stack gap="md" maw={720}>
      <BackLink to={back}>{fromAttendance ? 'Voltar para o atendimento' : 'Voltar para orçamentos'}</BackLink>
      <PageHeader title="Novo orçamento" />
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={form.submit((input) => create.mutate(input))} noValidate aria-label="Novo orçamento">
          <Stack gap="md">
            <ErrorText>{form.formError}</ErrorText>
            {fromAttendance && !attendance.data ? (
              <Text c="dimmed">{attendance.isError ? 'Atendimento não encontrado.' : 'Carregando o atendimento…'}</Text>
            ) : (
              <AutocompletePicker
                label="Atendimento"
                withAsterisk
                placeholder="Busque pelo título, destino ou cliente"
                description={attendance.data ? `Cliente: ${attendance.data.client.name}` : undefined}
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
                  if (item) prefill(item);
                }}
              />
            )}
            <TemplatePicker
              label="Começar de um modelo"
              description="Opcional: as propostas e serviços do modelo, nas datas e para os passageiros desta viagem"
              {...form.getInputProps('template_id')}
            />
            <TextInput label="Título" withAsterisk autoComplete="off" {...form.getInputProps('title')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput label="Destino" autoComplete="off" {...form.getInputProps('destination')} />
              <CountrySelect label="País" description="Do destino: diz se é preciso visto" {...form.getInputProps('destination_country')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <DateField label="Início da viagem" {...form.getInputProps('start_date')} />
              <DateField label="Fim da viagem" minDate={form.values.start_date ?? undefined} {...form.getInputProps('end_date')} />
              <Select
                label="Moeda"
                description="Os totais das propostas"
                data={CURRENCY_OPTIONS}
                searchable
                allowDeselect={false}
                {...form.getInputProps('currency')}
                onChange={(currency) => {
                  form.setFieldValue('currency', currency as (typeof BUDGET_CURRENCIES)[number]);
                  form.setFieldValue('agent_rates', {});
                }}
              />
            </SimpleGrid>
            <NewBudgetRate
              currency={form.values.currency}
              {...form.getInputProps(`agent_rates.${form.values.currency}`)}
              onChange={(rate) => form.setFieldValue('agent_rates', typeof rate === 'number' ? { [form.values.currency]: rate } : {})}
            />
            <FormActions onCancel={() => void navigate(back)} pending={create.isPending}>
              Criar orçamento
            </FormActions>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
