import { HOTEL_STARS, hotelStarsLabel } from '@app/shared/favorite-hotels';
import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ReferencePicker } from '../../components/pickers/ReferencePicker';

/** The form values every hotel form has: where the hotel is, and its stars. */
export type PlaceValues = { city_id: number | null; location: string; stars: number | null };

const STAR_OPTIONS = HOTEL_STARS.map((n) => ({ value: String(n), label: hotelStarsLabel(n) }));

type Props<V extends PlaceValues> = {
  form: Pick<UseFormReturnType<V>, 'getInputProps' | 'setFieldValue' | 'values'>;
  /** The city's text when the form opens with one ('Gramado · RS'). */
  cityLabel?: string;
  /** The city is not in the list: the place is written out instead. */
  abroad: boolean;
  onAbroadChange: (abroad: boolean) => void;
};

/**
 * The hotel's city, picked from the cities list (type, then Enter), or, when it is not in the
 * list (a hotel abroad), the place written out; and its stars.
 */
export function HotelPlaceFields<V extends PlaceValues>({ form, cityLabel, abroad, onAbroadChange }: Props<V>) {
  const stars = form.getInputProps('stars');
  const switchAbroad = (next: boolean) => {
    onAbroadChange(next);
    // One of the two is sent: the other is cleared.
    if (next) form.setFieldValue('city_id', null as never);
    else form.setFieldValue('location', '' as never);
  };
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {abroad ? (
          <TextInput
            key="location"
            label="Local"
            description="Cidade, região e país do hotel"
            placeholder="Ex.: Positano, Costa Amalfitana, Itália"
            withAsterisk
            {...form.getInputProps('location')}
          />
        ) : (
          <ReferencePicker
            key="city"
            list="city_params"
            label="Cidade"
            placeholder="Digite o nome da cidade"
            withAsterisk
            initialLabel={cityLabel}
            {...form.getInputProps('city_id')}
            onChange={(id) => form.setFieldValue('city_id', id as never)}
          />
        )}
        <Select
          label="Estrelas"
          placeholder="Sem classificação"
          clearable
          data={STAR_OPTIONS}
          error={stars.error}
          onBlur={stars.onBlur}
          value={form.values.stars ? String(form.values.stars) : null}
          onChange={(value) => form.setFieldValue('stars', (value ? Number(value) : null) as never)}
        />
      </SimpleGrid>
      <Checkbox
        label="A cidade não está na lista (hotel no exterior)"
        checked={abroad}
        onChange={(event) => switchAbroad(event.currentTarget.checked)}
      />
    </Stack>
  );
}
