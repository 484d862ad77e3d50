// One page of a Prisma list: the rows in the page's window and the pagination block of the reply.
import { buildPagination, type Pagination } from '@app/shared';

/**
 * `find` reads the rows of the window it is given (skip/take), `count` every row its filter
 * matches; both run at once.
 */
export async function findPage<Row>(
  input: { page: number; per_page: number },
  find: (window: { skip: number; take: number }) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<{ rows: Row[]; pagination: Pagination }> {
  const [rows, total] = await Promise.all([find({ skip: (input.page - 1) * input.per_page, take: input.per_page }), count()]);
  return { rows, pagination: buildPagination(input.page, input.per_page, total) };
}
