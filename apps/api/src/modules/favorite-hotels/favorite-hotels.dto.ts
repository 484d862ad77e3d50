import { type FavoriteHotel, type FavoriteHotelListItem, imageUrl } from '@app/shared';
import type { FavoriteHotelListRow } from './favorite-hotel-queries';
import type { FavoriteHotelDetailRow } from './favorite-hotels.select';
import { toMediaDto } from './media.dto';

/** The lists a hotel's options come from. */
export const HOTEL_OPTION_LISTS = { diets: 'hotel_diet_params', room_types: 'hotel_type_room_params' } as const;

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id;

export function toFavoriteHotelListItem(h: FavoriteHotelListRow): FavoriteHotelListItem {
  return {
    id: h.id,
    name: h.name,
    city: h.city_id !== null && h.city_name !== null ? { id: h.city_id, name: h.city_name, state: h.city_state } : null,
    location: h.location,
    stars: h.stars,
    supplier: h.supplier_id !== null && h.supplier_name !== null ? { id: h.supplier_id, name: h.supplier_name } : null,
    cover_thumb_url: h.cover_thumb_key ? imageUrl(h.cover_thumb_key) : null,
    media_count: h.media_count,
  };
}

export function toFavoriteHotelDto(h: FavoriteHotelDetailRow): { favorite_hotel: FavoriteHotel } {
  const media = h.media.map(toMediaDto);
  const cover = media.find((m) => m.is_cover) ?? null;
  const optionsOf = (list: string) =>
    h.options
      .map((o) => o.referenceItem)
      .filter((item) => item.list === list)
      .map(({ id, name }) => ({ id, name }))
      .sort(byName);
  return {
    favorite_hotel: {
      id: h.id,
      name: h.name,
      city: h.city ? { id: h.city.id, name: h.city.name, state: h.city.parent?.code ?? h.city.parent?.name ?? null } : null,
      location: h.location,
      stars: h.stars,
      supplier: h.supplier,
      cover_thumb_url: cover?.thumb_url ?? null,
      media_count: media.length,
      address: h.address,
      phone: h.phone,
      email: h.email,
      website: h.website,
      notes: h.notes,
      diets: optionsOf(HOTEL_OPTION_LISTS.diets),
      room_types: optionsOf(HOTEL_OPTION_LISTS.room_types),
      media,
      cover_url: cover?.url ?? null,
      created_at: h.createdAt.toISOString(),
      updated_at: h.updatedAt.toISOString(),
    },
  };
}
