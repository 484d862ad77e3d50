import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  MAX_PAGE_SIZE,
  MAX_RECORD_ID,
  RECORD_ID_PATTERN,
  SEARCH_COUNT_CAP,
  SEARCH_MAX_LENGTH,
} from './constants';
import { z } from './zod';

/** Query fields every paginated list accepts (strings in a REST query, coerced). */
export const paginationInput = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(FIRST_PAGE),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** The search text of a list. */
export const searchInput = z.string().trim().max(SEARCH_MAX_LENGTH).optional();
/** A list filter by currency: an ISO 4217 code (BRL, USD). */
export const currencyQuery = z.string().regex(/^[A-Z]{3}$/);

/** The pagination block of every list reply. */
export const paginationSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
  has_next_page: z.boolean(),
  has_prev_page: z.boolean(),
  /** Only on searches: true when more rows match than were counted (`total_count` is a lower bound). */
  total_count_capped: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function buildPagination(page: number, perPage: number, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / perPage));
  return {
    current_page: page,
    per_page: perPage,
    total_pages: totalPages,
    total_count: totalCount,
    has_next_page: page < totalPages,
    has_prev_page: page > 1,
  };
}

/** How many matches a search counts at most: the cap, or to the end of the page asked for. */
export function searchCountLimit(page: number, perPage: number): number {
  return Math.max(SEARCH_COUNT_CAP, page * perPage);
}

/**
 * The pagination of a search that counted its matches up to `searchCountLimit(...) + 1`: one more
 * than the limit means there are more, so the count is the limit, capped, with a next page.
 */
export function buildSearchPagination(page: number, perPage: number, counted: number): Pagination {
  const limit = searchCountLimit(page, perPage);
  if (counted <= limit) return buildPagination(page, perPage, counted);
  const capped = buildPagination(page, perPage, limit);
  // There is always one more page to ask for; asking for it counts further.
  return { ...capped, total_pages: Math.max(capped.total_pages, page + 1), has_next_page: true, total_count_capped: true };
}

/** A record id in a JSON body: a number, never a string. */
export const recordIdField = () => z.number().int().positive().max(MAX_RECORD_ID);

/**
 * A record id from a path, a query string or a tRPC input: a JSON number, or the id's plain
 * decimal digits (RECORD_ID_PATTERN); any other spelling is refused, never read as a number.
 */
export const recordIdQuery = () =>
  z.union([z.number(), z.string().regex(RECORD_ID_PATTERN)]).pipe(z.coerce.number<string | number>().int().positive().max(MAX_RECORD_ID));
export const idParam = z.object({ id: recordIdQuery() });
