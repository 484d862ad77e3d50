import { type FavoriteHotel, favoriteHotelInput } from '@app/shared/favorite-hotels';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { HotelPlaceFields } from './HotelPlaceFields';

const LABELS = { name: 'Nome', location: 'Local' };

function NewHotelForm({ onClose, onCreated }: { onClose: () => void; onCreated: (hotel: FavoriteHotel) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [abroad, setAbroad] = useState(false);
  const form = useSchemaForm({
    schema: favoriteHotelInput,
    initialValues: { name: '', city_id: null as number | null, location: '', stars: null as number | null },
    labels: LABELS,
  });
  const create = useMutation(
    trpc.favoriteHotels.create.mutationOptions({
      onSuccess: ({ favorite_hotel: hotel }) => {
        queryClient.setQueryData(trpc.favoriteHotels.get.queryKey({ id: hotel.id }), { favorite_hotel: hotel });
        void queryClient.invalidateQueries({ queryKey: trpc.favoriteHotels.list.queryKey() });
        toastSuccess('Hotel cadastrado. Complete os dados e envie as fotos.');
        onCreated(hotel);
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );

  return (
    <form onSubmit={form.submit((input) => create.mutate(input))} noValidate>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <TextInput label="Nome do hotel" withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <HotelPlaceFields form={form} abroad={abroad} onAbroadChange={setAbroad} />
        <FormActions onCancel={onClose} pending={create.isPending} mt="xs">
          Cadastrar hotel
        </FormActions>
      </Stack>
    </form>
  );
}

/** 'Novo hotel': the name, where it is and its stars; the rest is filled on the hotel's page, where it goes next. */
export function NewHotelModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (hotel: FavoriteHotel) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>Novo hotel</Text>}
      centered
      size={600}
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      {opened && <NewHotelForm onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}
