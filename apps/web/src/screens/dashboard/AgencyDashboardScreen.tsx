import '@mantine/charts/styles.css';
import { type AgencyDashboard, agencyDashboardInput, DASHBOARD_DUE_DAYS } from '@app/shared/agency-dashboard';
import { BUDGET_CURRENCIES } from '@app/shared/budget-services';
import { shortDate, toCurrency } from '@app/shared/format';
import { businessDate } from '@app/shared/funnel';
import { BarChart } from '@mantine/charts';
import { Alert, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartBar, IconLock } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../components/DateField';
import { ErrorText } from '../../components/ErrorText';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/ScreenStates';
import { useTRPC } from '../../lib/trpc';
import { useListParams } from '../../lib/use-list-params';
import { useCurrentUser, useSeesCosts } from '../../lib/use-session';
import { useValuesVisible } from '../../lib/value-visibility';
import { useOwnerOptions } from '../attendances/use-owner-options';
import { ChartCard } from './ChartCard';

const integer = new Intl.NumberFormat('pt-BR');
/** The drawing is hidden from assistive technology (its table is read instead), so it takes no focus either. */
const NO_KEYBOARD_LAYER = { accessibilityLayer: false };
const percent = (basisPoints: number | null | undefined) =>
  basisPoints === null || basisPoints === undefined
    ? '—'
    : new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 }).format(basisPoints / 10_000);
const days = (n: number | null) =>
  n === null ? '—' : `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(n)} ${n === 1 ? 'dia' : 'dias'}`;
const monthStart = (day: string) => `${day.slice(0, 8)}01`;
const query = (values: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
};

/** One figure; clicking it opens the list behind it. */
function Figure({ label, value, hint, to, testId }: { label: string; value: ReactNode; hint?: ReactNode; to: string; testId: string }) {
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="md"
      padding="sm"
      data-testid={testId}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** Sales are summed in the currency they were made in: one at a time, reais first. */
const CURRENCY_OPTIONS = BUDGET_CURRENCIES.map((c) => ({ value: c, label: c }));

function Filters({
  from,
  to,
  agent,
  currency,
  update,
}: {
  from: string;
  to: string;
  agent: string | null;
  currency: string;
  update: (c: Record<string, string | undefined>) => void;
}) {
  const owners = useOwnerOptions();
  return (
    <Group align="end" gap="sm" mb="md" wrap="wrap">
      <DateField label="De" value={from} onChange={(v) => update({ de: v ?? undefined })} w={{ base: '100%', xs: 150 }} />
      <DateField label="Até" value={to} onChange={(v) => update({ ate: v ?? undefined })} w={{ base: '100%', xs: 150 }} />
      <Select
        label="Agente"
        placeholder="Todos os agentes"
        clearable
        searchable
        data={owners.options}
        value={agent}
        onChange={(id) => update({ agente: id ?? undefined })}
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label="Moeda"
        data={CURRENCY_OPTIONS}
        value={currency}
        allowDeselect={false}
        onChange={(c) => update({ moeda: c === 'BRL' ? undefined : (c ?? undefined) })}
        w={{ base: '100%', xs: 110 }}
      />
    </Group>
  );
}

/**
 * What each figure's list is filtered by, so it lists exactly the rows the figure counts: the days
 * of the period (the agency's, as the figures), the agent (owner of attendances and budgets, seller
 * of sales and of the money they bring) and the currency of money.
 */
function listFilters(d: AgencyDashboard, agent: string | undefined) {
  const { from, to } = d.period;
  return {
    closed: { 'fechado-de': from, 'fechado-ate': to },
    sent: { 'enviado-de': from, 'enviado-ate': to, responsavel: agent },
    sold: { 'vendido-de': from, 'vendido-ate': to, vendedor: agent, moeda: d.currency },
    money: { moeda: d.currency, vendedor: agent },
  };
}

function Figures({ d, agent }: { d: AgencyDashboard; agent: string | undefined }) {
  const { from, to, today } = d.period;
  const cur = d.currency;
  const a = d.attendances;
  const month = to.slice(0, 7);
  const { closed, sold, money } = listFilters(d, agent);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="dashboard-attendances">
        <Figure
          testId="figure-opened"
          label="Atendimentos abertos"
          value={integer.format(a.opened)}
          to={`/atendimentos${query({ 'aberto-de': from, 'aberto-ate': to, responsavel: agent })}`}
        />
        <Figure
          testId="figure-won"
          label="Ganhos"
          value={integer.format(a.won)}
          to={`/atendimentos${query({ status: 'won', ...closed, responsavel: agent })}`}
        />
        <Figure
          testId="figure-lost"
          label="Perdidos"
          value={integer.format(a.lost)}
          to={`/atendimentos${query({ status: 'lost', ...closed, responsavel: agent })}`}
        />
        <Figure
          testId="figure-conversion"
          label="Conversão"
          value={percent(a.conversion_basis_points)}
          hint="Ganhos entre os ganhos e perdidos"
          to={`/atendimentos${query({ visao: 'funil', ...closed, responsavel: agent })}`}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="dashboard-sales">
        <Figure
          testId="figure-sales"
          label="Vendido"
          value={<Money cents={d.sales.sale_cents} currency={cur} />}
          hint={`${integer.format(d.sales.count)} ${d.sales.count === 1 ? 'venda' : 'vendas'}`}
          to={`/orcamentos${query(sold)}`}
        />
        {d.sales.revenue_cents !== undefined && (
          <Figure
            testId="figure-revenue"
            label="Receita"
            value={<Money cents={d.sales.revenue_cents} currency={cur} />}
            hint={`Margem ${percent(d.sales.margin_basis_points)}`}
            to={`/comissoes${query({ mes: month })}`}
          />
        )}
        {d.sales.commission_cents !== undefined && (
          <Figure
            testId="figure-commission"
            label="Comissão"
            value={<Money cents={d.sales.commission_cents} currency={cur} />}
            to={`/comissoes${query({ mes: month })}`}
          />
        )}
        <Figure
          testId="figure-days"
          label="Do primeiro contato à venda"
          value={days(d.sales.median_days_to_sale)}
          hint="Mediana"
          to={`/orcamentos${query(sold)}`}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="dashboard-cash">
        <Figure
          testId="figure-received"
          label="Recebido"
          value={<Money cents={d.cash_weeks.reduce((s, w) => s + w.received_cents, 0)} currency={cur} />}
          hint={`${shortDate(from)} a ${shortDate(to)}`}
          to={`/contas-a-receber${query({ 'recebido-de': from, 'recebido-ate': to, ...money })}`}
        />
        <Figure
          testId="figure-due"
          label={`A receber em ${DASHBOARD_DUE_DAYS} dias`}
          value={<Money cents={d.due_next.receivable_cents} currency={cur} />}
          hint={`${integer.format(d.due_next.receivables)} ${d.due_next.receivables === 1 ? 'parcela' : 'parcelas'}`}
          to={`/contas-a-receber${query({ situacao: 'em-aberto', de: today, ate: d.due_next.to, ...money })}`}
        />
        <Figure
          testId="figure-overdue"
          label="Parcelas atrasadas"
          value={<Money cents={d.overdue.receivable_cents} currency={cur} />}
          hint={`${integer.format(d.overdue.receivables)} ${d.overdue.receivables === 1 ? 'parcela' : 'parcelas'}`}
          to={`/contas-a-receber${query({ situacao: 'atrasada', ...money })}`}
        />
        {d.due_next.supplier_cost_cents !== undefined && (
          <Figure
            testId="figure-payables"
            label={`A pagar em ${DASHBOARD_DUE_DAYS} dias`}
            value={<Money cents={d.due_next.supplier_cost_cents} currency={cur} />}
            hint={`${integer.format(d.due_next.payables)} ${d.due_next.payables === 1 ? 'conta' : 'contas'} a fornecedores`}
            to={`/contas-a-pagar${query({ situacao: 'em-aberto', de: today, ate: d.due_next.to, ...money })}`}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}

function Charts({ d, agent }: { d: AgencyDashboard; agent: string | undefined }) {
  const visible = useValuesVisible();
  const cur = d.currency;
  const { sent, sold } = listFilters(d, agent);
  // While the header's eye hides values, the axes and tooltips hide them too.
  const money = (cents: number) => (visible ? toCurrency(cents, cur) : '•••••');
  const costs = d.cash_weeks.every((w) => w.supplier_cost_cents !== undefined);
  const budgets = [
    { etapa: 'Enviados', Orçamentos: d.budgets.sent },
    { etapa: 'Abertos pelo cliente', Orçamentos: d.budgets.viewed },
    { etapa: 'Aceitos', Orçamentos: d.budgets.accepted },
  ];
  const weeks = d.cash_weeks.map((w) => ({
    semana: shortDate(w.week).slice(0, 5),
    Recebido: w.received_cents,
    ...(costs ? { 'Pago a fornecedores': w.supplier_cost_cents ?? 0 } : {}),
  }));
  const destinations = d.top_destinations.map((t) => ({ destino: t.destination, Vendido: t.sale_cents }));
  const suppliers = d.top_suppliers.map((s) => ({ fornecedor: s.name, Custo: s.supplier_cost_cents ?? 0 }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} mt="md">
      <ChartCard
        testId="chart-budgets"
        title="Orçamentos enviados no período"
        footer={
          <Group gap="md" mt="xs">
            <Link to={`/orcamentos${query(sent)}`}>Ver os orçamentos enviados</Link>
            <Link to={`/orcamentos${query({ ...sent, aceitos: 'sim' })}`}>Ver os aceitos</Link>
          </Group>
        }
        table={{
          head: ['Etapa', 'Orçamentos'],
          rows: budgets.map((b) => ({ key: b.etapa, cells: [b.etapa, integer.format(b.Orçamentos)] })),
        }}
      >
        <BarChart
          barChartProps={NO_KEYBOARD_LAYER}
          h={220}
          data={budgets}
          dataKey="etapa"
          series={[{ name: 'Orçamentos', color: 'indigo.6' }]}
          valueFormatter={(v) => integer.format(v)}
        />
      </ChartCard>
      <ChartCard
        testId="chart-cash"
        title="Caixa por semana"
        table={{
          head: ['Semana de', 'Recebido', ...(costs ? ['Pago a fornecedores'] : [])],
          rows: d.cash_weeks.map((w) => ({
            key: w.week,
            cells: [
              shortDate(w.week),
              <Money key="r" cents={w.received_cents} currency={cur} />,
              ...(costs ? [<Money key="p" cents={w.supplier_cost_cents ?? 0} currency={cur} />] : []),
            ],
          })),
        }}
      >
        <BarChart
          barChartProps={NO_KEYBOARD_LAYER}
          h={220}
          data={weeks}
          dataKey="semana"
          series={[{ name: 'Recebido', color: 'teal.6' }, ...(costs ? [{ name: 'Pago a fornecedores', color: 'orange.6' }] : [])]}
          valueFormatter={money}
          withLegend
        />
      </ChartCard>
      <ChartCard
        testId="chart-destinations"
        title="Destinos que mais venderam"
        empty={destinations.length ? undefined : 'Nenhuma venda com destino no período.'}
        table={{
          head: ['Destino', 'Vendas', 'Vendido'],
          rows: d.top_destinations.map((t) => ({
            key: t.destination,
            cells: [
              <Link key="d" to={`/orcamentos${query({ 'destino-exato': t.destination, ...sold })}`}>
                {t.destination}
              </Link>,
              integer.format(t.sales),
              <Money key="v" cents={t.sale_cents} currency={cur} />,
            ],
          })),
        }}
      >
        <BarChart
          barChartProps={NO_KEYBOARD_LAYER}
          h={220}
          data={destinations}
          dataKey="destino"
          orientation="vertical"
          yAxisProps={{ width: 110 }}
          series={[{ name: 'Vendido', color: 'blue.6' }]}
          valueFormatter={money}
        />
      </ChartCard>
      {costs && (
        <ChartCard
          testId="chart-suppliers"
          title="Fornecedores com mais custo"
          empty={suppliers.length ? undefined : 'Nenhuma reserva com fornecedor nas vendas do período.'}
          table={{
            head: ['Fornecedor', 'Reservas', 'Custo'],
            rows: d.top_suppliers.map((s) => ({
              key: String(s.id),
              cells: [
                <Link key="s" to={`/contas-a-pagar${query({ busca: s.name })}`}>
                  {s.name}
                </Link>,
                integer.format(s.reservations),
                <Money key="c" cents={s.supplier_cost_cents ?? 0} currency={cur} />,
              ],
            })),
          }}
        >
          <BarChart
            barChartProps={NO_KEYBOARD_LAYER}
            h={220}
            data={suppliers}
            dataKey="fornecedor"
            orientation="vertical"
            yAxisProps={{ width: 110 }}
            series={[{ name: 'Custo', color: 'grape.6' }]}
            valueFormatter={money}
          />
        </ChartCard>
      )}
    </SimpleGrid>
  );
}

/** /painel: the agency's figures for a period and, optionally, one agent. Owners and administrators. */
export default function AgencyDashboardScreen() {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const seesCosts = useSeesCosts();
  const allowed = user?.role === 'owner' || user?.role === 'administrador';
  const { params, update } = useListParams();
  const today = businessDate();
  const from = params.get('de') ?? monthStart(today);
  const to = params.get('ate') ?? today;
  const agent = params.get('agente') ?? undefined;
  const currency = params.get('moeda') ?? 'BRL';
  const input = agencyDashboardInput.safeParse({ from, to, currency, ...(agent ? { user_id: agent } : {}) });
  const dashboard = useQuery({
    ...trpc.agencyDashboard.get.queryOptions(input.success ? input.data : { from: today, to: today }, {
      placeholderData: keepPreviousData,
    }),
    enabled: allowed && input.success,
  });

  if (user && !allowed)
    return (
      <Stack gap={0}>
        <PageHeader />
        <Alert icon={<IconLock size={18} aria-hidden />} title="Sem acesso" color="gray" role="status">
          Só o dono e os administradores da agência veem o painel.
        </Alert>
      </Stack>
    );

  return (
    <Stack gap={0}>
      <PageHeader />
      <Filters from={from} to={to} agent={agent ?? null} currency={currency} update={update} />
      {!input.success ? (
        <ErrorText>{input.error.issues[0]?.message}</ErrorText>
      ) : dashboard.isError ? (
        <LoadFailed
          icon={<IconChartBar size={28} aria-hidden />}
          title="Não foi possível carregar o painel"
          onRetry={() => void dashboard.refetch()}
        />
      ) : !dashboard.data ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} aria-busy="true" aria-label="Carregando o painel">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h={84} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <div data-testid="agency-dashboard" aria-busy={dashboard.isFetching}>
          <Figures d={dashboard.data} agent={agent} />
          <Charts d={dashboard.data} agent={agent} />
          {!seesCosts && (
            <Text fz="xs" c="dimmed" mt="sm">
              Receita, margem, comissão e o que se paga aos fornecedores ficam ocultos: a agência não deixa você ver custos e margens.
            </Text>
          )}
        </div>
      )}
    </Stack>
  );
}
