// The read side of the attendances list and the funnel, in SQL: pages of cards, counts and
// totals. Unfiltered totals come from the trigger-kept tables (attendance_status_stats per status,
// attendance_stats per status and travel date, attendance_month_stats per month), so the largest
// agency costs about the same as a small one.
import { type Db, Prisma, queryRows } from '@app/db';
import { ATTENDANCE_STATUSES, type AttendanceFilters, type AttendanceStatus, type ListAttendancesInput } from '@app/shared';
import { trigramSearchable } from '../../search';
import { attendanceFilterSql, type CardRow, cardColumnsSql, listStatusSql, statsWhereSql } from './attendances.where';

type Page = { page: number; per_page: number };

/**
 * LIMIT and OFFSET are written into the statement (validated integers): as parameters, PostgreSQL
 * guesses an offset of a tenth of the table and never reuses the prepared plan, so it replanned
 * every page read (~0.3 ms each, more than the read).
 */
const pageSql = (p: Page) =>
  Prisma.sql`ORDER BY a.created_at DESC, a.id DESC LIMIT ${sqlInteger(p.per_page)} OFFSET ${sqlInteger((p.page - 1) * p.per_page)}`;

function statusLiteral(status: AttendanceStatus): Prisma.Sql {
  if (!ATTENDANCE_STATUSES.includes(status)) throw new Error(`not an attendance status: ${status}`);
  return Prisma.raw(`'${status}'`);
}

function sqlInteger(n: number): Prisma.Sql {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return Prisma.raw(String(n));
}

/** A page of the list, newest first. */
export function listCards(db: Db, companyId: number, input: ListAttendancesInput, today: string): Promise<CardRow[]> {
  return queryRows<CardRow>(
    db,
    Prisma.sql`
    SELECT ${cardColumnsSql} FROM attendances a
    WHERE ${attendanceFilterSql(companyId, input)}${listStatusSql(input.status, today)}
    ${pageSql(input)}`,
  );
}

/**
 * The same page of each status: a lateral walk of the status index per status (a UNION of four
 * joined selects cost several times more to plan than to run). The statuses are the caller's
 * constants, written into the statement like the page bounds so its plan is reused.
 */
function funnelCardsSql(companyId: number, filters: AttendanceFilters & Page, statuses: readonly AttendanceStatus[]): Prisma.Sql {
  return Prisma.sql`
    SELECT ${cardColumnsSql}
    FROM unnest(ARRAY[${Prisma.join(statuses.map(statusLiteral))}]::"AttendanceStatus"[]) AS s(status)
    CROSS JOIN LATERAL (
      SELECT * FROM attendances a WHERE ${attendanceFilterSql(companyId, filters, { blindPlan: unfiltered(filters) })} AND a.status = s.status ${pageSql(filters)}
    ) a`;
}

/**
 * The funnel's columns in one round trip: each status's page of cards and its totals, as two JSON
 * arrays of one row (a second statement cost more than both reads together).
 */
export async function funnelColumns(
  db: Db,
  companyId: number,
  filters: AttendanceFilters & Page,
  statuses: readonly AttendanceStatus[],
  today: string,
): Promise<{ cards: Record<AttendanceStatus, CardRow[]>; totals: StatusTotals }> {
  const [row] = await queryRows<{ cards: CardRow[]; totals: TotalsRow[] }>(
    db,
    Prisma.sql`
    SELECT (SELECT COALESCE(json_agg(c ORDER BY c."createdAt" DESC, c.id DESC), '[]') FROM (${funnelCardsSql(companyId, filters, statuses)}) c) AS cards,
           (SELECT COALESCE(json_agg(t), '[]') FROM (${statusTotalsSql(companyId, filters, today, { expired: false })}) t) AS totals`,
  );
  const cards = row?.cards ?? [];
  return {
    cards: Object.fromEntries(statuses.map((s) => [s, cards.filter((r) => r.status === s)])) as Record<AttendanceStatus, CardRow[]>,
    totals: toStatusTotals(row?.totals ?? []),
  };
}

/** No filter but the agency: its cards come from the status index alone, whatever the agency. */
const unfiltered = (f: AttendanceFilters) => bucketsAnswer(f) && !f.start_date_from && !f.start_date_to;

/** The buckets are per company, status and travel date: other filters need the attendances table. */
export function bucketsAnswer(filters: AttendanceFilters): boolean {
  return !filters.search && !filters.owner_user_id && !filters.client_id;
}

/** Per status: how many attendances and their value, and how much of that is past its travel date. */
export type StatusTotals = Record<AttendanceStatus, { count: number; value: number; expiredCount: number; expiredValue: number }>;
type TotalsRow = { status: AttendanceStatus; count: number; value: bigint | number; expired_count: number; expired_value: bigint | number };

/** The SQL of the totals per status; `expired` also splits off what is past its travel date (the balance needs it). */
function statusTotalsSql(companyId: number, filters: AttendanceFilters, today: string, opts: { expired: boolean }): Prisma.Sql {
  if (!bucketsAnswer(filters)) {
    return Prisma.sql`
      SELECT a.status::text AS status, count(*)::int AS count, sum(a.value_cents)::bigint AS value,
             count(*) FILTER (WHERE a.start_date < ${today}::date)::int AS expired_count,
             COALESCE(sum(a.value_cents) FILTER (WHERE a.start_date < ${today}::date), 0)::bigint AS expired_value
      FROM attendances a WHERE ${attendanceFilterSql(companyId, filters)}
      GROUP BY a.status`;
  }
  if (filters.start_date_from || filters.start_date_to) {
    return Prisma.sql`
      SELECT status::text AS status, sum(attendances)::int AS count, sum(value_cents)::bigint AS value,
             COALESCE(sum(attendances) FILTER (WHERE start_date < ${today}::date), 0)::int AS expired_count,
             COALESCE(sum(value_cents) FILTER (WHERE start_date < ${today}::date), 0)::bigint AS expired_value
      FROM attendance_stats WHERE ${statsWhereSql(companyId, filters)}
      GROUP BY status`;
  }
  if (!opts.expired) {
    return Prisma.sql`
      SELECT status::text AS status, attendances AS count, value_cents AS value, 0 AS expired_count, 0::bigint AS expired_value
      FROM attendance_status_stats WHERE ${statsWhereSql(companyId, {})}`;
  }
  // Expired = everything minus what is still ahead: the trips ahead are few, the past grows. The
  // statuses are listed as parameters so the cached (generic) plan keeps them in the index
  // condition; `enum_range()` there became a per-row filter, 3x slower.
  return Prisma.sql`
      SELECT t.status::text AS status, t.attendances AS count, t.value_cents AS value,
             (t.attendances - COALESCE(ahead.attendances, 0))::int AS expired_count,
             (t.value_cents - COALESCE(ahead.value_cents, 0))::bigint AS expired_value
      FROM attendance_status_stats t
      LEFT JOIN (
        SELECT status, sum(attendances) AS attendances, sum(value_cents) AS value_cents FROM attendance_stats
        WHERE ${statsWhereSql(companyId, {})} AND status IN (${Prisma.join(ATTENDANCE_STATUSES.map((st) => Prisma.sql`${st}::"AttendanceStatus"`))}) AND start_date >= ${today}::date
        GROUP BY status
      ) ahead ON ahead.status = t.status
      WHERE ${statsWhereSql(companyId, {})}`;
}

/** Totals per status; `expired` also splits off what is past its travel date (the balance needs it). */
export async function statusTotals(
  db: Db,
  companyId: number,
  filters: AttendanceFilters,
  today: string,
  opts: { expired: boolean },
): Promise<StatusTotals> {
  return toStatusTotals(await queryRows<TotalsRow>(db, statusTotalsSql(companyId, filters, today, opts)));
}

/** Every status, zero where no row came back; sums arrive as bigint (a row) or number (JSON). */
function toStatusTotals(rows: TotalsRow[]): StatusTotals {
  const totals = Object.fromEntries(
    ATTENDANCE_STATUSES.map((s) => [s, { count: 0, value: 0, expiredCount: 0, expiredValue: 0 }]),
  ) as StatusTotals;
  for (const r of rows) {
    totals[r.status] = { count: r.count, value: Number(r.value), expiredCount: r.expired_count, expiredValue: Number(r.expired_value) };
  }
  return totals;
}

/** The list's total under its filters. */
export async function countAttendances(db: Db, companyId: number, input: ListAttendancesInput, today: string): Promise<number> {
  if (bucketsAnswer(input)) {
    const totals = await statusTotals(db, companyId, input, today, { expired: input.status === 'expired' });
    if (input.status === 'expired') return totals.open.expiredCount;
    if (input.status) return totals[input.status].count;
    return Object.values(totals).reduce((acc, t) => acc + t.count, 0);
  }
  const [row] = await queryRows<{ count: number }>(
    db,
    Prisma.sql`
    SELECT count(*)::int AS count FROM attendances a
    WHERE ${attendanceFilterSql(companyId, input)}${listStatusSql(input.status, today)}`,
  );
  return row?.count ?? 0;
}

/**
 * FROM the agency's attendances under the filters (as `a`) WHERE `condition`. With a search the matches are read first
 * (`OFFSET 0` keeps PostgreSQL from merging the sub-select): left to combine the search with the
 * month ranges, its cached plan tested each row of the months against every matching client id
 * (271 ms for a name shared by 4,000 clients, against 15 ms this way). A term too short for the
 * trigram indexes has no cheap way to its matches, so the month ranges narrow the scan first.
 */
function fromFiltered(companyId: number, filters: AttendanceFilters, condition: Prisma.Sql): Prisma.Sql {
  const filter = attendanceFilterSql(companyId, filters);
  return filters.search && trigramSearchable(filters.search)
    ? Prisma.sql`FROM (SELECT * FROM attendances a WHERE ${filter} OFFSET 0) a WHERE ${condition}`
    : Prisma.sql`FROM attendances a WHERE ${filter} AND ${condition}`;
}

export type MonthEvent = 'opened' | 'won' | 'lost';
export type MonthCounts = Record<MonthEvent, { this_month: number; last_month: number }>;

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
  if (bucketsAnswer(filters) && !filters.start_date_from && !filters.start_date_to) {
    const rows = await queryRows<{ event: MonthEvent; month: string; attendances: number }>(
      db,
      Prisma.sql`
      SELECT event, month::text AS month, attendances FROM attendance_month_stats
      WHERE ${statsWhereSql(companyId, {})} AND month IN (${months.lastMonthKey}::date, ${months.thisMonthKey}::date)`,
    );
    for (const r of rows) counts[r.event][r.month === months.thisMonthKey ? 'this_month' : 'last_month'] += r.attendances;
    return counts;
  }
  const at = (d: Date) => Prisma.sql`${d.toISOString()}::timestamp`;
  const [last, current, next] = [at(months.lastMonth), at(months.thisMonth), at(months.nextMonth)];
  const [row] = await queryRows<Record<string, number>>(
    db,
    Prisma.sql`
    SELECT count(*) FILTER (WHERE a.created_at >= ${current} AND a.created_at < ${next})::int AS opened_this,
           count(*) FILTER (WHERE a.created_at >= ${last} AND a.created_at < ${current})::int AS opened_last,
           count(*) FILTER (WHERE a.status = 'won' AND a.closed_at >= ${current} AND a.closed_at < ${next})::int AS won_this,
           count(*) FILTER (WHERE a.status = 'won' AND a.closed_at >= ${last} AND a.closed_at < ${current})::int AS won_last,
           count(*) FILTER (WHERE a.status = 'lost' AND a.closed_at >= ${current} AND a.closed_at < ${next})::int AS lost_this,
           count(*) FILTER (WHERE a.status = 'lost' AND a.closed_at >= ${last} AND a.closed_at < ${current})::int AS lost_last
    ${fromFiltered(
      companyId,
      filters,
      Prisma.sql`((a.created_at >= ${last} AND a.created_at < ${next}) OR (a.status IN ('won', 'lost') AND a.closed_at >= ${last} AND a.closed_at < ${next}))`,
    )}`,
  );
  for (const event of ['opened', 'won', 'lost'] as const) {
    counts[event] = { this_month: row?.[`${event}_this`] ?? 0, last_month: row?.[`${event}_last`] ?? 0 };
  }
  return counts;
}
