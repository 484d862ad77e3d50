import { dateTime } from '@app/shared/format';
import { type Import, importRejectsFileName } from '@app/shared/imports';
import { Alert, Button, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileImport, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadFile } from '../../lib/download';
import { rowCount } from './labels';
import { StepHeading } from './StepFrame';

/** Step 4: the job's progress, rows done of the total (polled by the screen); a failed run can go on from where it stopped. */
export function RunStep({ imp, restarting, onRestart }: { imp: Import; restarting: boolean; onRestart: () => void }) {
  const total = imp.total_rows;
  const percent = total ? Math.floor((imp.processed_rows / total) * 100) : 0;
  const failed = imp.status === 'failed';
  const words =
    imp.status === 'queued'
      ? 'Na fila: a importação começa em instantes.'
      : total === null
        ? 'Lendo a planilha…'
        : `${imp.processed_rows.toLocaleString('pt-BR')} de ${rowCount(total)} (${percent}%)`;

  return (
    <Stack gap="md">
      <StepHeading>Importar</StepHeading>
      <Text fz="sm" c="dimmed">
        <Text span fw={500} c="var(--mantine-color-text)">
          {imp.filename}
        </Text>{' '}
        {failed ? 'parou antes do fim.' : 'está sendo importada em segundo plano. Você pode sair desta tela: o progresso continua aqui.'}
      </Text>
      <Stack gap={4}>
        {/* The track carries the role: a section at 0% has no width, and the bar would read as hidden. */}
        <Progress.Root
          size="lg"
          radius="xl"
          role="progressbar"
          aria-label="Progresso da importação"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={words}
        >
          <Progress.Section
            withAria={false}
            value={imp.status === 'queued' ? 100 : percent}
            striped={!failed}
            animated={!failed}
            color={failed ? 'red' : imp.status === 'queued' ? 'gray' : undefined}
          />
        </Progress.Root>
        <Text fz="sm" aria-live="polite" data-testid="import-progress">
          {words}
        </Text>
      </Stack>
      {failed && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="A importação falhou">
          <Stack gap="sm">
            <Text fz="sm" data-testid="import-error">
              {imp.error}
            </Text>
            <Text fz="sm">
              Até aqui: {imp.created_count} criados, {imp.updated_count} atualizados e {imp.rejected_count} recusados. Ao continuar, as
              linhas já feitas não são repetidas.
            </Text>
            <Group>
              <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={restarting} onClick={onRestart}>
                Continuar importação
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function Count({ label, value, testId, color }: { label: string; value: number; testId: string; color: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="h2" fw={700} c={color} data-testid={testId}>
        {value.toLocaleString('pt-BR')}
      </Text>
    </Card>
  );
}

/** Step 5: what the import did, the refused rows as a CSV with their reasons, and where to go next. */
export function ResultStep({
  imp,
  list,
  onStartOver,
}: {
  imp: Import;
  /** The list the records went to. */
  list: { to: string; label: string };
  onStartOver: () => void;
}) {
  const [downloading, setDownloading] = useState(false);
  const downloadRejects = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/api/imports/${imp.id}/rejects.csv`, importRejectsFileName(imp.filename));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <StepHeading>Resultado</StepHeading>
      <Text fz="sm" c="dimmed" data-testid="import-result-summary">
        Importação de {imp.filename} concluída{imp.finished_at ? ` em ${dateTime(imp.finished_at)}` : ''}:{' '}
        {rowCount(imp.total_rows ?? imp.processed_rows)}.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Count label="Criados" value={imp.created_count} testId="import-created" color="teal" />
        <Count label="Atualizados" value={imp.updated_count} testId="import-updated" color="blue" />
        <Count label="Recusados" value={imp.rejected_count} testId="import-rejected" color={imp.rejected_count ? 'red' : 'dimmed'} />
      </SimpleGrid>
      {imp.rejected_count > 0 && (
        <Text fz="sm">
          Corrija as linhas recusadas no CSV (a última coluna diz o motivo de cada uma), apague essa coluna e importe o arquivo de novo.
        </Text>
      )}
      <Group gap="xs" wrap="wrap">
        {imp.rejected_count > 0 && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={() => void downloadRejects()}
          >
            Baixar rejeitados (CSV)
          </Button>
        )}
        <Button component={Link} to={list.to} variant="default">
          {list.label}
        </Button>
        <Button leftSection={<IconFileImport size={16} aria-hidden />} onClick={onStartOver}>
          Nova importação
        </Button>
      </Group>
    </Stack>
  );
}
