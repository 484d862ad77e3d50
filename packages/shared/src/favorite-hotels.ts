// Favourite hotels of an agency: the contracts of /api/favorite-hotels. Answers carry the record
// inside a `favorite_hotel` object; inputs are flat.
import { emailField } from './auth';
import { NOTES_MAX_LENGTH } from './crm-rules';
import { mediaSchema } from './media';
import { idParam, paginationInput, paginationSchema, recordIdField, recordIdQuery, searchInput } from './pagination';
import { reportIssues, z } from './zod';

export const HOTEL_STARS = [1, 2, 3, 4, 5] as const;
export const hotelStarsLabel = (stars: number) => (stars === 1 ? '1 estrela' : `${stars} estrelas`);

/** How many diets and room types one hotel may list. */
export const HOTEL_OPTIONS_MAX = 30;

/** Full sentences (they name both fields), shown as they are. */
export const FAVORITE_HOTEL_MESSAGES = {
  placeRequired: 'Informe a cidade ou, se ela não estiver na lista, o local',
} as const;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const idList = z.array(recordIdField()).max(HOTEL_OPTIONS_MAX);

const favoriteHotelFields = {
  name: z.string().trim().min(2).max(160),
  /** A row of city_params (system or the agency's own). */
  city_id: recordIdField().nullable().optional(),
  /** Where the hotel is when its city is not in the list ('Positano, Costa Amalfitana, Itália'). */
  location: optionalText(160),
  stars: z.number().int().min(1).max(5).nullable().optional(),
  address: optionalText(300),
  phone: optionalText(30),
  email: z.nullable(emailField).optional(),
  website: optionalText(200),
  /** A supplier of the agency (who sells this hotel). */
  supplier_id: recordIdField().nullable().optional(),
  notes: optionalText(NOTES_MAX_LENGTH),
  /** Rows of hotel_diet_params. */
  diet_ids: idList.optional(),
  /** Rows of hotel_type_room_params. */
  room_type_ids: idList.optional(),
};

type PlaceFields = { city_id?: number | null; location?: string | null };

/** A hotel is somewhere: a city of the list, or a place written out. */
export function favoriteHotelPlaceIssues(hotel: PlaceFields): { path: 'city_id' | 'location'; message: string }[] {
  if (hotel.city_id || hotel.location) return [];
  return [
    { path: 'city_id', message: FAVORITE_HOTEL_MESSAGES.placeRequired },
    { path: 'location', message: FAVORITE_HOTEL_MESSAGES.placeRequired },
  ];
}

/** POST /api/favorite-hotels. Unknown keys (company_id, search_text...) are refused. */
export const favoriteHotelInput = z.object(favoriteHotelFields).strict().superRefine(reportIssues(favoriteHotelPlaceIssues));
export type FavoriteHotelInput = z.infer<typeof favoriteHotelInput>;

/** PUT /api/favorite-hotels/{id}: the whole hotel again; a field left out is cleared, a list left out emptied. */
export const updateFavoriteHotelInput = idParam.extend(favoriteHotelFields).strict().superRefine(reportIssues(favoriteHotelPlaceIssues));
export type UpdateFavoriteHotelInput = z.infer<typeof updateFavoriteHotelInput>;

export const listFavoriteHotelsInput = z.object({
  /** Name, place (city written out) or address, blind to accents and case. */
  search: searchInput,
  city_id: recordIdQuery().optional(),
  stars: z.coerce.number().int().min(1).max(5).optional(),
  supplier_id: recordIdQuery().optional(),
  ...paginationInput,
});
export type ListFavoriteHotelsInput = z.infer<typeof listFavoriteHotelsInput>;

const namedRow = z.object({ id: z.number().int(), name: z.string() });
/** A city of the list with its state's abbreviation ('SP'), when it has one. */
const citySchema = namedRow.extend({ state: z.string().nullable() });

export const favoriteHotelListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: citySchema.nullable(),
  location: z.string().nullable(),
  stars: z.number().int().nullable(),
  supplier: namedRow.nullable(),
  /** The cover's small copy (~400 px), for lists; null without photos. */
  cover_thumb_url: z.string().nullable(),
  media_count: z.number().int(),
});
export type FavoriteHotelListItem = z.infer<typeof favoriteHotelListItemSchema>;

export const favoriteHotelListOutput = z.object({
  favorite_hotels: z.array(favoriteHotelListItemSchema),
  pagination: paginationSchema,
});

export const favoriteHotelSchema = favoriteHotelListItemSchema.extend({
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  diets: z.array(namedRow),
  room_types: z.array(namedRow),
  /** The photos in their order. */
  media: z.array(mediaSchema),
  /** The cover as uploaded; null without photos. */
  cover_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FavoriteHotel = z.infer<typeof favoriteHotelSchema>;

export const favoriteHotelOutput = z.object({ favorite_hotel: favoriteHotelSchema });
export type FavoriteHotelOutput = z.infer<typeof favoriteHotelOutput>;

/** DELETE /api/favorite-hotels/{id}: the id of the hotel that is gone (its photos with it). */
export const favoriteHotelDeletedOutput = z.object({ id: z.number().int(), deleted: z.literal(true) });
