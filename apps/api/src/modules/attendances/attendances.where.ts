// Security-critical: tenant filters only. Every attendance read and write of a tenant goes through
// them, with the company id of the signed-in user.
import { columnsOf, type Prisma, type RawBuilder, type SqlBool, type StatementValues, sql } from '@app/db';
import type { AttendanceFilters } from '@app/shared';
import { onOrAfterDay, onOrBeforeDay } from '../../business-days';
import { foldedContainsAll, type SearchShape, searchPatterns, searchShape } from '../../search';

const a = columnsOf('attendances', 'a');

/** Security-critical: every attendance lookup of a tenant goes through this filter. */
export function attendanceWhere(companyId: number, id?: number): Prisma.AttendanceWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/**
 * Security-critical: locks the caller's attendance for the rest of the transaction (so a change
 * and its log see the same "before"), or returns false when the company has no such attendance.
 */
export async function lockAttendance(tx: Prisma.TransactionClient, companyId: number, id: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM attendances WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
  return rows.length === 1;
}

/** What the list filters write into a statement's text (part of its shape): which are set, how the search reads. */
export type FilterShape = {
  owner: boolean;
  client: boolean;
  from: boolean;
  to: boolean;
  createdFrom: boolean;
  createdTo: boolean;
  closedFrom: boolean;
  closedTo: boolean;
  search: (SearchShape & { byId: boolean }) | null;
};

/** The filters' parameters, beside the company. */
export type FilterValues = {
  companyId: number;
  owner_user_id: number;
  client_id: number;
  start_date_from: string;
  start_date_to: string;
  created_from: string;
  created_to: string;
  closed_from: string;
  closed_to: string;
  words: string[];
  search_id: number;
};

// A number may also be the attendance's own id (what agents read out on the phone).
const isIdSearch = (term: string) => /^\d{1,9}$/.test(term);

export function filterShape(f: AttendanceFilters): FilterShape {
  return {
    owner: !!f.owner_user_id,
    client: !!f.client_id,
    from: !!f.start_date_from,
    to: !!f.start_date_to,
    createdFrom: !!f.created_from,
    createdTo: !!f.created_to,
    closedFrom: !!f.closed_from,
    closedTo: !!f.closed_to,
    search: f.search ? { ...searchShape(f.search), byId: isIdSearch(f.search) } : null,
  };
}

export function filterValues(companyId: number, f: AttendanceFilters): StatementValues<FilterValues> {
  return {
    companyId,
    owner_user_id: f.owner_user_id,
    client_id: f.client_id,
    start_date_from: f.start_date_from,
    start_date_to: f.start_date_to,
    created_from: f.created_from,
    created_to: f.created_to,
    closed_from: f.closed_from,
    closed_to: f.closed_to,
    words: f.search ? searchPatterns(f.search) : undefined,
    search_id: f.search && isIdSearch(f.search) ? Number(f.search) : undefined,
  };
}

const date = (value: string) => sql<Date>`${value}::date`;

/**
 * Security-critical: the list and funnel filters as SQL over `attendances a`, always inside the
 * caller's company. Each filter has an index that starts with company_id; search finds every word
 * typed, blind to accents and case, from the trigram index (a word under three letters is tested on
 * the rows the others find, or on the agency's rows when it is the only one).
 */
export function attendanceFilter(f: FilterShape, v: FilterValues, opts: { blindPlan?: boolean } = {}): RawBuilder<SqlBool> {
  // `blindPlan` compares through `(SELECT $n)`: the planner then costs any agency alike, as in the
  // cached generic plan, so PostgreSQL adopts that plan instead of replanning on every call. Only
  // for the agency alone: blind to it, the planner misjudges how many rows the other filters keep.
  const company = opts.blindPlan ? sql`(SELECT ${v.companyId}::int)` : sql`${v.companyId}`;
  const parts = [sql<SqlBool>`${a('company_id')} = ${company}`];
  if (f.owner) parts.push(sql`${a('owner_user_id')} = ${v.owner_user_id}`);
  if (f.client) parts.push(sql`${a('client_id')} = ${v.client_id}`);
  if (f.from) parts.push(sql`${a('start_date')} >= ${date(v.start_date_from)}`);
  if (f.to) parts.push(sql`${a('start_date')} <= ${date(v.start_date_to)}`);
  // Opened and closed days are the agency's (as the dashboard counts them), over the indexes on
  // (company_id, created_at) and (company_id, status, closed_at).
  if (f.createdFrom) parts.push(onOrAfterDay(a('created_at'), v.created_from));
  if (f.createdTo) parts.push(onOrBeforeDay(a('created_at'), v.created_to));
  if (f.closedFrom) parts.push(onOrAfterDay(a('closed_at'), v.closed_from));
  if (f.closedTo) parts.push(onOrBeforeDay(a('closed_at'), v.closed_to));
  if (f.search) {
    // One folded text per attendance (title, destination, client's name; kept by triggers) and its
    // trigram index; a number may also be the attendance's id (a BitmapOr with the primary key).
    const byId = f.search.byId ? sql` OR ${a('id')} = ${v.search_id}` : sql``;
    parts.push(sql`(${foldedContainsAll(a('search_text'), f.search, v.words)}${byId})`);
  }
  return sql.join(parts, sql` AND `);
}

/**
 * Security-critical: the tenant rule for the trigger-kept stats tables (attendance_status_stats,
 * attendance_stats, attendance_month_stats), unqualified so it fits each. Of the list filters only
 * the travel-date range applies, to attendance_stats ('infinity' is the bucket of no date).
 */
export function statsWhere(
  f: Pick<FilterShape, 'from' | 'to'>,
  v: Pick<FilterValues, 'companyId' | 'start_date_from' | 'start_date_to'>,
): RawBuilder<SqlBool> {
  const parts = [sql<SqlBool>`company_id = ${v.companyId}`];
  // A date range leaves out attendances without a date, as the same filter on the table does.
  if (f.from || f.to) parts.push(sql`start_date < 'infinity'::date`);
  if (f.from) parts.push(sql`start_date >= ${date(v.start_date_from)}`);
  if (f.to) parts.push(sql`start_date <= ${date(v.start_date_to)}`);
  return sql.join(parts, sql` AND `);
}
