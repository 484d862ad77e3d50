// The system company's view of the job queue ('Filas'): how many jobs are in each state, the jobs
// that ran out of attempts (with their last error) and their retry.
import type { FailedJob, JobState } from '@app/shared/queues';
import { Button, Card, Group, SimpleGrid, Spoiler, Text, Title } from '@mantine/core';
import { IconRefresh, IconStack2 } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListTable } from '../../components/ListScreen';
import { PageHeader } from '../../components/PageHeader';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useListParams } from '../../lib/use-list-params';
import { JOB_STATE_LABELS, QUEUE_KIND_LABELS } from './labels';

const PER_PAGE = 10;
const NOUN: [string, string] = ['tarefa com falha', 'tarefas com falha'];

/** Seconds too: a job retried and failed again shows a new time within the minute. */
const when = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso)) : '—';

/** A payload holds ids: 'user_id: 12, company_id: 3'. */
function payloadText(payload: unknown): string {
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    const entries = Object.entries(payload);
    return entries.length ? entries.map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(', ') : '—';
  }
  return JSON.stringify(payload) ?? '—';
}

function Counts() {
  const trpc = useTRPC();
  const counts = useQuery(trpc.queues.counts.queryOptions());
  const data = counts.data;
  return (
    <Card withBorder radius="lg" padding="md" mb="lg" aria-busy={counts.isFetching}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h4">
          Tarefas por situação
        </Title>
        <Text fz="sm" c="dimmed" data-testid="queue-kind">
          {data ? QUEUE_KIND_LABELS[data.kind] : ' '}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" component="dl" m={0}>
        {(Object.keys(JOB_STATE_LABELS) as JobState[]).map((state) => (
          <div key={state} data-testid={`queue-count-${state}`}>
            <Text component="dt" fz="sm" c="dimmed">
              {JOB_STATE_LABELS[state]}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={700} c={state === 'failed' && data?.counts.failed ? 'red.8' : undefined}>
              {data ? data.counts[state] : '…'}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function RetryButton({ job }: { job: Pick<FailedJob, 'id' | 'name'> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.queues.retry.mutationOptions({
      onSuccess: () => {
        toastSuccess(`A tarefa ${job.name} voltou para a fila.`);
        void queryClient.invalidateQueries({ queryKey: trpc.queues.pathKey() });
      },
      // Gone meanwhile (retried elsewhere, pruned): the list shows what there is now.
      onError: () => void queryClient.invalidateQueries({ queryKey: trpc.queues.pathKey() }),
    }),
  );
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={retry.isPending}
      onClick={() => retry.mutate({ id: job.id })}
      aria-label={`Tentar novamente a tarefa ${job.name} (${job.id})`}
    >
      Tentar novamente
    </Button>
  );
}

export default function QueuesScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { page, setPage } = useListParams();
  const failed = useQuery(trpc.queues.failed.queryOptions({ page, per_page: PER_PAGE }, { placeholderData: keepPreviousData }));
  const jobs = failed.data?.jobs ?? [];

  return (
    <>
      <PageHeader
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: trpc.queues.pathKey() })}
          >
            Atualizar
          </Button>
        }
      />
      <Counts />
      <Card withBorder radius="lg" padding="md">
        <Title order={2} fz="h4" mb="sm">
          Tarefas com falha
        </Title>
        <ListContent
          query={failed}
          isEmpty={jobs.length === 0}
          icon={<IconStack2 size={28} aria-hidden />}
          noun={NOUN}
          feminine
          empty={{ hint: 'As tarefas que esgotam as tentativas aparecem aqui, para tentar de novo.' }}
        >
          <ListTable
            query={failed}
            rows={jobs}
            rowKey={(job) => job.id}
            rowTestId="failed-job"
            minWidth={900}
            primary={{
              label: 'Tarefa',
              title: (job) => (
                <Text span inherit ff="monospace">
                  {job.name}
                </Text>
              ),
              subtitle: (job) => `#${job.id}`,
            }}
            columns={[
              {
                label: 'Dados',
                cell: (job) => (
                  <Text fz="sm" ff="monospace" data-testid="failed-job-payload">
                    {payloadText(job.payload)}
                  </Text>
                ),
              },
              {
                label: 'Erro',
                maw: 360,
                cell: (job) => (
                  <Spoiler maxHeight={44} showLabel="Ver tudo" hideLabel="Ver menos">
                    {/* One paragraph: errors such as a payload's refusal come as indented JSON. */}
                    <Text fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="failed-job-error">
                      {job.error?.replace(/\s+/g, ' ') ?? '—'}
                    </Text>
                  </Spoiler>
                ),
              },
              {
                label: 'Tentativas',
                cell: (job) => (
                  <Text fz="sm" data-testid="failed-job-attempts">
                    {job.attempts} de {job.max_attempts}
                  </Text>
                ),
              },
              {
                label: 'Quando',
                cell: (job) => (
                  <Text fz="sm" data-testid="failed-job-when">
                    {when(job.failed_at)}
                  </Text>
                ),
              },
              { label: 'Ações', actions: true, cell: (job) => <RetryButton job={job} /> },
            ]}
          />
        </ListContent>
        <ListPagination pagination={failed.data?.pagination} noun={NOUN} onChange={setPage} />
      </Card>
    </>
  );
}
