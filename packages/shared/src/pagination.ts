import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE, MAX_RECORD_ID, SEARCH_MAX_LENGTH } from './constants';
import { z } from './zod';

/** Query fields every paginated list accepts (strings in a REST query, coerced). */
export const paginationInput = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(FIRST_PAGE),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** The search text of a list. */
export const searchInput = z.string().trim().max(SEARCH_MAX_LENGTH).optional();

/** Section 3: Pagination. */
export const paginationSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
  has_next_page: z.boolean(),
  has_prev_page: z.boolean(),
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

/** A record id from a path or query string. */
export const recordIdQuery = () => z.coerce.number().int().positive().max(MAX_RECORD_ID);
export const idParam = z.object({ id: recordIdQuery() });
