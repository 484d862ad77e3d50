// /relatorio-de-acessos (owner only): how long each user was active on each screen in a period,
// from the access-log beacon; active time per day as a chart; the table as a CSV for Excel. The
// "Dados pessoais" tab (?aba=dados-pessoais) lists the reads and exports of personal data (LGPD).
import { ACCESS_LOG_LIMITS, daysInRange, formatActiveTime } from '@app/shared/access-log-rules';
import { dateTime } from '@app/shared/format';
import { businessDate } from '@app/shared/funnel';
import { Button, Card, EmptyState, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateField } from '../../components/DateField';
import { ListTable } from '../../components/ListScreen';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed, LoadingRows } from '../../components/ScreenStates';
import { useTRPC } from '../../lib/trpc';
import { ActiveTimeChart } from './ActiveTimeChart';
import { accessReportCsv, accessReportFileName } from './access-report-csv';
import { PersonalDataTab } from './PersonalDataTab';
import { screenLabel } from './screen-labels';

const DEFAULT_DAYS = 30;

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** What is wrong with the period, said under the end date (the API answers the same). */
function periodError(start: string | null, end: string | null): string | null {
  if (!start || !end) return 'Informe as duas datas';
  if (end < start) return 'A data final deve ser igual ou posterior à data inicial';
  if (daysInRange(start, end) > ACCESS_LOG_LIMITS.reportDays) return `O período pode ter no máximo ${ACCESS_LOG_LIMITS.reportDays} dias`;
  return null;
}

function saveCsv(text: string, filename: string) {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="h3" fw={600}>
        {value}
      </Text>
    </Card>
  );
}

export default function AccessReportScreen() {
  const trpc = useTRPC();
  const today = businessDate();
  const [start, setStart] = useState<string | null>(addDays(today, 1 - DEFAULT_DAYS));
  const [end, setEnd] = useState<string | null>(today);
  const error = periodError(start, end);
  const input = { start_date: start ?? today, end_date: end ?? today };
  const [params, setParams] = useSearchParams();
  const tab = params.get('aba') === 'dados-pessoais' ? 'dados-pessoais' : 'telas';
  const report = useQuery(
    trpc.accessLogs.report.queryOptions(input, { enabled: !error && tab === 'telas', placeholderData: keepPreviousData }),
  );
  const data = report.data;

  return (
    <>
      <PageHeader
        actions={
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            variant="light"
            disabled={tab !== 'telas' || !data?.rows.length}
            onClick={() => data && saveCsv(accessReportCsv(data.rows), accessReportFileName(data.start_date, data.end_date))}
          >
            Baixar CSV
          </Button>
        }
      />
      <Stack gap="lg">
        <Group align="flex-start" gap="md">
          <DateField label="De" value={start} onChange={setStart} maxDate={today} w={160} />
          <DateField label="Até" value={end} onChange={setEnd} maxDate={today} w={160} error={error} />
        </Group>

        <Tabs
          value={tab}
          onChange={(next) => setParams(next === 'dados-pessoais' ? { aba: next } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="telas">Acessos às telas</Tabs.Tab>
            <Tabs.Tab value="dados-pessoais">Dados pessoais</Tabs.Tab>
          </Tabs.List>
        </Tabs>

        {tab === 'dados-pessoais' ? (
          <PersonalDataTab input={input} enabled={!error} />
        ) : report.isError && !data ? (
          <LoadFailed icon={<IconChartBar />} title="Não foi possível carregar o relatório" onRetry={() => void report.refetch()} />
        ) : !data ? (
          <LoadingRows label="Carregando o relatório de acessos" />
        ) : (
          <Stack gap="lg" aria-busy={report.isFetching}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Figure label="Tempo ativo no período" value={formatActiveTime(data.total_active_time)} />
              <Figure label="Visitas" value={String(data.total_visits)} />
              <Figure label="Usuários ativos" value={String(new Set(data.rows.map((r) => r.user_id)).size)} />
            </SimpleGrid>
            <Card withBorder padding="md">
              <Title order={2} fz="h4" mb="sm">
                Tempo ativo por dia
              </Title>
              <ActiveTimeChart days={data.days} />
            </Card>
            {data.rows.length === 0 ? (
              <EmptyState
                icon={<IconChartBar />}
                title="Nenhum acesso no período"
                description="As telas abertas pela equipe aparecem aqui depois de alguns segundos de uso."
                py="xl"
              />
            ) : (
              <ListTable
                query={report}
                rows={data.rows}
                rowKey={(row) => `${row.user_id}-${row.controller}`}
                label="Acessos por usuário e tela"
                minWidth={640}
                primary={{ label: 'Usuário', title: (row) => row.user_name ?? 'Usuário removido' }}
                columns={[
                  { label: 'Tela', cell: (row) => screenLabel(row.controller) },
                  { label: 'Tempo ativo', align: 'right', cell: (row) => formatActiveTime(row.active_time) },
                  { label: 'Visitas', align: 'right', cell: (row) => row.visits },
                  { label: 'Último acesso', cell: (row) => dateTime(row.last_access) },
                ]}
              />
            )}
          </Stack>
        )}
      </Stack>
    </>
  );
}
