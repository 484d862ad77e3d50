import { type Attendance, CHILD_AGE_MAX, createAttendanceInput } from '@app/shared/attendances';
import { parseRecordId } from '@app/shared/constants';
import { Card, NumberInput, Select, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconQuestionMark } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { CurrencyInput } from '../../components/CurrencyInput';
import { DateField } from '../../components/DateField';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { PageHeader } from '../../components/PageHeader';
import { BackLink as BackTo, DetailNotFound } from '../../components/ScreenStates';
import { StaleWritePanel } from '../../components/StaleWritePanel';
import { useSchemaForm } from '../../lib/form';
import { recordNotFound } from '../../lib/record-route';
import { useStaleWrite } from '../../lib/stale-write';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-session';
import { ClientSelect } from './ClientSelect';
import { useOwnerOptions } from './use-owner-options';

/** Names of fields in the messages that name them. */
const LABELS = {
  client_id: 'Cliente',
  title: 'Título',
  end_date: 'Fim da viagem',
  budget_max_cents: 'Orçamento máximo do cliente',
  children_ages: 'Idade da criança',
};

/** The fields' names in the merge panel of a stale save. */
const FIELD_LABELS: Record<string, string> = {
  ...LABELS,
  destination: 'Destino',
  start_date: 'Início da viagem',
  adults: 'Adultos',
  children: 'Crianças',
  children_ages: 'Idades das crianças',
  infants: 'Bebês',
  budget_min_cents: 'Orçamento mínimo do cliente',
  value_cents: 'Valor do atendimento',
  owner_user_id: 'Responsável',
  notes: 'Observações',
};

/** The API's fields as the inputs hold them: a blank text or count is '', a blank amount, date or choice null. */
type Values = {
  client_id: number | null;
  title: string;
  destination: string;
  start_date: string | null;
  end_date: string | null;
  adults: number | string;
  children: number | string;
  /** One per child counted: airlines and hotels price children by age. */
  children_ages: (number | string)[];
  infants: number | string;
  budget_min_cents: number | null;
  budget_max_cents: number | null;
  value_cents: number | null;
  owner_user_id: number | null;
  notes: string;
};

function initialValues(a: Attendance | undefined, clientId: number | null, ownerId: number | undefined): Values {
  return {
    client_id: a?.client_id ?? clientId,
    title: a?.title ?? '',
    destination: a?.destination ?? '',
    start_date: a?.start_date ?? null,
    end_date: a?.end_date ?? null,
    adults: a ? a.adults : 1,
    children: a?.children ?? 0,
    children_ages: a ? childAges(a.children_ages, a.children) : [],
    infants: a?.infants ?? 0,
    budget_min_cents: a?.budget_min_cents ?? null,
    budget_max_cents: a?.budget_max_cents ?? null,
    value_cents: a?.value_cents ?? null,
    owner_user_id: a?.owner_user_id ?? ownerId ?? null,
    notes: a?.notes ?? '',
  };
}

const PASSENGERS = { allowNegative: false, allowDecimal: false, clampBehavior: 'strict' } as const;

/** The ages' inputs, one per child: kept as typed, blank for a child added. */
function childAges(ages: readonly (number | string)[], children: number | string): (number | string)[] {
  const n = typeof children === 'number' ? children : Number(children) || 0;
  return Array.from({ length: n }, (_, i) => ages[i] ?? '');
}

function AttendanceForm({ attendance, client }: { attendance?: Attendance; client: { value: string; label: string } | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const owners = useOwnerOptions();
  const form = useSchemaForm({
    schema: createAttendanceInput,
    initialValues: initialValues(attendance, client ? Number(client.value) : null, me?.id),
    labels: LABELS,
  });
  const v = form.values;
  const stale = useStaleWrite({
    version: attendance?.version,
    base: initialValues(attendance, client ? Number(client.value) : null, me?.id),
    readCurrent: async () => {
      const current = await queryClient.fetchQuery(trpc.attendances.get.queryOptions({ id: attendance?.id ?? 0 }, { staleTime: 0 }));
      return { values: initialValues(current, current.client_id, me?.id), version: current.version };
    },
    // Taken by the form, then submitted on the version read.
    resave: (merged) => {
      form.setValues(merged);
      setTimeout(() => submit(), 0);
    },
  });

  const done = (saved: Attendance, message: string) => {
    queryClient.setQueryData(trpc.attendances.get.queryKey({ id: saved.id }), saved);
    void queryClient.invalidateQueries({ queryKey: trpc.attendances.pathKey() });
    toastSuccess(message);
    void navigate(`/atendimento/${saved.id}`);
  };
  const create = useMutation(
    trpc.attendances.create.mutationOptions({
      onSuccess: (saved) => done(saved, 'Atendimento cadastrado.'),
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const update = useMutation(
    trpc.attendances.update.mutationOptions({
      onSuccess: (saved) => done(saved, 'Atendimento atualizado.'),
      onError: (error) => {
        if (!stale.caught(error, form.getValues())) form.setServerErrors(error);
      },
    }),
  );
  const pending = create.isPending || update.isPending;

  const submit = form.submit(({ owner_user_id, ...input }) => {
    // A blank count or value is zero: an absent one would leave the saved one as it was.
    const fields = {
      ...input,
      adults: input.adults ?? 0,
      children: input.children ?? 0,
      infants: input.infants ?? 0,
      value_cents: input.value_cents ?? 0,
    };
    if (attendance) update.mutate({ id: attendance.id, ...fields, version: stale.version() });
    else create.mutate({ ...fields, owner_user_id });
  });

  const money = (name: 'budget_min_cents' | 'budget_max_cents' | 'value_cents', label: string, description?: string) => (
    <CurrencyInput label={label} description={description} {...form.getInputProps(name)} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <StaleWritePanel state={stale} labels={FIELD_LABELS} />
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <ClientSelect
              {...form.getInputProps('client_id')}
              selected={attendance ? { value: String(attendance.client_id), label: attendance.client.name } : client}
            />
            <TextInput label="Título" withAsterisk placeholder="Ex.: Lua de mel em Lisboa" {...form.getInputProps('title')} />
            <TextInput label="Destino" {...form.getInputProps('destination')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <DateField label="Início da viagem" {...form.getInputProps('start_date')} />
              <DateField label="Fim da viagem" minDate={v.start_date ?? undefined} {...form.getInputProps('end_date')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 3 }} spacing="md">
              <NumberInput label="Adultos" {...PASSENGERS} {...form.getInputProps('adults')} />
              <NumberInput
                label="Crianças"
                {...PASSENGERS}
                {...form.getInputProps('children')}
                onChange={(value) => {
                  form.setFieldValue('children', value);
                  form.setFieldValue('children_ages', childAges(form.getValues().children_ages, value));
                }}
              />
              <NumberInput label="Bebês" description="Menores de 2 anos" {...PASSENGERS} {...form.getInputProps('infants')} />
            </SimpleGrid>
            {v.children_ages.length > 0 && (
              <Stack gap={4}>
                <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="md" role="group" aria-label="Idades das crianças">
                  {v.children_ages.map((_, i) => (
                    <NumberInput
                      key={i}
                      label={`Idade da criança ${i + 1}`}
                      withAsterisk
                      {...PASSENGERS}
                      min={0}
                      max={CHILD_AGE_MAX}
                      suffix=" anos"
                      {...form.getInputProps(`children_ages.${i}`)}
                    />
                  ))}
                </SimpleGrid>
                <ErrorText>{form.errors.children_ages}</ErrorText>
              </Stack>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              {money('budget_min_cents', 'Orçamento mínimo do cliente')}
              {money('budget_max_cents', 'Orçamento máximo do cliente')}
            </SimpleGrid>
            {money('value_cents', 'Valor do atendimento', 'O valor que aparece no funil de vendas.')}
            {!attendance && (
              <Select
                label="Responsável"
                searchable
                allowDeselect={false}
                data={owners.options}
                {...form.getInputProps('owner_user_id')}
                value={v.owner_user_id === null ? null : String(v.owner_user_id)}
                onChange={(id) => form.setFieldValue('owner_user_id', id ? Number(id) : null)}
              />
            )}
            <Textarea label="Observações" autosize minRows={3} {...form.getInputProps('notes')} />
          </Stack>
        </Card>
        <FormActions onCancel={() => void navigate(-1)} pending={pending}>
          {attendance ? 'Salvar alterações' : 'Cadastrar atendimento'}
        </FormActions>
      </Stack>
    </form>
  );
}

function BackLink() {
  return <BackTo to="/atendimentos">Voltar para atendimentos</BackTo>;
}

/** /atendimento-leader/{id?}: a new attendance (optionally for ?cliente={id}) or the edit of one. */
export default function AttendanceLeaderScreen() {
  const { id: idParam } = useParams();
  const [params] = useSearchParams();
  const trpc = useTRPC();
  const editing = idParam !== undefined;
  const id = parseRecordId(idParam);
  const clientId = editing ? undefined : parseRecordId(params.get('cliente'));

  const attendance = useQuery(trpc.attendances.get.queryOptions(id ? { id } : skipToken));
  const client = useQuery(trpc.clients.get.queryOptions(clientId ? { id: clientId } : skipToken));

  if (editing && recordNotFound(id, attendance)) {
    return <DetailNotFound back={<BackLink />} icon={<IconQuestionMark size={28} aria-hidden />} title="Atendimento não encontrado" />;
  }

  const loading = (editing && !attendance.data) || (clientId !== undefined && client.isPending);
  return (
    <Stack gap="md" maw={880}>
      <BackLink />
      <PageHeader title={editing ? 'Editar atendimento' : 'Novo atendimento'} />
      {editing && attendance.isError ? (
        <Text c="dimmed">Não foi possível carregar o atendimento.</Text>
      ) : loading ? (
        <Stack gap="md" aria-busy="true" aria-label="Carregando formulário">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h={56} />
          ))}
        </Stack>
      ) : (
        <AttendanceForm
          key={attendance.data?.id ?? 'new'}
          attendance={attendance.data}
          client={client.data?.is_active ? { value: String(client.data.id), label: client.data.name } : null}
        />
      )}
    </Stack>
  );
}
