import type { Client } from '@app/shared/clients';
import { DOCUMENT_UPLOAD, pickedFileProblem, uploadHint } from '@app/shared/files';
import { dateTime, fileSize } from '@app/shared/format';
import { ActionIcon, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorText } from '../../components/ErrorText';
import { UploadButton } from '../../components/UploadButton';
import { downloadFile } from '../../lib/download';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { reportUploadError, uploadFile } from '../../lib/upload';

const ATTACHMENT_UPLOAD_ERROR = 'Erro ao enviar o anexo';

type Attachment = Client['attachments'][number];

/** The client's files: upload with progress, authenticated download, removal with confirmation. */
export function ClientAttachments({ client }: { client: Client }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Attachment | null>(null);

  const saved = (c: Client) => queryClient.setQueryData(trpc.clients.get.queryKey({ id: c.id }), c);
  const remove = useMutation(
    trpc.clients.removeAttachment.mutationOptions({
      onSuccess: (c) => {
        saved(c);
        toastSuccess('Anexo removido.');
      },
      onSettled: () => setRemoving(null),
    }),
  );

  const upload = async (file: File) => {
    // A file the server would refuse is refused before any byte goes.
    const refused = pickedFileProblem(DOCUMENT_UPLOAD, file);
    setProblem(refused);
    if (refused) return;
    setProgress(0);
    try {
      saved(await uploadFile<Client>(`/api/clients/${client.id}/attachments`, file, { onProgress: setProgress }));
      toastSuccess('Anexo enviado.');
    } catch (error) {
      setProblem(reportUploadError(error, ATTACHMENT_UPLOAD_ERROR));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600} component="h2">
          Anexos
        </Text>
        <UploadButton
          rule={DOCUMENT_UPLOAD}
          onPick={(f) => void upload(f)}
          busy={progress !== null}
          inputLabel="Arquivo do anexo"
          size="xs"
          variant="light"
          leftSection={<IconUpload size={14} aria-hidden />}
        >
          Enviar anexo
        </UploadButton>
      </Group>
      <ErrorText>{problem}</ErrorText>
      {progress !== null && (
        <Stack gap={4} mb="sm">
          <Progress value={progress} animated aria-label="Progresso do envio do anexo" />
          <Text fz="xs" c="dimmed" aria-live="polite">
            Enviando… {progress}%
          </Text>
        </Stack>
      )}
      {client.attachments.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Nenhum anexo. Envie documentos em {uploadHint(DOCUMENT_UPLOAD)}.
        </Text>
      ) : (
        <Stack gap="xs">
          {client.attachments.map((a) => (
            <Group key={a.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="client-attachment">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
                <div style={{ minWidth: 0 }}>
                  <Text fz="sm" truncate>
                    {a.filename}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {fileSize(a.size)} · {dateTime(a.created_at)}
                  </Text>
                </div>
              </Group>
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Baixar">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Baixar ${a.filename}`}
                    onClick={() => void downloadFile('/api/clients/download_attachment', a.filename, { attachment_id: a.id })}
                  >
                    <IconDownload size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Remover">
                  <ActionIcon variant="subtle" color="red" aria-label={`Remover ${a.filename}`} onClick={() => setRemoving(a)}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remover anexo"
        confirmLabel="Remover"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ id: client.id, attachment_id: removing.id })}
      >
        <Text>
          Deseja remover <strong>{removing?.filename}</strong>? O arquivo é apagado.
        </Text>
      </ConfirmDialog>
    </Card>
  );
}
