import type { Attendance } from '@app/shared/attendances';
import { isRecordId } from '@app/shared/constants';
import { NOTES_MAX_LENGTH } from '@app/shared/crm-rules';
import { Button, Card, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconQuestionMark } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { CurrencyInput } from '../../components/CurrencyInput';
import { PageHeader } from '../../components/PageHeader';
import { BackLink as BackTo, DetailNotFound } from '../../components/ScreenStates';
import { apiError } from '../../lib/api-error';
import { useCurrentUser } from '../../lib/session';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';
import { ClientSelect } from './ClientSelect';
import { useOwnerOptions } from './use-owner-options';

const RULES = { client_id: 'required', title: 'required|minmax:2,160' };
const LABELS = { client_id: 'Cliente', title: 'Título', destination: 'Destino' };

type Values = {
  client_id: string;
  title: string;
  destination: string;
  start_date: string;
  end_date: string;
  adults: string;
  children: string;
  infants: string;
  budget_min_cents: string;
  budget_max_cents: string;
  value_cents: string;
  owner_user_id: string;
  notes: string;
};

const text = (v: string | null | undefined) => v ?? '';
const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const toInt = (v: string) => (v === '' ? null : Number(v));

function initialValues(a: Attendance | undefined, clientId: number | null, ownerId: number | undefined): Values {
  return {
    client_id: a ? String(a.client_id) : clientId ? String(clientId) : '',
    title: text(a?.title),
    destination: text(a?.destination),
    start_date: text(a?.start_date),
    end_date: text(a?.end_date),
    adults: num(a ? a.adults : 1),
    children: num(a?.children ?? 0),
    infants: num(a?.infants ?? 0),
    budget_min_cents: num(a?.budget_min_cents),
    budget_max_cents: num(a?.budget_max_cents),
    value_cents: num(a?.value_cents),
    owner_user_id: a ? String(a.owner_user_id) : ownerId ? String(ownerId) : '',
    notes: text(a?.notes),
  };
}

function PassengersInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <NumberInput
      label={label}
      min={0}
      max={99}
      allowNegative={false}
      allowDecimal={false}
      clampBehavior="strict"
      value={value === '' ? '' : Number(value)}
      onChange={(v) => onChange(v === '' ? '' : String(v))}
    />
  );
}

function AttendanceForm({ attendance, client }: { attendance?: Attendance; client: { value: string; label: string } | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const owners = useOwnerOptions();
  const form = useForm<Values>({
    initialValues: initialValues(attendance, client ? Number(client.value) : null, me?.id),
    rules: RULES,
    labels: LABELS,
  });
  const v = form.values;

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
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    const fields = {
      client_id: Number(values.client_id),
      title: values.title.trim(),
      destination: values.destination.trim() || null,
      start_date: values.start_date || null,
      end_date: values.end_date || null,
      adults: toInt(values.adults) ?? 0,
      children: toInt(values.children) ?? 0,
      infants: toInt(values.infants) ?? 0,
      budget_min_cents: toInt(values.budget_min_cents),
      budget_max_cents: toInt(values.budget_max_cents),
      value_cents: toInt(values.value_cents) ?? 0,
      notes: values.notes.trim() || null,
    };
    if (attendance) update.mutate({ id: attendance.id, ...fields });
    else create.mutate({ ...fields, ...(values.owner_user_id ? { owner_user_id: Number(values.owner_user_id) } : {}) });
  });

  const money = (name: 'budget_min_cents' | 'budget_max_cents' | 'value_cents', label: string, description?: string) => (
    <CurrencyInput
      label={label}
      description={description}
      name={name}
      value={toInt(v[name])}
      onChange={(cents) => form.setFieldValue(name, cents === null ? '' : String(cents))}
      error={form.errors[name]}
    />
  );

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.formError && (
          <Text c="red" fz="sm" role="alert">
            {form.formError}
          </Text>
        )}
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <ClientSelect
              name="client_id"
              value={v.client_id}
              onChange={(value) => form.setFieldValue('client_id', value)}
              error={form.errors.client_id}
              selected={attendance ? { value: String(attendance.client_id), label: attendance.client.name } : client}
            />
            <TextInput
              label="Título"
              withAsterisk
              maxLength={160}
              placeholder="Ex.: Lua de mel em Lisboa"
              {...form.getInputProps('title')}
            />
            <TextInput label="Destino" maxLength={160} {...form.getInputProps('destination')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput type="date" label="Início da viagem" {...form.getInputProps('start_date')} />
              <TextInput type="date" label="Fim da viagem" min={v.start_date || undefined} {...form.getInputProps('end_date')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 3 }} spacing="md">
              <PassengersInput label="Adultos" value={v.adults} onChange={(x) => form.setFieldValue('adults', x)} />
              <PassengersInput label="Crianças" value={v.children} onChange={(x) => form.setFieldValue('children', x)} />
              <PassengersInput label="Bebês" value={v.infants} onChange={(x) => form.setFieldValue('infants', x)} />
            </SimpleGrid>
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
                {...form.getSelectProps('owner_user_id')}
              />
            )}
            <Textarea label="Observações" autosize minRows={3} maxLength={NOTES_MAX_LENGTH} {...form.getInputProps('notes')} />
          </Stack>
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate(-1)} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {attendance ? 'Salvar alterações' : 'Cadastrar atendimento'}
          </Button>
        </Group>
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
  const id = Number(idParam);
  const clientParam = Number(params.get('cliente'));
  const clientId = !editing && isRecordId(clientParam) ? clientParam : null;

  const attendance = useQuery(trpc.attendances.get.queryOptions({ id }, { enabled: editing && isRecordId(id) }));
  const client = useQuery(trpc.clients.get.queryOptions({ id: clientId ?? 0 }, { enabled: clientId !== null }));

  if (editing && (!isRecordId(id) || (attendance.isError && apiError(attendance.error).status === 404))) {
    return <DetailNotFound back={<BackLink />} icon={<IconQuestionMark size={28} aria-hidden />} title="Atendimento não encontrado" />;
  }

  const loading = (editing && !attendance.data) || (clientId !== null && client.isPending);
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
