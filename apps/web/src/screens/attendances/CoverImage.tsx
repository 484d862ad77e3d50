import type { Attendance } from '@app/shared/attendances';
import { IMAGE_UPLOAD, uploadAccept, uploadHint } from '@app/shared/files';
import { Button, Card, Center, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { reportUploadError, uploadImage } from '../../lib/upload';

/** The attendance's cover image: shown, replaced through an upload with progress, or removed. */
export function CoverImage({ attendance }: { attendance: Attendance }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // Cleared after each pick, so choosing the same file again uploads it again.
  const resetFile = useRef<() => void>(null);

  const save = useMutation(
    trpc.attendances.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.attendances.get.queryKey({ id: saved.id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.attendances.pathKey() });
      },
    }),
  );

  const upload = async (file: File | null) => {
    if (!file) return;
    resetFile.current?.();
    setUploadError(null);
    setProgress(0);
    let key: string;
    try {
      key = (await uploadImage(file, { onProgress: setProgress })).key;
    } catch (error) {
      setProgress(null);
      setUploadError(reportUploadError(error));
      return;
    }
    save.mutate(
      { id: attendance.id, cover_image_key: key },
      { onSuccess: () => toastSuccess('Imagem de capa atualizada.'), onSettled: () => setProgress(null) },
    );
  };

  const busy = progress !== null || save.isPending;

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Text fw={600}>Imagem de capa</Text>
        {attendance.cover_image_url ? (
          <Image
            src={attendance.cover_image_url}
            alt={`Imagem de capa de ${attendance.title}`}
            h={200}
            fit="cover"
            radius="md"
            data-testid="cover-image"
          />
        ) : (
          <Center h={120} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Stack gap={4} align="center">
              <IconPhoto size={28} color="var(--mantine-color-gray-5)" aria-hidden />
              <Text fz="sm" c="dimmed">
                Sem imagem de capa
              </Text>
            </Stack>
          </Center>
        )}
        {progress !== null && (
          <Stack gap={4}>
            <Progress value={progress} size="md" radius="xl" animated={progress < 100} aria-label="Progresso do envio da imagem" />
            <Text fz="xs" c="dimmed" aria-live="polite" data-testid="upload-progress">
              {progress < 100 ? `Enviando imagem… ${progress}%` : 'Imagem enviada, salvando…'}
            </Text>
          </Stack>
        )}
        {uploadError && (
          <Text fz="sm" c="red" role="alert">
            {uploadError}
          </Text>
        )}
        <Group gap="xs">
          <FileButton
            onChange={(file) => void upload(file)}
            resetRef={resetFile}
            accept={uploadAccept(IMAGE_UPLOAD)}
            disabled={busy}
            inputProps={{ 'aria-label': 'Arquivo da imagem de capa' }}
          >
            {(props) => (
              <Button {...props} variant="light" size="sm" leftSection={<IconUpload size={16} aria-hidden />} loading={busy}>
                {attendance.cover_image_url ? 'Trocar imagem' : 'Enviar imagem'}
              </Button>
            )}
          </FileButton>
          {attendance.cover_image_url && (
            <Button
              variant="subtle"
              color="red"
              size="sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={busy}
              onClick={() =>
                save.mutate({ id: attendance.id, cover_image_key: null }, { onSuccess: () => toastSuccess('Imagem de capa removida.') })
              }
            >
              Remover
            </Button>
          )}
        </Group>
        <Text fz="xs" c="dimmed">
          {uploadHint(IMAGE_UPLOAD)}.
        </Text>
      </Stack>
    </Card>
  );
}
