import { type Db, queryRows } from '@app/db';
import {
  buildPagination,
  CLIENT_FIELD_MESSAGES,
  type FavoriteHotelInput,
  type ListFavoriteHotelsInput,
  type UpdateFavoriteHotelInput,
} from '@app/shared';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { favoriteHotelCountQuery, favoriteHotelPageQuery } from './favorite-hotel-queries';
import { HOTEL_OPTION_LISTS, toFavoriteHotelDto, toFavoriteHotelListItem } from './favorite-hotels.dto';
import { favoriteHotelDetailSelect } from './favorite-hotels.select';
import { favoriteHotelWhere, hotelReferenceWhere, hotelSupplierWhere, lockFavoriteHotel } from './favorite-hotels.where';
import { mediaFiles, removeFiles } from './media.service';
import { hotelMediaWhere } from './media.where';

export async function listFavoriteHotels(db: Db, companyId: number, input: ListFavoriteHotelsInput) {
  const [rows, [total]] = await Promise.all([
    queryRows(db, favoriteHotelPageQuery(companyId, input)),
    queryRows(db, favoriteHotelCountQuery(companyId, input)),
  ]);
  return {
    favorite_hotels: rows.map(toFavoriteHotelListItem),
    pagination: buildPagination(input.page, input.per_page, total?.count ?? 0),
  };
}

export async function getFavoriteHotel(db: Db, companyId: number, id: number) {
  const hotel = await db.favoriteHotel.findFirst({ where: favoriteHotelWhere(companyId, id), select: favoriteHotelDetailSelect });
  if (!hotel) throw notFound();
  return toFavoriteHotelDto(hotel);
}

/** What a hotel points at now (nothing for a new one): rows it keeps need not be active any more. */
type Current = { cityId: number | null; supplierId: number | null; optionIds: number[] };
const NEW_HOTEL: Current = { cityId: null, supplierId: null, optionIds: [] };

const unique = (ids: number[] | undefined) => [...new Set(ids ?? [])];

/**
 * Each referenced row must be one the agency sees in the right list (a city of city_params, diets
 * of hotel_diet_params, room types of hotel_type_room_params: system rows or its own; a supplier
 * of its own), and active when newly chosen. Another agency's row reads as a missing one.
 */
async function assertReferences(db: Db, companyId: number, input: FavoriteHotelInput, current: Current) {
  const errors: Record<string, string[]> = {};
  const checkRows = async (field: string, list: string, ids: number[]) => {
    if (ids.length === 0) return;
    const rows = await db.referenceItem.findMany({
      where: hotelReferenceWhere(list, companyId, ids),
      select: { id: true, isActive: true },
    });
    const found = new Map(rows.map((r) => [r.id, r.isActive]));
    if (ids.some((id) => !found.has(id))) errors[field] = [CLIENT_FIELD_MESSAGES.notFound];
    else if (ids.some((id) => !found.get(id) && !current.optionIds.includes(id) && id !== current.cityId)) {
      errors[field] = [CLIENT_FIELD_MESSAGES.inactive];
    }
  };
  if (input.city_id) await checkRows('city_id', 'city_params', [input.city_id]);
  await checkRows('diet_ids', HOTEL_OPTION_LISTS.diets, unique(input.diet_ids));
  await checkRows('room_type_ids', HOTEL_OPTION_LISTS.room_types, unique(input.room_type_ids));
  if (input.supplier_id) {
    const supplier = await db.supplier.findFirst({ where: hotelSupplierWhere(companyId, input.supplier_id), select: { isActive: true } });
    if (!supplier) errors.supplier_id = [CLIENT_FIELD_MESSAGES.notFound];
    else if (!supplier.isActive && input.supplier_id !== current.supplierId) errors.supplier_id = [CLIENT_FIELD_MESSAGES.inactive];
  }
  if (Object.keys(errors).length) throw new AppError('VALIDATION', { errors });
}

/** The columns of the fields sent (search_text is the trigger's). */
function hotelData(input: FavoriteHotelInput) {
  return {
    name: input.name,
    cityId: input.city_id ?? null,
    location: input.location ?? null,
    stars: input.stars ?? null,
    address: input.address ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    website: input.website ?? null,
    supplierId: input.supplier_id ?? null,
    notes: input.notes ?? null,
  };
}

const optionRows = (input: FavoriteHotelInput) =>
  unique([...(input.diet_ids ?? []), ...(input.room_type_ids ?? [])]).map((referenceItemId) => ({ referenceItemId }));

export async function createFavoriteHotel(db: Db, companyId: number, input: FavoriteHotelInput) {
  await assertReferences(db, companyId, input, NEW_HOTEL);
  const hotel = await db.favoriteHotel.create({
    data: { companyId, ...hotelData(input), options: { create: optionRows(input) } },
    select: { id: true },
  });
  return getFavoriteHotel(db, companyId, hotel.id);
}

/** PUT replaces the hotel: a field left out is cleared, a list left out emptied. Its photos stay. */
export async function updateFavoriteHotel(db: Db, companyId: number, input: UpdateFavoriteHotelInput) {
  const { id, ...fields } = input;
  const current = await db.favoriteHotel.findFirst({
    where: favoriteHotelWhere(companyId, id),
    select: { id: true, cityId: true, supplierId: true, options: { select: { referenceItemId: true } } },
  });
  if (!current) throw notFound();
  await assertReferences(db, companyId, fields, {
    cityId: current.cityId,
    supplierId: current.supplierId,
    optionIds: current.options.map((o) => o.referenceItemId),
  });
  await db.favoriteHotel.update({
    where: { id: current.id },
    data: { ...hotelData(fields), options: { deleteMany: {}, create: optionRows(fields) } },
  });
  return getFavoriteHotel(db, companyId, current.id);
}

/** DELETE: the hotel, its options and photos (rows at once, then their stored files). */
export async function deleteFavoriteHotel(s: Deps, companyId: number, id: number) {
  const files = await s.db.$transaction(async (tx) => {
    if (!(await lockFavoriteHotel(tx, companyId, id))) throw notFound();
    const photos = await tx.media.findMany({ where: hotelMediaWhere(companyId, id), select: { key: true, variants: true } });
    await tx.favoriteHotel.delete({ where: { id } });
    return photos.flatMap(mediaFiles);
  });
  await removeFiles(s.platform.storage, files);
  return { id, deleted: true as const };
}
