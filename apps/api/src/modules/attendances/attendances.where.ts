import { Prisma } from '@app/db';
import {
  type Attendance,
  type AttendanceFilters,
  type AttendanceListItem,
  type AttendanceStatus,
  attendanceStatusTag,
  type FunnelCard,
  imageUrl,
  type ListAttendancesInput,
} from '@app/shared';
import { fromDbDate } from '../../calendar';
import { containsPattern, containsSql, trigramSearchable } from '../../search';

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

/**
 * Security-critical: the list and funnel filters as SQL over `attendances a`, always inside the
 * caller's company (the client-name search too). Each filter has an index that starts with
 * company_id; search reads the trigram indexes (a term of under three letters scans the agency's rows).
 */
export function attendanceFilterSql(companyId: number, f: AttendanceFilters, opts: { blindPlan?: boolean } = {}): Prisma.Sql {
  // `blindPlan` compares through `(SELECT $n)`: the planner then costs any agency alike, as in the
  // cached generic plan, so PostgreSQL adopts that plan instead of replanning on every call. Only
  // for the agency alone: blind to it, the planner misjudges how many rows the other filters keep.
  const company = opts.blindPlan ? Prisma.sql`(SELECT ${companyId}::int)` : Prisma.sql`${companyId}`;
  const parts = [Prisma.sql`a.company_id = ${company}`];
  if (f.owner_user_id) parts.push(Prisma.sql`a.owner_user_id = ${f.owner_user_id}`);
  if (f.client_id) parts.push(Prisma.sql`a.client_id = ${f.client_id}`);
  if (f.start_date_from) parts.push(Prisma.sql`a.start_date >= ${f.start_date_from}::date`);
  if (f.start_date_to) parts.push(Prisma.sql`a.start_date <= ${f.start_date_to}::date`);
  if (f.search) {
    const pattern = containsPattern(f.search);
    // A number may also be the attendance's own id (what agents read out on the phone).
    const byId = /^\d{1,9}$/.test(f.search) ? Prisma.sql` OR a.id = ${Number(f.search)}` : Prisma.empty;
    const clientIds = Prisma.sql`SELECT id FROM clients WHERE company_id = ${companyId} AND ${containsSql(Prisma.sql`name`, f.search)}`;
    // PostgreSQL reads only the matches (a BitmapOr of the trigram and client_id indexes) when every
    // branch of the OR is an index condition: `IN (subquery)` is not, `= ANY (ARRAY(subquery))` (the
    // same ids, read once) is. A term too short for the trigram indexes keeps IN: the OR scans then,
    // and IN tests each row with a hash where ANY compares it with every id.
    const byClient = trigramSearchable(f.search)
      ? Prisma.sql`a.client_id = ANY (ARRAY(${clientIds}))`
      : Prisma.sql`a.client_id IN (${clientIds})`;
    parts.push(Prisma.sql`(a.title ILIKE ${pattern} OR a.destination ILIKE ${pattern} OR ${byClient}${byId})`);
  }
  return Prisma.join(parts, ' AND ');
}

/** A list status: one of the statuses, or 'expired' (open and past its travel date). */
export function listStatusSql(status: ListAttendancesInput['status'], today: string): Prisma.Sql {
  if (!status) return Prisma.empty;
  if (status === 'expired') return Prisma.sql` AND a.status = 'open' AND a.start_date < ${today}::date`;
  return Prisma.sql` AND a.status = ${status}::"AttendanceStatus"`;
}

/**
 * Security-critical: the tenant rule for the trigger-kept stats tables (attendance_status_stats,
 * attendance_stats, attendance_month_stats), unqualified so it fits each. Of the list filters only
 * the travel-date range applies, to attendance_stats ('infinity' is the bucket of no date).
 */
export function statsWhereSql(companyId: number, f: Pick<AttendanceFilters, 'start_date_from' | 'start_date_to'>): Prisma.Sql {
  const parts = [Prisma.sql`company_id = ${companyId}`];
  // A date range leaves out attendances without a date, as the same filter on the table does.
  if (f.start_date_from || f.start_date_to) parts.push(Prisma.sql`start_date < 'infinity'::date`);
  if (f.start_date_from) parts.push(Prisma.sql`start_date >= ${f.start_date_from}::date`);
  if (f.start_date_to) parts.push(Prisma.sql`start_date <= ${f.start_date_to}::date`);
  return Prisma.join(parts, ' AND ');
}

export const attendanceSelect = {
  id: true,
  clientId: true,
  ownerUserId: true,
  title: true,
  destination: true,
  startDate: true,
  endDate: true,
  adults: true,
  children: true,
  infants: true,
  budgetMinCents: true,
  budgetMaxCents: true,
  valueCents: true,
  status: true,
  lostReason: true,
  notes: true,
  coverImageKey: true,
  closedAt: true,
  createdAt: true,
  updatedAt: true,
  client: { select: { id: true, name: true, kind: true, email: true, phone: true } },
  owner: { select: { id: true, name: true, email: true } },
} satisfies Prisma.AttendanceSelect;
export type AttendanceRow = Prisma.AttendanceGetPayload<{ select: typeof attendanceSelect }>;

/**
 * The columns of a list row or funnel card, with the names they show. Dates leave PostgreSQL as
 * the API's strings ('YYYY-MM-DD', ISO instants in UTC): the same in a row and in JSON, and no Date
 * objects made and formatted again for every card.
 */
// The names come from scalar subqueries rather than joins: a page has a handful of rows, and
// PostgreSQL plans the three-table join in ~0.3 ms, more than the page costs to read.
export const cardColumnsSql = Prisma.sql`a.id, a.title, a.client_id AS "clientId",
  (SELECT c.name FROM clients c WHERE c.id = a.client_id) AS "clientName", a.owner_user_id AS "ownerUserId",
  (SELECT u.name FROM users u WHERE u.id = a.owner_user_id) AS "ownerName", a.destination, a.start_date::text AS "startDate", a.end_date::text AS "endDate", a.value_cents AS "valueCents",
  a.status::text AS status, a.cover_image_key AS "coverImageKey",
  to_char(a.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

export type CardRow = {
  id: number;
  title: string;
  clientId: number;
  clientName: string;
  ownerUserId: number;
  ownerName: string;
  destination: string | null;
  startDate: string | null;
  endDate: string | null;
  valueCents: number;
  status: AttendanceStatus;
  coverImageKey: string | null;
  createdAt: string;
};

const tagOf = (status: AttendanceStatus, startDate: Date | null, today: string) =>
  attendanceStatusTag(status, fromDbDate(startDate), today);
const coverUrl = (key: string | null) => (key ? imageUrl(key) : null);

export function toAttendanceDto(a: AttendanceRow, today: string): Attendance {
  return {
    id: a.id,
    client_id: a.clientId,
    client: a.client,
    owner_user_id: a.ownerUserId,
    owner: a.owner,
    title: a.title,
    destination: a.destination,
    start_date: fromDbDate(a.startDate),
    end_date: fromDbDate(a.endDate),
    adults: a.adults,
    children: a.children,
    infants: a.infants,
    budget_min_cents: a.budgetMinCents,
    budget_max_cents: a.budgetMaxCents,
    value_cents: a.valueCents,
    status: a.status,
    status_tag: tagOf(a.status, a.startDate, today),
    lost_reason: a.lostReason,
    notes: a.notes,
    cover_image_key: a.coverImageKey,
    cover_image_url: coverUrl(a.coverImageKey),
    closed_at: a.closedAt?.toISOString() ?? null,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

export function toListItem(a: CardRow, today: string): AttendanceListItem {
  return {
    id: a.id,
    client_id: a.clientId,
    client_name: a.clientName,
    owner_user_id: a.ownerUserId,
    owner_name: a.ownerName,
    title: a.title,
    destination: a.destination,
    start_date: a.startDate,
    end_date: a.endDate,
    value_cents: a.valueCents,
    status: a.status,
    status_tag: attendanceStatusTag(a.status, a.startDate, today),
    cover_image_url: coverUrl(a.coverImageKey),
    created_at: a.createdAt,
  };
}

export function toFunnelCard(a: CardRow, today: string): FunnelCard {
  const { value_cents, ...item } = toListItem(a, today);
  return { ...item, price: value_cents };
}
