// The favourite hotels list in SQL: a page and its total as Kysely statements compiled once per
// filter shape (the search must keep a short word off the trigram index, see foldedContainsAll), each
// row with its city and state, supplier, cover thumbnail and photo count in one round trip.
import { asInt, columnsOf, compiledStatement, type DB, qb, type Selection, sql } from '@app/db';
import type { ListFavoriteHotelsInput } from '@app/shared';
import { type FilterShape, type FilterValues, favoriteHotelFilter, filterShape, filterValues } from './favorite-hotels.where';

const h = columnsOf('favorite_hotels', 'h');
const c = columnsOf('reference_items', 'c');
const s = columnsOf('reference_items', 's');
const sp = columnsOf('suppliers', 'sp');

const listColumns = [
  h('id').as('id'),
  h('name').as('name'),
  h('location').as('location'),
  h('stars').as('stars'),
  c('id').as('city_id'),
  c('name').as('city_name'),
  sql<string | null>`coalesce(${s('code')}, ${s('name')})`.as('city_state'),
  sp('id').as('supplier_id'),
  sp('name').as('supplier_name'),
  // The cover's small copy, or the original when the photo has none.
  sql<string | null>`(SELECT coalesce(m.variants->>'thumb', m.key) FROM media m
    WHERE m.favorite_hotel_id = ${h('id')} AND m.is_cover ORDER BY m.position, m.id LIMIT 1)`.as('cover_thumb_key'),
  asInt(sql<number>`(SELECT count(*) FROM media m WHERE m.favorite_hotel_id = ${h('id')})`).as('media_count'),
] as const;

export type FavoriteHotelListRow = Selection<DB, never, (typeof listColumns)[number]>;

const fromHotels = () =>
  qb
    .selectFrom('favorite_hotels as h')
    .leftJoin('reference_items as c', 'c.id', 'h.city_id')
    .leftJoin('reference_items as s', 's.id', 'c.parent_id')
    .leftJoin('suppliers as sp', 'sp.id', 'h.supplier_id');

const pageStatement = compiledStatement((f: FilterShape, v: FilterValues & { limit: number; offset: number }) =>
  fromHotels().select(listColumns).where(favoriteHotelFilter(f, v)).orderBy('h.name').orderBy('h.id').limit(v.limit).offset(v.offset),
);

const countStatement = compiledStatement((f: FilterShape, v: FilterValues) =>
  qb.selectFrom('favorite_hotels as h').select(asInt(sql`count(*)`).as('count')).where(favoriteHotelFilter(f, v)),
);

/** A page of the agency's favourite hotels by name, under the list filters. */
export function favoriteHotelPageQuery(companyId: number, input: ListFavoriteHotelsInput) {
  const values = { ...filterValues(companyId, input), limit: input.per_page, offset: (input.page - 1) * input.per_page };
  return pageStatement(filterShape(input), values);
}

/** How many of the agency's favourite hotels the list filters keep. */
export function favoriteHotelCountQuery(companyId: number, input: ListFavoriteHotelsInput) {
  return countStatement(filterShape(input), filterValues(companyId, input));
}
