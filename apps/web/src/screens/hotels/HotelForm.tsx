import { type FavoriteHotel, favoriteHotelInput } from '@app/shared/favorite-hotels';
import type { ReferenceListKey } from '@app/shared/reference-lists';
import { Button, Card, Group, MultiSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { PhoneInput } from '../../components/PhoneInput';
import { SupplierPicker } from '../../components/pickers/SupplierPicker';
import { useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { HotelPlaceFields } from './HotelPlaceFields';
import { cityLabel } from './labels';

/** Names of fields in the messages that name them. */
const LABELS = { name: 'Nome', location: 'Local', address: 'Endereço', website: 'Site', notes: 'Observações' };

/** Every option of these lists fits one call (they hold tens of rows). */
const ALL_OPTIONS = 100;

function initialValues(h: FavoriteHotel) {
  return {
    name: h.name,
    city_id: h.city?.id ?? null,
    location: h.location ?? '',
    stars: h.stars,
    address: h.address ?? '',
    phone: h.phone ?? '',
    email: h.email ?? '',
    website: h.website ?? '',
    supplier_id: h.supplier?.id ?? null,
    notes: h.notes ?? '',
    diet_ids: h.diets.map((d) => d.id),
    room_type_ids: h.room_types.map((r) => r.id),
  };
}

/**
 * Several rows of a hotel list (diets, room types): the active ones to choose from, plus those the
 * hotel already has (kept even when no longer active).
 */
function ReferenceMultiSelect({
  list,
  label,
  chosen,
  value,
  onChange,
  error,
}: {
  list: ReferenceListKey;
  label: string;
  /** The rows the hotel has now, by name. */
  chosen: { id: number; name: string }[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const trpc = useTRPC();
  const options = useQuery(trpc.referenceLists[list].list.queryOptions({ autocomplete: 'true', per_page: ALL_OPTIONS }));
  const active = options.data?.items ?? [];
  const kept = chosen.filter((c) => !active.some((a) => a.id === c.id));
  const data = [
    ...active.map((item) => ({ value: String(item.id), label: item.name })),
    ...kept.map((item) => ({ value: String(item.id), label: `${item.name} (inativo)` })),
  ];
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : 'Escolha um ou mais'}
      data={data}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={options.isError ? 'Não foi possível carregar as opções' : 'Nenhum resultado'}
      error={error}
    />
  );
}

/** The hotel's data, saved with 'Salvar alterações' (PUT replaces the whole hotel, photos aside). */
export function HotelForm({ hotel }: { hotel: FavoriteHotel }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [abroad, setAbroad] = useState(!hotel.city && !!hotel.location);
  const form = useSchemaForm({ schema: favoriteHotelInput, initialValues: initialValues(hotel), labels: LABELS });
  const save = useMutation(
    trpc.favoriteHotels.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.favoriteHotels.get.queryKey({ id: hotel.id }), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.favoriteHotels.list.queryKey() });
        form.resetDirty();
        toastSuccess('Hotel atualizado.');
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const v = form.values;

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={form.submit((input) => save.mutate({ id: hotel.id, ...input }))} noValidate aria-label="Dados do hotel">
        <Stack gap="md">
          <Text fw={600} component="h2">
            Dados do hotel
          </Text>
          <ErrorText>{form.formError}</ErrorText>
          <TextInput label="Nome do hotel" withAsterisk autoComplete="off" {...form.getInputProps('name')} />
          <HotelPlaceFields form={form} cityLabel={cityLabel(hotel.city)} abroad={abroad} onAbroadChange={setAbroad} />
          <TextInput label="Endereço" autoComplete="off" {...form.getInputProps('address')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PhoneInput form={form} path="phone" label="Telefone" />
            <TextInput label="E-mail" type="email" inputMode="email" autoComplete="off" {...form.getInputProps('email')} />
            <TextInput label="Site" inputMode="url" autoComplete="off" placeholder="www.hotel.com" {...form.getInputProps('website')} />
            <SupplierPicker
              label="Fornecedor"
              placeholder="Quem vende este hotel"
              serviceType="accommodation"
              initialLabel={hotel.supplier?.name}
              {...form.getInputProps('supplier_id')}
              onChange={(id) => form.setFieldValue('supplier_id', id)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ReferenceMultiSelect
              list="hotel_diet_params"
              label="Regimes de alimentação"
              chosen={hotel.diets}
              value={v.diet_ids}
              onChange={(ids) => form.setFieldValue('diet_ids', ids)}
              error={form.errors.diet_ids as string | undefined}
            />
            <ReferenceMultiSelect
              list="hotel_type_room_params"
              label="Tipos de quarto"
              chosen={hotel.room_types}
              value={v.room_type_ids}
              onChange={(ids) => form.setFieldValue('room_type_ids', ids)}
              error={form.errors.room_type_ids as string | undefined}
            />
          </SimpleGrid>
          <Textarea label="Observações" autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
              Salvar alterações
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
