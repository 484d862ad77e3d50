import { type Consolidated, consolidatedFieldsInput } from '@app/shared/attendances';
import { NOTES_MAX_LENGTH } from '@app/shared/crm-rules';
import { DOCUMENT_UPLOAD, FILE_TYPE_LABELS, isFileType, pickedFileProblem, uploadHint } from '@app/shared/files';
import { dateTime, fileSize, shortDate } from '@app/shared/format';
import { Anchor, Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconDownload, IconFileAlert, IconFileText, IconFileTypePdf, IconPencil, IconPhoto } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DetailField, OrMissing } from '../../components/DetailFields';
import { ErrorText } from '../../components/ErrorText';
import { Money } from '../../components/Money';
import { LoadFailed } from '../../components/ScreenStates';
import { UploadButton } from '../../components/UploadButton';
import { UploadProgress } from '../../components/UploadProgress';
import { downloadFile } from '../../lib/download';
import { useSchemaForm } from '../../lib/form';
import { staleWriteOf } from '../../lib/stale-write';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { reportUploadError, sendMultipart, type UploadOptions } from '../../lib/upload';
import { passengers, travelDates } from './labels';

const FILE_UPLOAD_ERROR = 'Erro ao enviar o documento';
const NOTES_SAVE_ERROR = 'Erro ao salvar as observações';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Sends a change to PATCH /api/attendances/consolidated/{id}, based on the attendance's version the
 * screen read (If-Match); the history gets a new entry. A change another agent made first refuses it
 * (409, nothing saved): the section reads the attendance again and the caller shows who and when.
 */
function useSaveConsolidated(consolidated: Consolidated) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const attendanceId = consolidated.attendance_id;
  return async (parts: { file?: File; fields?: Record<string, string> }, opts?: UploadOptions) => {
    const url = `/api/attendances/consolidated/${attendanceId}`;
    const saved = await sendMultipart<Consolidated>('PATCH', url, { ...parts, version: consolidated.version }, opts).catch(
      (error: unknown) => {
        if (staleWriteOf(error)) void queryClient.invalidateQueries({ queryKey: trpc.attendances.pathKey() });
        throw error;
      },
    );
    // The answer is the new state, so the consolidated query is set from it instead of refetched.
    queryClient.setQueryData(trpc.attendances.consolidated.queryKey({ id: attendanceId }), saved);
    void queryClient.invalidateQueries({ queryKey: trpc.attendances.logs.queryKey({ id: attendanceId }) });
    // The attendance's version moved: its other forms base their next save on the new one.
    void queryClient.invalidateQueries({ queryKey: trpc.attendances.get.queryKey({ id: attendanceId }) });
    return saved;
  };
}

function NotesEditor({ consolidated }: { consolidated: Consolidated }) {
  const save = useSaveConsolidated(consolidated);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm({ schema: consolidatedFieldsInput, initialValues: { notes: '' } });
  const draft = form.values.notes;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Focus follows the switch between reading and editing, for keyboard users.
  const focusNext = useRef<'textarea' | 'button' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'textarea') textarea.current?.focus();
    if (focusNext.current === 'button') editButton.current?.focus();
    focusNext.current = null;
  }, [editing]);

  const current = consolidated.notes ?? '';
  const changed = draft.trim() !== current;

  const startEditing = () => {
    form.setFieldValue('notes', current);
    form.clearErrors();
    focusNext.current = 'textarea';
    setEditing(true);
  };
  const stopEditing = () => {
    focusNext.current = 'button';
    setEditing(false);
  };
  const submit = form.submit(async ({ notes }) => {
    if (!changed || saving) return;
    setSaving(true);
    try {
      // An empty text clears the notes.
      await save({ fields: { notes: notes ?? '' } });
      toastSuccess('Observações do consolidado salvas.');
      stopEditing();
    } catch (e) {
      form.setFieldError('notes', reportUploadError(e, NOTES_SAVE_ERROR));
    } finally {
      setSaving(false);
    }
  });

  if (!editing) {
    return (
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} component="h3" fz="sm">
            Observações
          </Text>
          <Button
            ref={editButton}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={startEditing}
          >
            {current ? 'Editar observações' : 'Adicionar observações'}
          </Button>
        </Group>
        {current ? (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="consolidated-notes">
            {current}
          </Text>
        ) : (
          <Text fz="sm" c="dimmed">
            Nenhuma observação. Registre aqui o que o cliente precisa saber sobre a viagem fechada (localizadores, horários, pendências).
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          ref={textarea}
          label="Observações do consolidado"
          autosize
          minRows={4}
          maxRows={14}
          {...form.getInputProps('notes')}
          // Read-only, not disabled, while saving: the field keeps the focus if the save fails.
          readOnly={saving}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={`${draft.length.toLocaleString('pt-BR')} de ${NOTES_MAX_LENGTH.toLocaleString('pt-BR')} caracteres`}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !saving) {
              e.preventDefault();
              stopEditing();
            }
          }}
        />
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={stopEditing} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving} disabled={!changed}>
            Salvar observações
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DocumentPanel({ consolidated }: { consolidated: Consolidated }) {
  const save = useSaveConsolidated(consolidated);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const hintId = useId();
  useEffect(() => () => upload.current?.abort(), []);

  const file = consolidated.file;

  const send = async (picked: File) => {
    const rejected = pickedFileProblem(DOCUMENT_UPLOAD, picked);
    setProblem(rejected);
    if (rejected) return;
    upload.current = new AbortController();
    setProgress(0);
    try {
      await save({ file: picked }, { onProgress: setProgress, signal: upload.current.signal });
      toastSuccess(file ? 'Documento substituído.' : 'Documento enviado.');
    } catch (error) {
      if (!isAbort(error)) setProblem(reportUploadError(error, FILE_UPLOAD_ERROR));
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  const download = async () => {
    if (!file) return;
    setDownloading(true);
    try {
      await downloadFile(file.url, file.filename);
    } finally {
      setDownloading(false);
    }
  };

  const busy = progress !== null;
  const FileIcon = file?.content_type === 'application/pdf' ? IconFileTypePdf : IconPhoto;

  return (
    <Stack gap="xs">
      <Text fw={600} component="h3" fz="sm">
        Documento
      </Text>
      {file ? (
        <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="consolidated-file">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <FileIcon size={28} color="var(--mantine-color-blue-6)" aria-hidden style={{ flexShrink: 0 }} />
            <div style={{ minWidth: 0 }}>
              <Text fz="sm" fw={500} truncate data-testid="consolidated-file-name">
                {file.filename}
              </Text>
              <Text fz="xs" c="dimmed">
                {isFileType(file.content_type) ? FILE_TYPE_LABELS[file.content_type] : file.content_type} · {fileSize(file.size)}
              </Text>
            </div>
          </Group>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={() => void download()}
            aria-label={`Baixar ${file.filename}`}
          >
            Baixar
          </Button>
        </Group>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <IconFileText size={20} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text fz="sm" c="dimmed">
            Nenhum documento enviado.
          </Text>
        </Group>
      )}
      <UploadProgress
        progress={progress}
        noun="do documento"
        sending="Enviando documento…"
        received="Documento enviado, salvando…"
        testId="consolidated-upload-progress"
        onCancel={() => upload.current?.abort()}
      />
      <ErrorText testId="consolidated-file-error">{problem}</ErrorText>
      <Group gap="xs">
        <UploadButton
          rule={DOCUMENT_UPLOAD}
          onPick={(picked) => void send(picked)}
          busy={busy}
          inputLabel="Arquivo do documento do consolidado"
          variant={file ? 'default' : 'light'}
          size="sm"
          aria-describedby={hintId}
        >
          {file ? 'Substituir documento' : 'Enviar documento'}
        </UploadButton>
      </Group>
      <Text fz="xs" c="dimmed" id={hintId}>
        {uploadHint(DOCUMENT_UPLOAD)}
        {file ? '. O documento atual é substituído pelo novo.' : '.'}
      </Text>
    </Stack>
  );
}

/** What was sold in this attendance: each standing sale, with a way to its page. */
function SalesList({ sales }: { sales: Consolidated['sales'] }) {
  if (!sales.length) return null;
  return (
    <Stack gap={4} data-testid="consolidated-sales">
      <Text fz="sm" c="dimmed">
        {sales.length === 1 ? 'Venda' : 'Vendas'}
      </Text>
      {sales.map((sale) => (
        <Group key={sale.budget_id} justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="sm">
            <Anchor component={Link} to={`/venda-fechada/${sale.budget_id}`}>
              {sale.budget_title}
            </Anchor>
            {sale.proposal_title ? ` · ${sale.proposal_title}` : ''} · {sale.seller.name}, {dateTime(sale.sold_at)}
          </Text>
          <Text fz="sm" fw={600}>
            <Money cents={sale.sale_cents} currency={sale.currency} />
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The closing summary of the trip: travel data, value, notes and the document sent to the client. */
export function ConsolidatedSection({ attendanceId }: { attendanceId: number }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.attendances.consolidated.queryOptions({ id: attendanceId }));
  const titleId = useId();
  const c = query.data;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId} data-testid="consolidated-section">
      <Group justify="space-between" align="baseline" gap="xs" mb="md">
        <Text fw={600} component="h2" id={titleId}>
          Consolidado da viagem
        </Text>
        {c && (
          <Text fz="xs" c="dimmed" data-testid="consolidated-updated-at">
            {c.updated_at ? `Atualizado em ${dateTime(c.updated_at)}` : 'Ainda não preenchido'}
          </Text>
        )}
      </Group>
      {c ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md" data-testid="consolidated-summary">
            <DetailField label="Destino">
              <OrMissing value={c.destination} />
            </DetailField>
            <DetailField label="Datas">
              <OrMissing value={travelDates(c.start_date, c.end_date, shortDate)} missing="Sem data" />
            </DetailField>
            <DetailField label="Passageiros">
              <OrMissing value={passengers(c)} />
            </DetailField>
            <DetailField label="Valor">
              <Text fw={600}>
                <Money cents={c.value_cents} />
              </Text>
            </DetailField>
          </SimpleGrid>
          <SalesList sales={c.sales} />
          <Divider />
          <NotesEditor consolidated={c} />
          <Divider />
          <DocumentPanel consolidated={c} />
        </Stack>
      ) : query.isError ? (
        <LoadFailed
          icon={<IconFileAlert size={28} aria-hidden />}
          title="Não foi possível carregar o consolidado"
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="Carregando consolidado">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} h={40} />
            ))}
          </SimpleGrid>
          <Skeleton h={60} />
        </Stack>
      )}
    </Card>
  );
}
