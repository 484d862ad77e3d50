// /orcamento-infor/{id}: a budget's information — its trip data, passengers, observations, status,
// whether the customer sees the prices, what the customer did with its link, and its history; links
// to its totals and timeline, and the share menu.
import { type BudgetTree, canPatchBudgetStatus, updateBudgetInput } from '@app/shared/budgets';
import { CLIENT_DOCUMENT_TYPE_LABELS } from '@app/shared/crm-labels';
import { formatRate } from '@app/shared/currency-quotes';
import { dateTime, shortDate } from '@app/shared/format';
import { Anchor, Button, Card, Grid, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Timeline } from '@mantine/core';
import { IconCalculator, IconEdit, IconQuestionMark, IconTimeline } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CountrySelect } from '../../components/CountrySelect';
import { DateField } from '../../components/DateField';
import { DetailField } from '../../components/DetailFields';
import { ErrorText } from '../../components/ErrorText';
import { PageHeader } from '../../components/PageHeader';
import { BackLink, DetailNotFound, DetailPending } from '../../components/ScreenStates';
import { StaleWritePanel } from '../../components/StaleWritePanel';
import { useSchemaForm } from '../../lib/form';
import { recordNotFound, useRecordId } from '../../lib/record-route';
import { useStaleWrite } from '../../lib/stale-write';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { BudgetStatusBadge } from './badges';
import { AGE_GROUP_LABELS, BUDGET_STATUS_LABELS, BUDGET_STATUSES, budgetEditorPath, headCountText } from './labels';
import { SaleAction } from './sale/SaleAction';
import { AcceptedInfoCard } from './share/AcceptedInfoCard';
import { ShareMenu } from './share/ShareMenu';
import { TravelChecks } from './TravelChecks';

const tripInput = updateBudgetInput.pick({
  id: true,
  title: true,
  destination: true,
  destination_country: true,
  start_date: true,
  end_date: true,
});
const TRIP_LABELS = { title: 'Título', destination: 'Destino', destination_country: 'País' };
const TRIP_FIELD_LABELS: Record<string, string> = { ...TRIP_LABELS, start_date: 'Início da viagem', end_date: 'Fim da viagem' };

const tripValues = (budget: BudgetTree) => ({
  id: budget.id,
  title: budget.title,
  destination: budget.destination ?? '',
  destination_country: budget.destination_country,
  start_date: budget.start_date,
  end_date: budget.end_date,
});
/** The statuses this screen sets (accepted and sold have their own actions). */
const EDITABLE = ['draft', 'sent', 'canceled'] as const;

function useBudgetSaved() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (saved: BudgetTree | null, message: string) => {
    if (saved) queryClient.setQueryData(trpc.budgets.get.queryKey({ id: saved.id }), saved);
    void queryClient.invalidateQueries({ queryKey: trpc.budgets.pathKey() });
    toastSuccess(message);
  };
}

function TripCard({ budget }: { budget: BudgetTree }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useBudgetSaved();
  const form = useSchemaForm({ schema: tripInput, initialValues: tripValues(budget), labels: TRIP_LABELS });
  const stale = useStaleWrite({
    version: budget.version,
    base: tripValues(budget),
    readCurrent: async () => {
      const current = await queryClient.fetchQuery(trpc.budgets.get.queryOptions({ id: budget.id }, { staleTime: 0 }));
      return { values: tripValues(current), version: current.version };
    },
    // Taken by the form, then submitted on the version read.
    resave: (merged) => {
      form.setValues(merged);
      setTimeout(() => submit(), 0);
    },
  });
  const save = useMutation(
    trpc.budgets.update.mutationOptions({
      onSuccess: (b) => {
        form.resetDirty();
        stale.saved(b.version, tripValues(b));
        saved(b, 'Dados do orçamento salvos.');
      },
      onError: (error) => {
        if (!stale.caught(error, form.getValues())) form.setServerErrors(error);
      },
    }),
  );
  const submit = form.submit((input) => save.mutate({ ...input, version: stale.version() }));
  // Another save (another agent's, or another card's) reaches the form at once while nothing is typed
  // in it; what is being typed stays, and its save offers the merge.
  const shownVersion = useRef(budget.version);
  useEffect(() => {
    if (budget.version === shownVersion.current || form.isDirty()) return;
    shownVersion.current = budget.version;
    const values = tripValues(budget);
    form.setValues(values);
    form.resetDirty(values);
    stale.saved(budget.version, values);
  });
  return (
    <Card withBorder radius="lg" padding="md">
      <form onSubmit={submit} noValidate aria-label="Dados da viagem">
        <Stack gap="sm">
          <Text fw={600} component="h2" fz="lg">
            Viagem
          </Text>
          <ErrorText>{form.formError}</ErrorText>
          <StaleWritePanel state={stale} labels={TRIP_FIELD_LABELS} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <DetailField label="Cliente">
              <Anchor component={Link} to={`/clientes-pessoa-interna/${budget.client.id}`}>
                {budget.client.name}
              </Anchor>
            </DetailField>
            <DetailField label="Atendimento">
              <Anchor component={Link} to={`/atendimento/${budget.attendance_id}`}>
                Ver atendimento
              </Anchor>
            </DetailField>
            <DetailField label="Moeda">
              <Text>
                {budget.currency}
                {budget.currency !== 'BRL' && ` (cotação ${formatRate(budget.currency_rate)})`}
              </Text>
            </DetailField>
          </SimpleGrid>
          <TextInput label="Título" withAsterisk {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Destino" {...form.getInputProps('destination')} />
            <CountrySelect label="País" description="Do destino: diz se é preciso visto" {...form.getInputProps('destination_country')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField label="Início da viagem" {...form.getInputProps('start_date')} />
            <DateField label="Fim da viagem" minDate={form.values.start_date ?? undefined} {...form.getInputProps('end_date')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Salvar dados
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const OBSERVATIONS_LABELS = { observations: 'Observações' };

function ObservationsCard({ budget }: { budget: BudgetTree }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useBudgetSaved();
  const [text, setText] = useState(budget.observations ?? '');
  const stale = useStaleWrite({
    version: budget.version,
    base: { observations: budget.observations ?? '' },
    readCurrent: async () => {
      const current = await queryClient.fetchQuery(trpc.budgets.get.queryOptions({ id: budget.id }, { staleTime: 0 }));
      return { values: { observations: current.observations ?? '' }, version: current.version };
    },
    resave: (merged) => {
      setText(merged.observations);
      send(merged.observations);
    },
  });
  const save = useMutation(
    trpc.budgets.update.mutationOptions({
      onSuccess: (b) => {
        stale.saved(b.version, { observations: b.observations ?? '' });
        saved(b, 'Observações salvas.');
      },
      onError: (error) => {
        stale.caught(error, { observations: text.trim() });
      },
    }),
  );
  const send = (value: string) => save.mutate({ id: budget.id, observations: value.trim() || null, version: stale.version() });
  // Another save reaches the text at once while the agent has not typed in it.
  const shown = useRef({ version: budget.version, text: budget.observations ?? '' });
  useEffect(() => {
    if (budget.version === shown.current.version) return;
    const untouched = text === shown.current.text;
    shown.current = { version: budget.version, text: budget.observations ?? '' };
    if (!untouched) return;
    setText(shown.current.text);
    stale.saved(budget.version, { observations: shown.current.text });
  });
  const changed = text.trim() !== (budget.observations ?? '');
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <StaleWritePanel state={stale} labels={OBSERVATIONS_LABELS} />
        <Textarea
          label="Observações"
          description="Aparecem para o cliente na proposta"
          autosize
          minRows={3}
          maxLength={4000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button loading={save.isPending} disabled={!changed} onClick={() => send(text)}>
            Salvar observações
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function StatusCard({ budget }: { budget: BudgetTree }) {
  const trpc = useTRPC();
  const saved = useBudgetSaved();
  const queryClient = useQueryClient();
  const status = useMutation(trpc.budgets.update.mutationOptions({ onSuccess: (b) => saved(b, 'Status alterado.') }));
  // The switch follows the click at once, and goes back if the call fails.
  const [shown, setShown] = useState(budget.show_values);
  useEffect(() => setShown(budget.show_values), [budget.show_values]);
  const showValues = useMutation(
    trpc.budgets.showValues.mutationOptions({
      onError: () => {
        setShown(budget.show_values);
        // A stale toggle (another agent changed the budget): the card shows the budget as it is now.
        void queryClient.invalidateQueries({ queryKey: trpc.budgets.get.queryKey({ id: budget.id }) });
      },
      onSuccess: (r) => {
        queryClient.setQueryData(trpc.budgets.get.queryKey({ id: budget.id }), (b) =>
          b ? { ...b, show_values: r.show_values, version: r.version } : b,
        );
        saved(null, r.show_values ? 'Os valores aparecem para o cliente.' : 'Os valores ficam ocultos para o cliente.');
      },
    }),
  );
  const options = BUDGET_STATUSES.filter(
    (s) => s === budget.status || ((EDITABLE as readonly string[]).includes(s) && canPatchBudgetStatus(budget.status, s)),
  ).map((s) => ({ value: s, label: BUDGET_STATUS_LABELS[s] }));
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="md">
        <Select
          label="Status"
          data={options}
          value={budget.status}
          allowDeselect={false}
          disabled={status.isPending || options.length < 2}
          onChange={(next) => {
            if (next && next !== budget.status) status.mutate({ id: budget.id, status: next as BudgetTree['status'] });
          }}
        />
        <Switch
          label="Mostrar valores ao cliente"
          description="Na página e no PDF da proposta"
          checked={shown}
          disabled={showValues.isPending}
          onChange={(e) => {
            setShown(e.currentTarget.checked);
            showValues.mutate({ id: budget.id, show_values: e.currentTarget.checked, version: budget.version });
          }}
        />
      </Stack>
    </Card>
  );
}

function HistoryCard({ budget }: { budget: BudgetTree }) {
  const events = [
    { label: 'Criado', at: budget.created_at },
    { label: 'Enviado', at: budget.sent_at },
    { label: 'Aceito', at: budget.accepted_at },
    { label: 'Vendido', at: budget.sold_at },
    { label: 'Cancelado', at: budget.canceled_at },
  ].filter((e): e is { label: string; at: string } => !!e.at);
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Text fw={600} component="h2" fz="lg">
          Histórico
        </Text>
        <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
          {events.map((e) => (
            <Timeline.Item key={e.label} title={e.label}>
              <Text fz="sm" c="dimmed" data-testid={`history-${e.label.toLowerCase()}`}>
                {dateTime(e.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Card>
  );
}

function PassengersCard({ budget }: { budget: BudgetTree }) {
  const counts = { adult: 0, child: 0, infant: 0 };
  for (const p of budget.paxes) counts[p.age_group] += 1;
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600} component="h2" fz="lg">
            Passageiros
          </Text>
          <Text fz="sm" c="dimmed">
            {headCountText(counts)}
          </Text>
        </Group>
        {budget.paxes.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Nenhum passageiro cadastrado.
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {budget.paxes.map((p) => (
              <li key={p.id}>
                <Text fz="sm" fw={500}>
                  {p.name}{' '}
                  <Text span fz="xs" c="dimmed">
                    {AGE_GROUP_LABELS[p.age_group]}
                    {p.birth_date ? ` · ${shortDate(p.birth_date)}` : ''}
                    {p.document_type ? ` · ${CLIENT_DOCUMENT_TYPE_LABELS[p.document_type]} ${p.document_number ?? ''}` : ''}
                  </Text>
                </Text>
              </li>
            ))}
          </Stack>
        )}
        <Anchor component={Link} to={budgetEditorPath(budget.id)} fz="sm">
          Editar passageiros no orçamento
        </Anchor>
      </Stack>
    </Card>
  );
}

export default function BudgetInfoScreen() {
  const id = useRecordId();
  const trpc = useTRPC();
  const query = useQuery(trpc.budgets.get.queryOptions(id ? { id } : skipToken));
  const back = (
    <BackLink to={id ? budgetEditorPath(id) : '/orcamentos'}>{id ? 'Voltar para o orçamento' : 'Voltar para orçamentos'}</BackLink>
  );
  if (recordNotFound(id, query))
    return <DetailNotFound back={back} icon={<IconQuestionMark size={28} aria-hidden />} title="Orçamento não encontrado" />;
  const budget = query.data;
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={budget?.title ?? 'Informações do orçamento'}
        actions={
          budget && (
            <>
              <SaleAction budget={budget} />
              <ShareMenu budget={budget} />
              <Button component={Link} to={budgetEditorPath(budget.id)} variant="default" leftSection={<IconEdit size={16} aria-hidden />}>
                Editar orçamento
              </Button>
              <Button
                component={Link}
                to={`/valor-total/${budget.id}`}
                variant="default"
                leftSection={<IconCalculator size={16} aria-hidden />}
              >
                Valor total
              </Button>
              <Button
                component={Link}
                to={`/orcamento-timeline/${budget.id}`}
                variant="default"
                leftSection={<IconTimeline size={16} aria-hidden />}
              >
                Timeline
              </Button>
            </>
          )
        }
      >
        {budget && <BudgetStatusBadge status={budget.status} />}
      </PageHeader>
      {budget ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <TripCard key={budget.id} budget={budget} />
              <PassengersCard budget={budget} />
              <TravelChecks budgetId={budget.id} />
              <ObservationsCard key={budget.id} budget={budget} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <StatusCard budget={budget} />
              <AcceptedInfoCard budgetId={budget.id} />
              <HistoryCard budget={budget} />
            </Stack>
          </Grid.Col>
        </Grid>
      ) : (
        <DetailPending failed={query.isError} noun="orçamento" />
      )}
    </Stack>
  );
}
