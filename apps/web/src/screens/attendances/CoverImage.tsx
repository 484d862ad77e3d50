import type { Attendance } from '@app/shared/attendances';
import { Card, Center, Image, Progress, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorText } from '../../components/ErrorText';
import { ImageUploadActions } from '../../components/ImageUploadActions';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useImageUpload } from '../../lib/use-image-upload';

/** The attendance's cover image: shown, replaced through an upload with progress, or removed. */
export function CoverImage({ attendance }: { attendance: Attendance }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const save = useMutation(
    trpc.attendances.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.attendances.get.queryKey({ id: saved.id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.attendances.pathKey() });
      },
    }),
  );

  const { upload, progress, uploadError } = useImageUpload((key, done) =>
    save.mutate(
      { id: attendance.id, cover_image_key: key },
      { onSuccess: () => toastSuccess('Imagem de capa atualizada.'), onSettled: done },
    ),
  );

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
        <ErrorText>{uploadError}</ErrorText>
        <ImageUploadActions
          hasImage={!!attendance.cover_image_url}
          busy={busy}
          onPick={(file) => void upload(file)}
          onRemove={() =>
            save.mutate({ id: attendance.id, cover_image_key: null }, { onSuccess: () => toastSuccess('Imagem de capa removida.') })
          }
          inputLabel="Arquivo da imagem de capa"
          labels={{ send: 'Enviar imagem', replace: 'Trocar imagem' }}
        />
      </Stack>
    </Card>
  );
}
