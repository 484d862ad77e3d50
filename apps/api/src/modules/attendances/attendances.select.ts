import { columnsOf, type DB, dateText, enumText, isoInstant, type Prisma, qb, type Selection, sql } from '@app/db';

const a = columnsOf('attendances', 'a');

/** The trip: where, when and who travels (an attendance and its consolidated summary both show it). */
export const tripSelect = {
  destination: true,
  startDate: true,
  endDate: true,
  adults: true,
  children: true,
  childrenAges: true,
  infants: true,
} satisfies Prisma.AttendanceSelect;
export type TripRow = Prisma.AttendanceGetPayload<{ select: typeof tripSelect }>;

export const attendanceSelect = {
  id: true,
  clientId: true,
  ownerUserId: true,
  title: true,
  ...tripSelect,
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
  version: true,
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
// PostgreSQL plans the three-table join in ~0.3 ms, more than the page costs to read. Every
// attendance has its client and owner (foreign keys), hence the names are never null.
export const cardColumns = [
  a('id').as('id'),
  a('title').as('title'),
  a('client_id').as('clientId'),
  qb.selectFrom('clients as c').select('c.name').where('c.id', '=', a('client_id')).$asScalar().$notNull().as('clientName'),
  a('owner_user_id').as('ownerUserId'),
  qb.selectFrom('users as u').select('u.name').where('u.id', '=', a('owner_user_id')).$asScalar().$notNull().as('ownerName'),
  a('destination').as('destination'),
  dateText(a('start_date')).as('startDate'),
  dateText(a('end_date')).as('endDate'),
  a('value_cents').as('valueCents'),
  enumText(a('status')).as('status'),
  a('cover_image_key').as('coverImageKey'),
  isoInstant(a('created_at')).as('createdAt'),
  a('version').as('version'),
  // The customer's activity on the attendance's budgets (the attendance_id index; an attendance has a few budgets).
  qb
    .selectFrom('budgets as b')
    .select(sql<number>`COALESCE(sum(b.landing_views_count), 0)::int`.as('views'))
    .where('b.attendance_id', '=', a('id'))
    .$asScalar()
    .$notNull()
    .as('budgetViewsCount'),
  sql<boolean>`EXISTS (SELECT 1 FROM budgets b WHERE b.attendance_id = ${a('id')} AND b.accepted_at IS NOT NULL AND b.status IN ('accepted', 'sold'))`.as(
    'budgetAccepted',
  ),
] as const;

export type CardRow = Selection<DB, never, (typeof cardColumns)[number]>;
