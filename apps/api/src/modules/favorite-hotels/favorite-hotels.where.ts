// Security-critical: tenant filters only. Every read and write of a favourite hotel, and of the rows
// it references (a city, diets and room types of the reference lists, a supplier), goes through
// them with the signed-in user's company.
import { columnsOf, type Prisma, type RawBuilder, type SqlBool, type StatementValues, sql } from '@app/db';
import type { ListFavoriteHotelsInput } from '@app/shared';
import { foldedContainsAll, type SearchShape, searchPatterns, searchShape } from '../../search';
import { visibleWhere } from '../reference-lists/reference-lists.where';

/** Security-critical: every favourite hotel lookup of a tenant goes through this filter. */
export function favoriteHotelWhere(companyId: number, id?: number): Prisma.FavoriteHotelWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/**
 * Security-critical: locks the caller's hotel for the rest of the transaction (so changes to its
 * photos' order and cover never interleave), or returns false when the company has no such hotel.
 */
export async function lockFavoriteHotel(tx: Prisma.TransactionClient, companyId: number, id: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM favorite_hotels WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
  return rows.length === 1;
}

/** Security-critical: reference rows of `list` a hotel of the agency may point at (the system's and its own). */
export function hotelReferenceWhere(list: string, companyId: number, ids: number[]): Prisma.ReferenceItemWhereInput {
  return { id: { in: ids }, list, ...visibleWhere(companyId) };
}

/** Security-critical: the agency's own supplier. */
export function hotelSupplierWhere(companyId: number, id: number): Prisma.SupplierWhereInput {
  return { id, companyId };
}

type ListFilters = Pick<ListFavoriteHotelsInput, 'search' | 'city_id' | 'stars' | 'supplier_id'>;

/** What the list filters write into a statement's text (part of its shape). */
export type FilterShape = { city: boolean; stars: boolean; supplier: boolean; search: SearchShape | null };
export type FilterValues = { companyId: number; cityId: number; stars: number; supplierId: number; words: string[] };

export function filterShape(f: ListFilters): FilterShape {
  return {
    city: f.city_id !== undefined,
    stars: f.stars !== undefined,
    supplier: f.supplier_id !== undefined,
    search: f.search ? searchShape(f.search) : null,
  };
}

export function filterValues(companyId: number, f: ListFilters): StatementValues<FilterValues> {
  return {
    companyId,
    cityId: f.city_id,
    stars: f.stars,
    supplierId: f.supplier_id,
    words: f.search ? searchPatterns(f.search) : undefined,
  };
}

const h = columnsOf('favorite_hotels', 'h');

/**
 * Security-critical: the list filters as SQL over `favorite_hotels h`, always inside the caller's
 * company. Search finds every word typed, blind to accents and case, in the search text a trigger
 * folds from the name, place and address, read from its trigram index (a word under three letters
 * is tested on the rows the others find: see foldedContainsAll).
 */
export function favoriteHotelFilter(f: FilterShape, v: FilterValues): RawBuilder<SqlBool> {
  const parts = [sql<SqlBool>`${h('company_id')} = ${v.companyId}`];
  if (f.city) parts.push(sql`${h('city_id')} = ${v.cityId}`);
  if (f.stars) parts.push(sql`${h('stars')} = ${v.stars}`);
  if (f.supplier) parts.push(sql`${h('supplier_id')} = ${v.supplierId}`);
  if (f.search) {
    parts.push(foldedContainsAll(h('search_text'), f.search, v.words));
  }
  return sql.join(parts, sql` AND `);
}
