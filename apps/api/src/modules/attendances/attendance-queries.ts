// The read side of the attendances list and the funnel, in SQL: pages of cards, counts and
// totals. Totals without a search, owner, client, opened or closed days come from the trigger-kept
// tables (attendance_status_stats per status, attendance_stats per status and travel date,
// attendance_month_stats per month), so the largest agency costs about the same as a small one.
// Each statement is compiled once per shape (which filters, the page bounds) and its rows are typed
// from the schema.
import {
  asBigint,
  asInt,
  columnsOf,
  compiledStatement,
  type Db,
  dateText,
  enumText,
  type JsonRow,
  jsonRows,
  planPerCall,
  qb,
  queryRows,
  type RawBuilder,
  type SqlBool,
  type StatementValues,
  sql,
} from '@app/db';
import {
  ATTENDANCE_STATUSES,
  type AttendanceFilters,
  type AttendanceStatus,
  type ListAttendancesInput,
  searchCountLimit,
} from '@app/shared';
import { cardColumns } from './attendances.select';
import { attendanceFilter, type FilterShape, type FilterValues, filterShape, filterValues, statsWhere } from './attendances.where';

type Page = { page: number; per_page: number };
type PageShape = { limit: number; offset: number };

const a = columnsOf('attendances', 'a');

/** What a list status writes into the text: one status (a parameter), or 'expired' (open and past its travel date). */
type ListStatusShape = 'one' | 'expired' | null;

const listStatusShape = (status: ListAttendancesInput['status']): ListStatusShape =>
  !status ? null : status === 'expired' ? 'expired' : 'one';

/** The list status as ` AND ...` after the filters. */
function listStatusFilter(shape: ListStatusShape, v: { status: AttendanceStatus; today: string }): RawBuilder<unknown> {
  if (shape === 'expired') return sql` AND ${a('status')} = 'open' AND ${a('start_date')} < ${v.today}::date`;
  if (shape === 'one') return sql` AND ${a('status')} = ${v.status}::"AttendanceStatus"`;
  return sql``;
}

/**
 * LIMIT and OFFSET are written into the statement (validated integers): as parameters, PostgreSQL
 * guesses an offset of a tenth of the table and never reuses the prepared plan, so it replanned
 * every page read (~0.3 ms each, more than the read).
 */
function pageShape(p: Page): PageShape {
  const limit = p.per_page;
  const offset = (p.page - 1) * p.per_page;
  for (const n of [limit, offset]) if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return { limit, offset };
}

function statusLiteral(status: AttendanceStatus) {
  if (!ATTENDANCE_STATUSES.includes(status)) throw new Error(`not an attendance status: ${status}`);
  return sql.lit(status);
}

/** The statuses as rows, written into the statement (the caller's constants). */
const statusRows = (statuses: readonly AttendanceStatus[]) =>
  sql<{ status: AttendanceStatus }>`unnest(ARRAY[${sql.join(statuses.map(statusLiteral))}]::"AttendanceStatus"[])`;

type ListShape = { filter: FilterShape; status: ListStatusShape; page: PageShape };
type ListValues = FilterValues & { status: AttendanceStatus; today: string };

const listValues = (companyId: number, input: ListAttendancesInput, today: string): StatementValues<ListValues> => ({
  ...filterValues(companyId, input),
  status: input.status === 'expired' ? undefined : input.status,
  today,
});

const listCardsStatement = compiledStatement((s: ListShape, v: ListValues) =>
  qb
    .selectFrom('attendances as a')
    .select(cardColumns)
    .where(sql<SqlBool>`${attendanceFilter(s.filter, v)}${listStatusFilter(s.status, v)}`)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(sql.lit(s.page.limit))
    .offset(sql.lit(s.page.offset)),
);

/** A page of the list, newest first. */
export function listCards(db: Db, companyId: number, input: ListAttendancesInput, today: string) {
  const shape = { filter: filterShape(input), status: listStatusShape(input.status), page: pageShape(input) };
  return queryRows(db, listCardsStatement(shape, listValues(companyId, input, today)));
}

/**
 * A search's page and its count in one statement: the newest `limit` matches (`m`; a walk of the
 * newest rows for a common term, the trigram index for a rare one: planned for the term), counted,
 * and the page's cards among them. `limit` is one past searchCountLimit, so a common name costs a
 * hundred rows, not every match.
 */
const searchPageStatement = compiledStatement((s: ListShape & { limit: number }, v: ListValues) =>
  qb
    .with('m', (db) =>
      db
        .selectFrom('attendances as a')
        .select(['a.id', 'a.created_at'])
        .where(sql<SqlBool>`${attendanceFilter(s.filter, v)}${listStatusFilter(s.status, v)}`)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
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
    .innerJoin('attendances as a', 'a.id', 'p.id')
    .select([...cardColumns, asInt(sql`(SELECT count(*) FROM m)`).as('matched')])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc'),
);

/** A search's page of cards and how many rows match, counted up to one past searchCountLimit (buildSearchPagination). */
export async function searchPage(db: Db, companyId: number, input: ListAttendancesInput, today: string) {
  const page = pageShape(input);
  const shape = {
    filter: filterShape(input),
    status: listStatusShape(input.status),
    page,
    limit: searchCountLimit(input.page, input.per_page) + 1,
  };
  const values = listValues(companyId, input, today);
  const rows = await queryRows(db, planPerCall(searchPageStatement(shape, values)));
  // A page past the matches has no row to carry the count.
  const matched = rows[0]?.matched ?? (page.offset > 0 ? await countSearch(db, shape, values) : 0);
  return { rows, matched };
}

/**
 * The same page of each status: a lateral walk of the status index per status (a UNION of four
 * joined selects cost several times more to plan than to run). The statuses are the caller's
 * constants, written into the statement like the page bounds so its plan is reused.
 */
function funnelCards(s: FunnelShape, v: FilterValues) {
  return qb
    .selectFrom(statusRows(s.statuses).as<'s'>(sql`s(status)`))
    .crossJoinLateral(
      qb
        .selectFrom('attendances as a')
        .selectAll()
        .where(sql<SqlBool>`${attendanceFilter(s.filter, v, { blindPlan: s.blindPlan })} AND ${a('status')} = s.status`)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(sql.lit(s.page.limit))
        .offset(sql.lit(s.page.offset))
        .as('a'),
    )
    .select(cardColumns);
}

type FunnelShape = { filter: FilterShape; blindPlan: boolean; statuses: readonly AttendanceStatus[]; page: PageShape; totals: TotalsShape };
type FunnelValues = FilterValues & { today: string };

/**
 * The funnel's columns in one round trip: each status's page of cards and its totals, as two JSON
 * arrays of one row (a second statement cost more than both reads together).
 */
const funnelStatement = compiledStatement((s: FunnelShape, v: FunnelValues) =>
  qb.selectNoFrom([
    jsonRows(funnelCards(s, v), 'c', sql`c."createdAt" DESC, c.id DESC`).as('cards'),
    jsonRows(statusTotalsQuery(s.totals, v), 't').as('totals'),
  ]),
);

export async function funnelColumns(
  db: Db,
  companyId: number,
  filters: AttendanceFilters & Page,
  statuses: readonly AttendanceStatus[],
  today: string,
) {
  const shape: FunnelShape = {
    filter: filterShape(filters),
    blindPlan: unfiltered(filters),
    statuses,
    page: pageShape(filters),
    totals: filters.search
      ? { from: 'search', filter: filterShape(filters), statuses, limit: searchCountLimit(filters.page, filters.per_page) + 1 }
      : totalsShape(filters, { expired: false }),
  };
  const statement = funnelStatement(shape, { ...filterValues(companyId, filters), today });
  const [row] = await queryRows(db, filters.search ? planPerCall(statement) : statement);
  const cards = row?.cards ?? [];
  return {
    cards: Object.fromEntries(statuses.map((s) => [s, cards.filter((r) => r.status === s)])) as Record<AttendanceStatus, typeof cards>,
    totals: toStatusTotals(row?.totals ?? []),
  };
}

/** No filter but the agency: its cards come from the status index alone, whatever the agency. */
const unfiltered = (f: AttendanceFilters) => bucketsAnswer(f) && !f.start_date_from && !f.start_date_to;

/** Opened or closed on some days: no kept table has those days, so the totals are counted from the rows. */
const eventDays = (f: AttendanceFilters) => !!(f.created_from || f.created_to || f.closed_from || f.closed_to);

/** The buckets are per company, status and travel date: other filters need the attendances table. */
export function bucketsAnswer(filters: AttendanceFilters): boolean {
  return !filters.search && !filters.owner_user_id && !filters.client_id && !eventDays(filters);
}

/** One agent's attendances and nothing else: their totals per status are kept too (attendance_owner_status_stats). */
const ownerBucketsAnswer = (f: AttendanceFilters) =>
  !!f.owner_user_id && !f.search && !f.client_id && !f.start_date_from && !f.start_date_to && !eventDays(f);

/** Per status: how many attendances and their value, and how much of that is past its travel date. */
export type StatusTotals = Record<AttendanceStatus, { count: number; value: number; expiredCount: number; expiredValue: number }>;

/** Where the totals come from: the table under the filters, or one of the trigger-kept tables. */
type TotalsShape =
  | { from: 'attendances'; filter: FilterShape }
  | { from: 'search'; filter: FilterShape; statuses: readonly AttendanceStatus[]; limit: number }
  | { from: 'attendance_stats'; dates: Pick<FilterShape, 'from' | 'to'> }
  | { from: 'attendance_status_stats' }
  | { from: 'attendance_owner_status_stats' }
  | { from: 'attendance_status_stats, ahead' }
  | { from: 'attendance_owner_status_stats, ahead' };

function totalsShape(filters: AttendanceFilters, opts: { expired: boolean }): TotalsShape {
  if (ownerBucketsAnswer(filters))
    return opts.expired ? { from: 'attendance_owner_status_stats, ahead' } : { from: 'attendance_owner_status_stats' };
  if (!bucketsAnswer(filters)) return { from: 'attendances', filter: filterShape(filters) };
  if (filters.start_date_from || filters.start_date_to) return { from: 'attendance_stats', dates: filterShape(filters) };
  return opts.expired ? { from: 'attendance_status_stats, ahead' } : { from: 'attendance_status_stats' };
}

const stats = columnsOf('attendance_stats');

/** The totals per status; the last three shapes also split off what is past its travel date (the balance needs it). */
function statusTotalsQuery(s: TotalsShape, v: FunnelValues) {
  const today = sql<Date>`${v.today}::date`;
  if (s.from === 'attendances') {
    return qb
      .selectFrom('attendances as a')
      .select([
        enumText(a('status')).as('status'),
        asInt(sql`count(*)`).as('count'),
        asBigint(sql`sum(${a('value_cents')})`).as('value'),
        asInt(sql`count(*) FILTER (WHERE ${a('start_date')} < ${today})`).as('expired_count'),
        asBigint(sql`COALESCE(sum(${a('value_cents')}) FILTER (WHERE ${a('start_date')} < ${today}), 0)`).as('expired_value'),
      ])
      .where(attendanceFilter(s.filter, v))
      .groupBy(a('status'));
  }
  if (s.from === 'search') {
    // Per status, the newest `limit` matches only (a walk of the status index testing the folded
    // text on the index alone, or the trigram index for a rare term): a common name is counted to
    // its cap (buildSearchPagination), not summed over every match.
    return qb
      .selectFrom(statusRows(s.statuses).as<'st'>(sql`st(status)`))
      .crossJoinLateral(
        qb
          .selectFrom('attendances as a')
          .select(a('value_cents').as('value_cents'))
          .where(sql<SqlBool>`${attendanceFilter(s.filter, v)} AND ${a('status')} = st.status`)
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(sql.lit(s.limit))
          .as('m'),
      )
      .select([
        enumText(sql.ref<AttendanceStatus>('st.status')).as('status'),
        asInt(sql`count(*)`).as('count'),
        asBigint(sql`sum(m.value_cents)`).as('value'),
        sql.lit(0).as('expired_count'),
        asBigint(sql.lit(0)).as('expired_value'),
      ])
      .groupBy('st.status');
  }
  if (s.from === 'attendance_stats') {
    return qb
      .selectFrom('attendance_stats')
      .select([
        enumText(stats('status')).as('status'),
        asInt(sql`sum(${stats('attendances')})`).as('count'),
        asBigint(sql`sum(${stats('value_cents')})`).as('value'),
        asInt(sql`COALESCE(sum(${stats('attendances')}) FILTER (WHERE ${stats('start_date')} < ${today}), 0)`).as('expired_count'),
        asBigint(sql`COALESCE(sum(${stats('value_cents')}) FILTER (WHERE ${stats('start_date')} < ${today}), 0)`).as('expired_value'),
      ])
      .where(statsWhere(s.dates, v))
      .groupBy(stats('status'));
  }
  const noDates = { from: false, to: false };
  if (s.from === 'attendance_owner_status_stats') {
    return keptStatusTotals(
      'attendance_owner_status_stats',
      sql<SqlBool>`${statsWhere(noDates, v)} AND owner_user_id = ${v.owner_user_id}`,
    );
  }
  if (s.from === 'attendance_status_stats') return keptStatusTotals('attendance_status_stats', statsWhere(noDates, v));
  if (s.from === 'attendance_owner_status_stats, ahead') return ownerTotalsLessAhead(v, today);
  // Expired = everything minus what is still ahead: the trips ahead are few, the past grows. The
  // statuses are listed so the cached (generic) plan keeps them in the index condition;
  // `enum_range()` there became a per-row filter, 3x slower.
  const t = columnsOf('attendance_status_stats', 't');
  const ahead = columnsOf('attendance_stats', 'ahead');
  return qb
    .selectFrom('attendance_status_stats as t')
    .leftJoin(
      qb
        .selectFrom('attendance_stats')
        .select([
          stats('status').as('status'),
          sql<bigint>`sum(${stats('attendances')})`.as('attendances'),
          sql<bigint>`sum(${stats('value_cents')})`.as('value_cents'),
        ])
        .where(
          sql<SqlBool>`${statsWhere(noDates, v)} AND ${stats('status')} IN (${sql.join(
            ATTENDANCE_STATUSES.map((st) => sql`${statusLiteral(st)}::"AttendanceStatus"`),
          )}) AND ${stats('start_date')} >= ${today}`,
        )
        .groupBy(stats('status'))
        .as('ahead'),
      (join) => join.onRef('ahead.status', '=', 't.status'),
    )
    .select([
      enumText(t('status')).as('status'),
      t('attendances').as('count'),
      t('value_cents').as('value'),
      asInt(sql`(${t('attendances')} - COALESCE(${ahead('attendances')}, 0))`).as('expired_count'),
      asBigint(sql`(${t('value_cents')} - COALESCE(${ahead('value_cents')}, 0))`).as('expired_value'),
    ])
    .where(statsWhere(noDates, v));
}

/**
 * One agent's balance: the kept totals, less what is not yet past (a trip ahead, or without a date),
 * read from the agent's index as two ranges per status. The past is most of an agent's history
 * (10,000 index entries read for the large bench agency's agent, 1.7 ms); what is ahead is a fraction.
 */
function ownerTotalsLessAhead(v: FunnelValues, today: RawBuilder<Date>) {
  const t = columnsOf('attendance_owner_status_stats', 't');
  const notPast = (when: RawBuilder<SqlBool>) =>
    qb
      .selectFrom('attendances as a')
      .select([a('status').as('status'), a('value_cents').as('value_cents')])
      .where(
        sql<SqlBool>`${a('company_id')} = ${v.companyId} AND ${a('owner_user_id')} = ${v.owner_user_id} AND ${a('status')} IN (${sql.join(
          ATTENDANCE_STATUSES.map((st) => sql`${statusLiteral(st)}::"AttendanceStatus"`),
        )}) AND ${when}`,
      );
  const ahead = qb
    .selectFrom(
      notPast(sql`${a('start_date')} >= ${today}`)
        .unionAll(notPast(sql`${a('start_date')} IS NULL`))
        .as('n'),
    )
    .select(['n.status', sql<bigint>`count(*)`.as('attendances'), sql<bigint>`sum(n.value_cents)`.as('value_cents')])
    .groupBy('n.status');
  return qb
    .selectFrom('attendance_owner_status_stats as t')
    .leftJoin(ahead.as('ahead'), (join) => join.onRef('ahead.status', '=', 't.status'))
    .select([
      enumText(t('status')).as('status'),
      t('attendances').as('count'),
      t('value_cents').as('value'),
      asInt(sql`(${t('attendances')} - COALESCE(ahead.attendances, 0))`).as('expired_count'),
      asBigint(sql`(${t('value_cents')} - COALESCE(ahead.value_cents, 0))`).as('expired_value'),
    ])
    .where(sql<SqlBool>`${t('company_id')} = ${v.companyId} AND ${t('owner_user_id')} = ${v.owner_user_id}`);
}

/** Count and value per status from a trigger-kept table of the agency's (or one agent's) totals; nothing expired is split off. */
function keptStatusTotals(table: 'attendance_status_stats' | 'attendance_owner_status_stats', where: RawBuilder<SqlBool>) {
  const kept = columnsOf(table);
  return qb
    .selectFrom(table)
    .select([
      enumText(kept('status')).as('status'),
      kept('attendances').as('count'),
      kept('value_cents').as('value'),
      sql.lit(0).as('expired_count'),
      asBigint(sql.lit(0)).as('expired_value'),
    ])
    .where(where);
}

const statusTotalsStatement = compiledStatement((s: TotalsShape, v: FunnelValues) => statusTotalsQuery(s, v));

/** Totals per status; `expired` also splits off what is past its travel date (the balance needs it). */
export async function statusTotals(
  db: Db,
  companyId: number,
  filters: AttendanceFilters,
  today: string,
  opts: { expired: boolean },
): Promise<StatusTotals> {
  const statement = statusTotalsStatement(totalsShape(filters, opts), { ...filterValues(companyId, filters), today });
  return toStatusTotals(await queryRows(db, filters.search ? planPerCall(statement) : statement));
}

type TotalsRow = { status: AttendanceStatus; count: number; value: bigint; expired_count: number; expired_value: bigint };

/** Every status, zero where no row came back; sums arrive as bigint (a row) or number (JSON). */
function toStatusTotals(rows: readonly (TotalsRow | JsonRow<TotalsRow>)[]): StatusTotals {
  const totals = Object.fromEntries(
    ATTENDANCE_STATUSES.map((s) => [s, { count: 0, value: 0, expiredCount: 0, expiredValue: 0 }]),
  ) as StatusTotals;
  for (const r of rows) {
    totals[r.status] = { count: r.count, value: Number(r.value), expiredCount: r.expired_count, expiredValue: Number(r.expired_value) };
  }
  return totals;
}

const countStatement = compiledStatement((s: Omit<ListShape, 'page'>, v: ListValues) =>
  qb
    .selectFrom('attendances as a')
    .select(asInt(sql`count(*)`).as('count'))
    .where(sql<SqlBool>`${attendanceFilter(s.filter, v)}${listStatusFilter(s.status, v)}`),
);

/**
 * A search's matches, counted up to `limit` rows: a common name stops there instead of reading every
 * match, and the plan follows the term (planPerCall).
 */
const searchCountStatement = compiledStatement((s: Omit<ListShape, 'page'> & { limit: number }, v: ListValues) =>
  qb
    .selectFrom(
      qb
        .selectFrom('attendances as a')
        .select(sql.lit(1).as('one'))
        .where(sql<SqlBool>`${attendanceFilter(s.filter, v)}${listStatusFilter(s.status, v)}`)
        .limit(sql.lit(s.limit))
        .as('m'),
    )
    .select(asInt(sql`count(*)`).as('count')),
);

async function countSearch(db: Db, shape: Omit<ListShape, 'page'> & { limit: number }, values: StatementValues<ListValues>) {
  const [row] = await queryRows(db, planPerCall(searchCountStatement(shape, values)));
  return row?.count ?? 0;
}

/** The list's total under its filters. */
export async function countAttendances(db: Db, companyId: number, input: ListAttendancesInput, today: string): Promise<number> {
  if (bucketsAnswer(input) || (ownerBucketsAnswer(input) && input.status !== 'expired')) {
    const totals = await statusTotals(db, companyId, input, today, { expired: input.status === 'expired' });
    if (input.status === 'expired') return totals.open.expiredCount;
    if (input.status) return totals[input.status].count;
    return Object.values(totals).reduce((acc, t) => acc + t.count, 0);
  }
  const shape = { filter: filterShape(input), status: listStatusShape(input.status) };
  const [row] = await queryRows(db, countStatement(shape, listValues(companyId, input, today)));
  return row?.count ?? 0;
}

const MONTH_EVENTS = ['opened', 'won', 'lost'] as const;
export type MonthEvent = (typeof MONTH_EVENTS)[number];
export type MonthCounts = Record<MonthEvent, { this_month: number; last_month: number }>;
const isMonthEvent = (event: string): event is MonthEvent => (MONTH_EVENTS as readonly string[]).includes(event);

type MonthValues = FilterValues & { lastMonth: string; thisMonth: string; nextMonth: string; lastMonthKey: string; thisMonthKey: string };

const monthBucketsStatement = compiledStatement((_s: null, v: MonthValues) => {
  const months = columnsOf('attendance_month_stats');
  return qb
    .selectFrom('attendance_month_stats')
    .select([months('event').as('event'), dateText(months('month')).as('month'), months('attendances').as('attendances')])
    .where(
      sql<SqlBool>`${statsWhere({ from: false, to: false }, v)} AND ${months('month')} IN (${v.lastMonthKey}::date, ${v.thisMonthKey}::date)`,
    );
});

/**
 * Counted from the table: FROM the agency's attendances under the filters (as `a`) WHERE the month
 * ranges. With a search the matches are read first (`OFFSET 0` keeps PostgreSQL from merging the
 * sub-select): left to combine the search with the month ranges, its cached plan tested each row
 * of the months against every matching client id (271 ms for a name shared by 4,000 clients,
 * against 15 ms this way). A search without a word long enough for the trigram indexes has no
 * cheap way to its matches, so the month ranges narrow the scan first.
 */
const monthTableStatement = compiledStatement((s: { filter: FilterShape; matchesFirst: boolean }, v: MonthValues) => {
  const at = (instant: string) => sql<Date>`${instant}::timestamp`;
  const [last, current, next] = [at(v.lastMonth), at(v.thisMonth), at(v.nextMonth)];
  const countWhere = (condition: RawBuilder<unknown>) => asInt(sql`count(*) FILTER (WHERE ${condition})`);
  const columns = [
    countWhere(sql`${a('created_at')} >= ${current} AND ${a('created_at')} < ${next}`).as('opened_this'),
    countWhere(sql`${a('created_at')} >= ${last} AND ${a('created_at')} < ${current}`).as('opened_last'),
    countWhere(sql`${a('status')} = 'won' AND ${a('closed_at')} >= ${current} AND ${a('closed_at')} < ${next}`).as('won_this'),
    countWhere(sql`${a('status')} = 'won' AND ${a('closed_at')} >= ${last} AND ${a('closed_at')} < ${current}`).as('won_last'),
    countWhere(sql`${a('status')} = 'lost' AND ${a('closed_at')} >= ${current} AND ${a('closed_at')} < ${next}`).as('lost_this'),
    countWhere(sql`${a('status')} = 'lost' AND ${a('closed_at')} >= ${last} AND ${a('closed_at')} < ${current}`).as('lost_last'),
  ];
  const inMonths = sql<SqlBool>`((${a('created_at')} >= ${last} AND ${a('created_at')} < ${next}) OR (${a('status')} IN ('won', 'lost') AND ${a('closed_at')} >= ${last} AND ${a('closed_at')} < ${next}))`;
  const filter = attendanceFilter(s.filter, v);
  return s.matchesFirst
    ? qb
        .selectFrom(qb.selectFrom('attendances as a').selectAll().where(filter).offset(sql.lit(0)).as('a'))
        .select(columns)
        .where(inMonths)
    : qb.selectFrom('attendances as a').select(columns).where(sql<SqlBool>`${filter} AND ${inMonths}`);
});

/**
 * Attendances opened (created), won and lost (closed) in this and last calendar month. `months`
 * are the business-zone month starts: the buckets are keyed by their dates, the table is
 * compared with their instants (UTC, as timestamps are stored).
 */
export async function monthCounts(
  db: Db,
  companyId: number,
  filters: AttendanceFilters,
  months: { lastMonth: Date; thisMonth: Date; nextMonth: Date; lastMonthKey: string; thisMonthKey: string },
): Promise<MonthCounts> {
  const counts: MonthCounts = {
    opened: { this_month: 0, last_month: 0 },
    won: { this_month: 0, last_month: 0 },
    lost: { this_month: 0, last_month: 0 },
  };
  const values = {
    ...filterValues(companyId, filters),
    lastMonth: months.lastMonth.toISOString(),
    thisMonth: months.thisMonth.toISOString(),
    nextMonth: months.nextMonth.toISOString(),
    lastMonthKey: months.lastMonthKey,
    thisMonthKey: months.thisMonthKey,
  };
  if (bucketsAnswer(filters) && !filters.start_date_from && !filters.start_date_to) {
    for (const r of await queryRows(db, monthBucketsStatement(null, values))) {
      if (isMonthEvent(r.event)) counts[r.event][r.month === months.thisMonthKey ? 'this_month' : 'last_month'] += r.attendances;
    }
    return counts;
  }
  const filter = filterShape(filters);
  const statement = monthTableStatement({ filter, matchesFirst: !!filter.search?.indexed }, values);
  const [row] = await queryRows(db, filters.search ? planPerCall(statement) : statement);
  for (const event of MONTH_EVENTS) {
    counts[event] = { this_month: row?.[`${event}_this`] ?? 0, last_month: row?.[`${event}_last`] ?? 0 };
  }
  return counts;
}
