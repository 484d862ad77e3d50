import type { FavoriteHotelListItem } from '@app/shared/favorite-hotels';

/** Where a hotel is: its city of the list ('Gramado · RS'), or the place written out for one abroad. */
export function hotelPlace(h: Pick<FavoriteHotelListItem, 'city' | 'location'>): string | null {
  if (h.city) return [h.city.name, h.city.state].filter(Boolean).join(' · ');
  return h.location;
}

/** The label a chosen city reads in its picker ('Gramado · RS'), as the picker's options read. */
export function cityLabel(city: FavoriteHotelListItem['city']): string {
  return city ? [city.name, city.state].filter(Boolean).join(' · ') : '';
}
