import { fileSize } from '@app/shared/format';
import {
  IMPORT_KIND_LABELS,
  IMPORT_MESSAGES,
  IMPORT_UPLOAD,
  type Import,
  type ImportKind,
  importTemplateFileName,
} from '@app/shared/imports';
import { Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { UploadButton } from '../../components/UploadButton';
import { UploadProgress } from '../../components/UploadProgress';
import { downloadFile } from '../../lib/download';
import { useTRPC } from '../../lib/trpc';
import { reportUploadError, sendMultipart } from '../../lib/upload';

import { StepHeading } from './StepFrame';

const UPLOAD_ERROR = 'Erro ao enviar a planilha';

/**
 * Why a picked file cannot be sent, or null if it can. The API tells a CSV from an XLSX by its
 * bytes whatever its name, so only what is certain is refused here: the size, an empty file and
 * the old Excel format.
 */
function fileProblem(file: File): string | null {
  if (file.size > IMPORT_UPLOAD.maxBytes) return IMPORT_MESSAGES.tooLarge;
  if (file.size === 0) return `O arquivo "${file.name}" está vazio.`;
  if (/\.xls$/i.test(file.name)) return IMPORT_MESSAGES.legacyExcel;
  return null;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Step 1: the kind (people or organizations), the spreadsheet dropped or picked and sent with its progress, and the kind's template. */
export function UploadStep({
  kinds,
  kind,
  onKindChange,
  onUploaded,
}: {
  kinds: readonly ImportKind[];
  kind: ImportKind;
  onKindChange: (kind: ImportKind) => void;
  onUploaded: (imp: Import) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const hintId = useId();
  useEffect(() => () => upload.current?.abort(), []);
  const busy = progress !== null;

  const send = async (file: File) => {
    const refused = fileProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.current = new AbortController();
    setProgress(0);
    try {
      const imp = await sendMultipart<Import>(
        'PUT',
        `/api/uploads/${kind}`,
        { file },
        { onProgress: setProgress, signal: upload.current.signal },
      );
      // The answer is the import as the next step shows it: no need to fetch it again.
      queryClient.setQueryData(trpc.imports.get.queryKey({ id: imp.id }), imp);
      void queryClient.invalidateQueries({ queryKey: trpc.imports.list.pathKey() });
      onUploaded(imp);
    } catch (error) {
      if (!isAbort(error)) setProblem(reportUploadError(error, UPLOAD_ERROR));
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) void send(file);
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/api/imports/template/${kind}`, importTemplateFileName(kind));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <StepHeading>Enviar arquivo</StepHeading>
      {kinds.length > 1 && (
        <Radio.Group label="O que a planilha traz" value={kind} onChange={(value) => onKindChange(value as ImportKind)}>
          <Group gap="lg" mt={6}>
            {kinds.map((k) => (
              <Radio key={k} value={k} label={IMPORT_KIND_LABELS[k]} disabled={busy} />
            ))}
          </Group>
        </Radio.Group>
      )}
      <Paper
        withBorder
        radius="md"
        p="lg"
        onDragOver={(event) => {
          event.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'var(--mantine-color-blue-5)' : undefined,
          background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
        }}
        data-testid="import-drop-zone"
      >
        <Stack align="center" gap="xs" ta="center">
          <IconFileSpreadsheet size={36} color="var(--mantine-color-blue-6)" aria-hidden />
          <Text fw={500}>Arraste a planilha até aqui ou escolha o arquivo</Text>
          <UploadButton
            rule={IMPORT_UPLOAD}
            onPick={(file) => void send(file)}
            busy={busy}
            inputLabel="Arquivo da planilha"
            aria-describedby={hintId}
          >
            Escolher arquivo
          </UploadButton>
          <Text fz="xs" c="dimmed" id={hintId} maw={460}>
            CSV (separado por vírgula, ponto e vírgula ou tabulação) ou XLSX de até {fileSize(IMPORT_UPLOAD.maxBytes)}. A primeira linha
            deve trazer os nomes das colunas.
          </Text>
        </Stack>
      </Paper>
      <UploadProgress
        progress={progress}
        noun="da planilha"
        sending="Enviando planilha…"
        received="Planilha enviada, lendo as colunas…"
        testId="import-upload-progress"
        onCancel={() => upload.current?.abort()}
      />
      <ErrorText testId="import-upload-error">{problem}</ErrorText>
      <Group gap="xs" wrap="wrap">
        <Text fz="sm" c="dimmed">
          Use o modelo para ter as colunas que o sistema reconhece sozinho:
        </Text>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={downloading}
          onClick={() => void downloadTemplate()}
        >
          Baixar modelo
        </Button>
      </Group>
    </Stack>
  );
}
