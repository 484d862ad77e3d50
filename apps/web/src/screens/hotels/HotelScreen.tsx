import type { FavoriteHotel } from '@app/shared/favorite-hotels';
import { Button, Grid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBedOff, IconTrash } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { BackLink as BackTo, DetailNotFound, DetailPending } from '../../components/ScreenStates';
import { recordNotFound, useRecordId } from '../../lib/record-route';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { HotelForm } from './HotelForm';
import { HotelPhotos } from './HotelPhotos';
import { hotelPlace } from './labels';
import { Stars } from './Stars';

function BackLink() {
  return <BackTo to="/hoteis">Voltar para hotéis</BackTo>;
}

/** 'Excluir hotel', after a confirmation: the hotel goes with its photos. */
function DeleteHotel({ hotel }: { hotel: FavoriteHotel }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opened, confirm] = useDisclosure(false);
  const remove = useMutation(
    trpc.favoriteHotels.delete.mutationOptions({
      onSuccess: () => {
        confirm.close();
        queryClient.removeQueries({ queryKey: trpc.favoriteHotels.get.queryKey({ id: hotel.id }) });
        void queryClient.invalidateQueries({ queryKey: trpc.favoriteHotels.list.queryKey() });
        toastSuccess('Hotel excluído.');
        void navigate('/hoteis', { replace: true });
      },
      onError: () => confirm.close(),
    }),
  );
  const photos = hotel.media_count;
  return (
    <>
      <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirm.open}>
        Excluir hotel
      </Button>
      <ConfirmDialog
        opened={opened}
        title="Excluir hotel"
        confirmLabel="Excluir"
        loading={remove.isPending}
        onClose={confirm.close}
        onConfirm={() => remove.mutate({ id: hotel.id })}
      >
        <Text>
          Deseja excluir <strong>{hotel.name}</strong>
          {photos ? ` e ${photos === 1 ? 'a sua foto' : `as suas ${photos} fotos`}` : ''}? Não é possível desfazer.
        </Text>
      </ConfirmDialog>
    </>
  );
}

export default function HotelScreen() {
  const id = useRecordId();
  const trpc = useTRPC();
  const query = useQuery(trpc.favoriteHotels.get.queryOptions(id ? { id } : skipToken));

  if (recordNotFound(id, query)) {
    return <DetailNotFound back={<BackLink />} icon={<IconBedOff size={28} aria-hidden />} title="Hotel não encontrado" />;
  }

  const hotel = query.data?.favorite_hotel;
  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader title={hotel?.name ?? 'Hotel favorito'} actions={hotel && <DeleteHotel hotel={hotel} />}>
        {hotel && <Stars stars={hotel.stars} size={16} />}
      </PageHeader>
      {hotel ? (
        <>
          {hotelPlace(hotel) && (
            <Text c="dimmed" mt={-16} data-testid="hotel-place">
              {hotelPlace(hotel)}
            </Text>
          )}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <HotelForm key={hotel.id} hotel={hotel} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <HotelPhotos hotel={hotel} />
            </Grid.Col>
          </Grid>
        </>
      ) : (
        <DetailPending failed={query.isError} noun="hotel" />
      )}
    </Stack>
  );
}
