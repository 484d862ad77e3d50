// The hotel of a stay: typed freely, with the agency's favourite hotels offered first as the agent
// types. Picking one fills its name, city and place and its supplier, and links the service to it
// (favorite_hotel_id); typing another name unlinks it.
import type { FavoriteHotelListItem } from '@app/shared/favorite-hotels';
import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../../lib/trpc';
import { useServiceForm } from '../service-form-context';

const FAVORITES_SHOWN = 8;

/** An option's text: the name, then where it is, so two alike names tell apart. */
const optionText = (h: FavoriteHotelListItem) => [h.name, h.city?.name ?? h.location].filter(Boolean).join(' · ');

export function HotelNameField() {
  const trpc = useTRPC();
  const { form, setLabel } = useServiceForm();
  const [focused, setFocused] = useState(false);
  const name = String(form.values.details.hotel_name ?? '');
  const [term] = useDebouncedValue(name.trim(), 200);
  const favorites = useQuery({
    ...trpc.favoriteHotels.list.queryOptions({ search: term || undefined, page: 1, per_page: FAVORITES_SHOWN }),
    enabled: focused,
    placeholderData: keepPreviousData,
  });
  const hotels = favorites.data?.favorite_hotels ?? [];
  const { onChange: _set, ...props } = form.getInputProps('details.hotel_name');
  return (
    <Autocomplete
      label="Hotel"
      withAsterisk
      autoComplete="off"
      description="Os hotéis favoritos da agência aparecem primeiro"
      {...props}
      data={hotels.length ? [{ group: 'Hotéis favoritos', items: [...new Set(hotels.map(optionText))] }] : []}
      // The API already matched every word, blind to accents: show its answer as it is.
      filter={({ options }) => options}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        setFocused(false);
        props.onBlur?.(e);
      }}
      onChange={(text) => {
        form.setFieldValue('details.hotel_name', text as never);
        if (form.values.details.favorite_hotel_id) form.setFieldValue('details.favorite_hotel_id', null as never);
      }}
      onOptionSubmit={(text) => {
        const hotel = hotels.find((h) => optionText(h) === text);
        if (!hotel) return;
        // After Autocomplete's own onChange with the option's text: the name alone, and the link.
        window.setTimeout(() => {
          form.setFieldValue('details.hotel_name', hotel.name as never);
          form.setFieldValue('details.favorite_hotel_id', hotel.id as never);
          if (hotel.city) {
            form.setFieldValue('details.city_id', hotel.city.id as never);
            setLabel('details.city_id', hotel.city.name, true);
          }
          if (hotel.location) form.setFieldValue('details.location', hotel.location as never);
          // Who sells this hotel, as the favourite records it, becomes the service's supplier.
          if (hotel.supplier) {
            form.setFieldValue('supplier_id', hotel.supplier.id);
            setLabel('supplier_id', hotel.supplier.name, true);
          }
        });
      }}
    />
  );
}
