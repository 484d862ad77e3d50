// "Seus dados": the owner takes the whole agency with them (every table as CSV and the files, in
// one zip), made in the background; the card follows its progress and offers the file when done.
import {
  AGENCY_EXPORT_MESSAGES,
  AGENCY_EXPORT_STATUS_LABELS,
  type AgencyExport,
  agencyExportDownloadPath,
} from '@app/shared/agency-exports';
import { dateTime } from '@app/shared/format';
import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const STATUS_COLORS = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' } as const;
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

function ExportLine({ item }: { item: AgencyExport }) {
  const working = item.status === 'queued' || item.status === 'running';
  const percent = item.tables_total ? Math.round((100 * item.tables_done) / item.tables_total) : 0;
  return (
    <Stack gap={6} data-testid="agency-export">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Text fz="sm">{dateTime(item.created_at)}</Text>
          <Badge color={STATUS_COLORS[item.status]} variant="light">
            {AGENCY_EXPORT_STATUS_LABELS[item.status]}
          </Badge>
          {item.size !== null && (
            <Text fz="sm" c="dimmed">
              {megabytes(item.size)}
            </Text>
          )}
        </Group>
        {item.status === 'done' && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => void downloadFile(agencyExportDownloadPath(item.id), `dados-da-agencia-${item.created_at.slice(0, 10)}.zip`)}
          >
            Baixar
          </Button>
        )}
      </Group>
      {working && (
        <Progress value={percent} animated aria-label={`Exportação: ${item.tables_done} de ${item.tables_total || '…'} tabelas`} />
      )}
      {item.error && (
        <Text fz="sm" c="red">
          {item.error}
        </Text>
      )}
    </Stack>
  );
}

export function AgencyExportCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(
    trpc.agencyExports.list.queryOptions(undefined, {
      // Re-read while one is under way, to move its bar.
      refetchInterval: (q) => (q.state.data?.exports.some((e) => e.status === 'queued' || e.status === 'running') ? 1_500 : false),
    }),
  );
  const start = useMutation(
    trpc.agencyExports.start.mutationOptions({
      onSuccess: () => {
        toastSuccess(AGENCY_EXPORT_MESSAGES.started);
        void queryClient.invalidateQueries({ queryKey: trpc.agencyExports.list.queryKey() });
      },
    }),
  );
  const exports = list.data?.exports ?? [];
  const busy = exports.some((e) => e.status === 'queued' || e.status === 'running');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="agency-export-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="agency-export-title">
          Seus dados
        </Title>
        <Text fz="sm" c="dimmed">
          Um arquivo .zip com todos os dados da agência (clientes, atendimentos, orçamentos, vendas, tarefas…) em planilhas CSV e os
          arquivos enviados. É seu: leve para onde quiser.
        </Text>
        <Group>
          <Button
            leftSection={<IconFileZip size={16} aria-hidden />}
            onClick={() => start.mutate({})}
            loading={start.isPending}
            disabled={busy}
          >
            Exportar todos os dados
          </Button>
        </Group>
        {list.isPending && <Text fz="sm">Carregando…</Text>}
        {exports.map((item) => (
          <ExportLine key={item.id} item={item} />
        ))}
      </Stack>
    </Card>
  );
}
