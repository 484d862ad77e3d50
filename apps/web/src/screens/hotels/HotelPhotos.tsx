import type { FavoriteHotel } from '@app/shared/favorite-hotels';
import { IMAGE_UPLOAD, pickedFileProblem, uploadAccept, uploadHint } from '@app/shared/files';
import { MEDIA_CAPTION_MAX, type Media } from '@app/shared/media';
import {
  ActionIcon,
  AspectRatio,
  Badge,
  Button,
  Card,
  CloseButton,
  FileButton,
  Group,
  Image,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPhoto, IconStar, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorText } from '../../components/ErrorText';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { reportUploadError, uploadImage } from '../../lib/upload';

/** A picked file on its way: sent with progress, then attached; or why it was not. */
type Upload = { id: number; name: string; progress: number; attaching: boolean; error: string | null };

let nextUploadId = 1;

/** One photo: its small copy, cover badge, caption, and the buttons to move, make it the cover or delete it. */
function PhotoCard({
  photo,
  index,
  count,
  busy,
  onMove,
  onCover,
  onCaption,
  onDelete,
}: {
  photo: Media;
  index: number;
  count: number;
  busy: boolean;
  onMove: (position: number, direction: 'prev' | 'next') => void;
  onCover: () => void;
  onCaption: (caption: string | null) => void;
  onDelete: () => void;
}) {
  const n = index + 1;
  const [caption, setCaption] = useState(photo.caption ?? '');
  useEffect(() => setCaption(photo.caption ?? ''), [photo.caption]);
  const saveCaption = () => {
    const next = caption.trim() || null;
    if (next !== photo.caption) onCaption(next);
  };
  return (
    <Card withBorder radius="md" padding="xs" data-testid="hotel-photo" data-photo-id={photo.id}>
      <Card.Section pos="relative">
        <AspectRatio ratio={3 / 2}>
          <Image src={photo.thumb_url} alt={photo.caption ?? `Foto ${n}`} fit="cover" loading="lazy" />
        </AspectRatio>
        {photo.is_cover && (
          <Badge pos="absolute" top={8} left={8} color="yellow" leftSection={<IconStar size={12} aria-hidden />} data-testid="cover-badge">
            Capa
          </Badge>
        )}
      </Card.Section>
      <Stack gap="xs" mt="xs">
        <TextInput
          size="xs"
          label={`Legenda da foto ${n}`}
          placeholder="Sem legenda"
          maxLength={MEDIA_CAPTION_MAX}
          value={caption}
          onChange={(e) => setCaption(e.currentTarget.value)}
          onBlur={saveCaption}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              saveCaption();
            }
          }}
        />
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Mover para antes">
              <ActionIcon
                variant="default"
                aria-label={`Mover foto ${n} para antes`}
                data-move={`${photo.id}-prev`}
                disabled={busy || index === 0}
                onClick={() => onMove(index - 1, 'prev')}
              >
                <IconArrowLeft size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Mover para depois">
              <ActionIcon
                variant="default"
                aria-label={`Mover foto ${n} para depois`}
                data-move={`${photo.id}-next`}
                disabled={busy || index === count - 1}
                onClick={() => onMove(index + 1, 'next')}
              >
                <IconArrowRight size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Tooltip label="Excluir foto">
            <ActionIcon variant="subtle" color="red" aria-label={`Excluir foto ${n}`} disabled={busy} onClick={onDelete}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        {photo.is_cover ? (
          <Text fz="xs" c="dimmed" ta="center" lh="26px">
            Capa do hotel
          </Text>
        ) : (
          <Button size="compact-sm" variant="light" fullWidth disabled={busy} onClick={onCover} aria-label={`Definir foto ${n} como capa`}>
            Definir como capa
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The hotel's photos: several uploaded at once (each checked before it is sent, with its progress),
 * then captions, order, cover and removal. Order buttons work from the keyboard; focus stays on
 * the moved photo's button.
 */
export function HotelPhotos({ hotel }: { hotel: FavoriteHotel }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [confirmDelete, setConfirmDelete] = useState<{ photo: Media; n: number } | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  const resetPicker = useRef<() => void>(null);
  const photos = hotel.media;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.favoriteHotels.get.queryKey({ id: hotel.id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.favoriteHotels.list.queryKey() }),
    ]);
  const attach = useMutation(trpc.media.create.mutationOptions({ meta: { silent: true } }));
  const update = useMutation(trpc.media.update.mutationOptions({ onSuccess: () => refresh() }));
  const remove = useMutation(
    trpc.media.delete.mutationOptions({
      onSuccess: async () => {
        setConfirmDelete(null);
        await refresh();
        toastSuccess('Foto excluída.');
      },
      onError: () => setConfirmDelete(null),
    }),
  );

  const busy = update.isPending || remove.isPending;

  // After a move, once the new order shows, the focus goes back to the same button of the moved
  // photo (its other one when that end is reached).
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || busy) return;
    const [photoId] = target.split('-');
    const button =
      document.querySelector<HTMLButtonElement>(`[data-move="${target}"]:not(:disabled)`) ??
      document.querySelector<HTMLButtonElement>(`[data-move^="${photoId}-"]:not(:disabled)`);
    button?.focus();
    focusAfterMove.current = null;
  }, [photos, busy]);

  const patch = (id: number, changes: Partial<Upload>) => setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...changes } : u)));

  /** Sends the picked files one after another, so they join the gallery in the order picked. */
  const send = async (files: File[]) => {
    resetPicker.current?.();
    const picked = files.map((file) => ({
      file,
      upload: { id: nextUploadId++, name: file.name, progress: 0, attaching: false, error: pickedFileProblem(IMAGE_UPLOAD, file) },
    }));
    setUploads((all) => [...all.filter((u) => !u.error), ...picked.map((p) => p.upload)]);
    for (const { file, upload } of picked) {
      if (upload.error) continue;
      try {
        const { key } = await uploadImage(file, { onProgress: (progress) => patch(upload.id, { progress }) });
        patch(upload.id, { progress: 100, attaching: true });
        await attach.mutateAsync({ favorite_hotel_id: hotel.id, key });
        await refresh();
        setUploads((all) => all.filter((u) => u.id !== upload.id));
      } catch (error) {
        patch(upload.id, { attaching: false, error: reportUploadError(error) });
      }
    }
  };

  const sending = uploads.some((u) => !u.error);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <div>
            <Text fw={600} component="h2">
              Fotos
            </Text>
            <Text fz="xs" c="dimmed">
              {uploadHint(IMAGE_UPLOAD)} cada. A capa aparece na lista de hotéis.
            </Text>
          </div>
          <FileButton
            onChange={(files) => void send(files)}
            accept={uploadAccept(IMAGE_UPLOAD)}
            multiple
            resetRef={resetPicker}
            inputProps={{ 'aria-label': 'Arquivos das fotos' }}
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />} loading={sending}>
                Enviar fotos
              </Button>
            )}
          </FileButton>
        </Group>

        {uploads.length > 0 && (
          <Stack gap="xs" aria-live="polite">
            {uploads.map((u) => (
              <Stack key={u.id} gap={2} data-testid="photo-upload">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fz="sm" lineClamp={1}>
                    {u.name}
                  </Text>
                  {u.error ? (
                    <CloseButton
                      size="sm"
                      aria-label={`Dispensar o aviso de ${u.name}`}
                      onClick={() => setUploads((all) => all.filter((x) => x.id !== u.id))}
                    />
                  ) : (
                    <Text fz="xs" c="dimmed">
                      {u.attaching ? 'Salvando…' : `${u.progress}%`}
                    </Text>
                  )}
                </Group>
                {u.error ? (
                  <ErrorText>{u.error}</ErrorText>
                ) : (
                  <Progress
                    value={u.progress}
                    size="sm"
                    radius="xl"
                    animated={u.progress < 100 || u.attaching}
                    aria-label={`Envio de ${u.name}`}
                  />
                )}
              </Stack>
            ))}
          </Stack>
        )}

        {photos.length === 0 ? (
          <Stack align="center" gap={4} py="lg" data-testid="no-photos">
            <IconPhoto size={32} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text fw={500}>Nenhuma foto</Text>
            <Text fz="sm" c="dimmed" ta="center">
              Envie fotos do hotel: a primeira vira a capa.
            </Text>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {photos.map((photo, index) => (
              <PhotoCard
                key={photo.id}
                photo={photo}
                index={index}
                count={photos.length}
                busy={busy}
                onMove={(position, direction) => {
                  focusAfterMove.current = `${photo.id}-${direction}`;
                  update.mutate({ id: photo.id, position });
                }}
                onCover={() => update.mutate({ id: photo.id, is_cover: true }, { onSuccess: () => toastSuccess('Capa definida.') })}
                onCaption={(caption) => update.mutate({ id: photo.id, caption }, { onSuccess: () => toastSuccess('Legenda salva.') })}
                onDelete={() => setConfirmDelete({ photo, n: index + 1 })}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <ConfirmDialog
        opened={!!confirmDelete}
        title="Excluir foto"
        confirmLabel="Excluir"
        loading={remove.isPending}
        onClose={() => setConfirmDelete(null)}
        onConfirm={() => confirmDelete && remove.mutate({ id: confirmDelete.photo.id })}
      >
        <Text>
          Deseja excluir a foto {confirmDelete?.n}
          {confirmDelete?.photo.caption ? ` (${confirmDelete.photo.caption})` : ''}?
          {confirmDelete?.photo.is_cover ? ' Ela é a capa: a foto seguinte passa a ser a capa.' : ''} Não é possível desfazer.
        </Text>
      </ConfirmDialog>
    </Card>
  );
}
