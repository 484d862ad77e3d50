// The budgets' reads in SQL: the list page and its total (compiled once per filter shape), the
// places of a page's budgets, and a whole budget tree in one statement (its rows as JSON arrays).
import {
  asInt,
  columnsOf,
  compiledStatement,
  type Db,
  jsonRows,
  type Prisma,
  planPerCall,
  qb,
  queryRows,
  type SqlBool,
  sql,
} from '@app/db';
import { type ListBudgetsInput, searchCountLimit } from '@app/shared';
import { budgetDetailColumns, budgetListColumns, treeParts } from './budgets.select';
import { budgetFilter, type FilterShape, type FilterValues, filterShape, filterValues } from './budgets.where';

/** LIMIT and OFFSET are written into the statement (validated integers), as the other lists do. */
type PageShape = { limit: number; offset: number };
function pageShape(page: number, perPage: number): PageShape {
  const shape = { limit: perPage, offset: (page - 1) * perPage };
  for (const n of Object.values(shape)) if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return shape;
}

const budgetPageStatement = compiledStatement((s: { filter: FilterShape; page: PageShape }, v: FilterValues) =>
  qb
    .selectFrom('budgets as b')
    .select(budgetListColumns)
    .where(budgetFilter(s.filter, v))
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(sql.lit(s.page.limit))
    .offset(sql.lit(s.page.offset)),
);

const budgetCountStatement = compiledStatement((f: FilterShape, v: FilterValues) =>
  qb.selectFrom('budgets as b').select(asInt(sql`count(*)`).as('count')).where(budgetFilter(f, v)),
);

/** The agency's total (of one status) from budget_status_stats: no count over its budgets. */
const budgetStatsCountStatement = compiledStatement((f: { status: boolean }, v: FilterValues) =>
  qb
    .selectFrom('budget_status_stats as s')
    .select(asInt(sql`COALESCE(sum(s.budgets), 0)`).as('count'))
    .where(sql<SqlBool>`s.company_id = ${v.companyId}${f.status ? sql` AND s.status = ${v.status}::"BudgetStatus"` : sql``}`),
);

/** A search's matches, counted up to `limit` rows (a common term stops there, see searchCountLimit). */
const budgetSearchCountStatement = compiledStatement((s: { filter: FilterShape; limit: number }, v: FilterValues) =>
  qb
    .selectFrom(qb.selectFrom('budgets as b').select(sql.lit(1).as('one')).where(budgetFilter(s.filter, v)).limit(sql.lit(s.limit)).as('m'))
    .select(asInt(sql`count(*)`).as('count')),
);

/**
 * A page of the agency's budgets, newest first, under the list filters (a search's: searchBudgetPage).
 * A travel-date range's is planned per call: a cached plan cannot see how wide the range is,
 * guesses a few rows, reads every budget of the range by date and sorts them (5.7 ms for a month
 * of the large bench agency) where walking the newest first finds the page in 0.5 ms.
 */
export function budgetPageQuery(companyId: number, input: ListBudgetsInput) {
  const statement = budgetPageStatement(
    { filter: filterShape(input), page: pageShape(input.page, input.per_page) },
    filterValues(companyId, input),
  );
  return input.start_date_from || input.start_date_to ? planPerCall(statement) : statement;
}

/**
 * A search's page and its count in one statement, as the attendances' list does: the newest
 * `limit` matches' ids (`m`: for a common term a walk of the covering index testing the folded
 * text on the index alone, for a rare one the trigram index; planned for the term), counted, and
 * the page's rows among them. Read from the table: the page's rows only, not every row passed over
 * on the way to them (758 for "gabriela souza" on the large bench agency).
 */
const budgetSearchPageStatement = compiledStatement((s: { filter: FilterShape; page: PageShape; limit: number }, v: FilterValues) =>
  qb
    .with('m', (db) =>
      db
        .selectFrom('budgets as b')
        .select(['b.id', 'b.created_at'])
        .where(budgetFilter(s.filter, v))
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(sql.lit(s.limit)),
    )
    .selectFrom((db) =>
      db
        .selectFrom('m')
        .selectAll()
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(sql.lit(s.page.limit))
        .offset(sql.lit(s.page.offset))
        .as('p'),
    )
    .innerJoin('budgets as b', 'b.id', 'p.id')
    .select([...budgetListColumns, asInt(sql`(SELECT count(*) FROM m)`).as('matched')])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc'),
);

/** A search's page and how many budgets match, counted up to one past searchCountLimit (buildSearchPagination). */
export async function searchBudgetPage(db: Db, companyId: number, input: ListBudgetsInput) {
  const page = pageShape(input.page, input.per_page);
  const limit = searchCountLimit(input.page, input.per_page) + 1;
  const rows = await queryRows(
    db,
    planPerCall(budgetSearchPageStatement({ filter: filterShape(input), page, limit }, filterValues(companyId, input))),
  );
  // A page past the matches has no row to carry the count.
  if (rows[0]) return { rows, count: rows[0].matched };
  const [total] = page.offset > 0 ? await queryRows(db, budgetCountQuery(companyId, input)) : [];
  return { rows, count: total?.count ?? 0 };
}

/**
 * How many of the agency's budgets the list filters keep; with a search, counted up to one past
 * searchCountLimit (buildSearchPagination).
 */
export function budgetCountQuery(companyId: number, input: ListBudgetsInput) {
  const shape = filterShape(input);
  if (input.search) {
    const limit = searchCountLimit(input.page, input.per_page) + 1;
    return planPerCall(budgetSearchCountStatement({ filter: shape, limit }, filterValues(companyId, input)));
  }
  const { status, ...others } = shape;
  // Unfiltered, or by status alone: the kept counts answer without reading the agency's budgets.
  if (Object.values(others).every((on) => !on)) return budgetStatsCountStatement({ status }, filterValues(companyId, input));
  return budgetCountStatement(shape, filterValues(companyId, input));
}

const b = columnsOf('budgets', 'b');

/** Security-critical: the budget is read only when it is the caller's (`b.company_id`). */
const budgetTreeStatement = compiledStatement((_s: null, v: { companyId: number; id: number }) =>
  qb
    .selectFrom('budgets as b')
    .select([
      ...budgetDetailColumns,
      jsonRows(treeParts.paxes(), 't', sql`t.position, t.id`).as('paxes'),
      jsonRows(treeParts.proposals(), 't', sql`t.position, t.id`).as('proposals'),
      jsonRows(treeParts.services(), 't', sql`t.position, t.id`).as('services'),
      jsonRows(treeParts.recommendations(), 't', sql`t.position, t.id`).as('recommendations'),
    ])
    .where(sql<SqlBool>`${b('id')} = ${v.id} AND ${b('company_id')} = ${v.companyId}`),
);

/** The whole budget (paxes, proposals, services with refunds, recommendations) in one statement; undefined when not the caller's. */
export async function readBudgetTree(db: Db | Prisma.TransactionClient, companyId: number, id: number) {
  const [row] = await queryRows(db, budgetTreeStatement(null, { companyId, id }));
  return row;
}
export type BudgetTreeRow = NonNullable<Awaited<ReturnType<typeof readBudgetTree>>>;

/**
 * The places of some of the agency's budgets, one statement for a page: hotels' cities and
 * locations, flights' destination airports and cruises' ports, by the names of their list rows.
 */
export async function budgetPlaces(db: Db, companyId: number, budgetIds: number[]): Promise<Map<number, string[]>> {
  const places = new Map<number, string[]>();
  if (budgetIds.length === 0) return places;
  const rows = await db.$queryRaw<{ budget_id: number; place: string }[]>`
    WITH s AS (
      SELECT s.budget_id, s.type, s.details, s.proposal_id, s.position, s.id
      FROM services s WHERE s.company_id = ${companyId} AND s.budget_id = ANY(${budgetIds}::int[]) AND s.status = 'active'
    ), refs AS (
      SELECT s.budget_id, s.proposal_id, s.position, s.id, 0 AS part, NULL::text AS place,
        CASE WHEN s.details ->> 'city_id' ~ '^[0-9]{1,9}$' THEN (s.details ->> 'city_id')::int END AS ref_id
      FROM s WHERE s.type = 'accommodation'
      UNION ALL
      SELECT s.budget_id, s.proposal_id, s.position, s.id, 1, NULLIF(btrim(s.details ->> 'location'), ''), NULL
      FROM s WHERE s.type = 'accommodation'
      UNION ALL
      SELECT s.budget_id, s.proposal_id, s.position, s.id, 1 + seg.n::int, NULL,
        CASE WHEN seg.v ->> 'destination_airport_id' ~ '^[0-9]{1,9}$' THEN (seg.v ->> 'destination_airport_id')::int END
      FROM s CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(s.details -> 'segments') = 'array' THEN s.details -> 'segments' ELSE '[]'::jsonb END)
        WITH ORDINALITY AS seg(v, n)
      WHERE s.type = 'air'
      UNION ALL
      SELECT s.budget_id, s.proposal_id, s.position, s.id, 0, NULL,
        CASE WHEN s.details ->> 'disembark_port_id' ~ '^[0-9]{1,9}$' THEN (s.details ->> 'disembark_port_id')::int END
      FROM s WHERE s.type = 'cruise'
    )
    SELECT refs.budget_id, COALESCE(refs.place, ri.name) AS place
    FROM refs LEFT JOIN reference_items ri ON ri.id = refs.ref_id AND (ri.company_id IS NULL OR ri.company_id = ${companyId})
    WHERE COALESCE(refs.place, ri.name) IS NOT NULL
    ORDER BY refs.budget_id, refs.proposal_id, refs.position, refs.id, refs.part`;
  for (const row of rows) {
    const list = places.get(row.budget_id) ?? [];
    if (!list.includes(row.place)) list.push(row.place);
    places.set(row.budget_id, list);
  }
  return places;
}
