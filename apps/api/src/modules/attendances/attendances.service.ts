import type { Db, Prisma } from '@app/db';
import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_TRANSITIONS,
  type Attendance,
  type AttendanceLogAction,
  type AttendanceTransition,
  attendanceRangeIssues,
  buildPagination,
  buildSearchPagination,
  businessDate,
  CLIENT_FIELD_MESSAGES,
  type CreateAttendanceInput,
  canTransition,
  type Deal,
  funnelGroupOf,
  IMAGE_KEY_PATTERN,
  type ListAttendancesInput,
  type UpdateAttendanceInput,
} from '@app/shared';
import { fromDbDate, toDbDate } from '../../calendar';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { findPage } from '../../paging';
import type { Storage } from '../../platform/storage';
import { claimVersion } from '../../versions';
import { queueDealPush } from '../integrations/pipedrive.push';
import { countAttendances, listCards, searchPage } from './attendance-queries';
import { toAttendanceDto, toFunnelCard, toListItem } from './attendances.dto';
import { attendanceSelect } from './attendances.select';
import { attendanceWhere, lockAttendance } from './attendances.where';

type Tx = Prisma.TransactionClient;
type LogValue = string | number | boolean | null;
export type Changes = Record<string, { from: LogValue; to: LogValue }>;

/** Fields whose changes the log records (API names). */
const TRACKED = [
  'client_id',
  'owner_user_id',
  'title',
  'destination',
  'start_date',
  'end_date',
  'adults',
  'children',
  'children_ages',
  'infants',
  'budget_min_cents',
  'budget_max_cents',
  'value_cents',
  'status',
  'lost_reason',
  'notes',
  'cover_image_key',
] as const satisfies readonly (keyof Attendance)[];

/** A log holds scalars: the children's ages read '7, 10' (none: null). */
const logValue = (value: LogValue | readonly number[]): LogValue => (Array.isArray(value) ? value.join(', ') || null : (value as LogValue));

function diffAttendance(before: Attendance | null, after: Attendance): Changes {
  const changes: Changes = {};
  for (const field of TRACKED) {
    const from = before ? logValue(before[field]) : null;
    const to = logValue(after[field]);
    if (from !== to) changes[field] = { from, to };
  }
  return changes;
}

/** The log row of a change; always written with the transaction's client, beside the change. */
export async function writeLog(
  tx: Tx,
  companyId: number,
  attendanceId: number,
  userId: number,
  action: AttendanceLogAction,
  changes: Changes,
) {
  await tx.attendanceLog.create({ data: { companyId, attendanceId, userId, action, changes } });
}

export async function listAttendances(db: Db, companyId: number, input: ListAttendancesInput, today = businessDate()) {
  if (input.search) {
    const { rows, matched } = await searchPage(db, companyId, input, today);
    return { attendances: rows.map((r) => toListItem(r, today)), pagination: buildSearchPagination(input.page, input.per_page, matched) };
  }
  const [rows, total] = await Promise.all([listCards(db, companyId, input, today), countAttendances(db, companyId, input, today)]);
  return { attendances: rows.map((r) => toListItem(r, today)), pagination: buildPagination(input.page, input.per_page, total) };
}

async function findAttendance(db: Db | Tx, companyId: number, id: number) {
  const row = await db.attendance.findFirst({ where: attendanceWhere(companyId, id), select: attendanceSelect });
  if (!row) throw notFound();
  return row;
}

export async function getAttendance(db: Db, companyId: number, id: number): Promise<Attendance> {
  return toAttendanceDto(await findAttendance(db, companyId, id), businessDate());
}

/** The attendance as the funnel's deal: its card plus who, how much and where it stands. */
export async function getDeal(db: Db, companyId: number, id: number): Promise<Deal> {
  const today = businessDate();
  const row = await findAttendance(db, companyId, id);
  const budgets = { attendanceId: row.id, companyId };
  const [views, accepted] = await Promise.all([
    db.budget.aggregate({ where: budgets, _sum: { landingViewsCount: true } }),
    db.budget.findFirst({ where: { ...budgets, acceptedAt: { not: null }, status: { in: ['accepted', 'sold'] } }, select: { id: true } }),
  ]);
  const card = {
    ...row,
    budgetViewsCount: views._sum.landingViewsCount ?? 0,
    budgetAccepted: accepted !== null,
    startDate: fromDbDate(row.startDate),
    endDate: fromDbDate(row.endDate),
    createdAt: row.createdAt.toISOString(),
    clientName: row.client.name,
    ownerName: row.owner.name,
  };
  return {
    ...toFunnelCard(card, today),
    currency: 'BRL',
    group: funnelGroupOf(row.status),
    client: row.client,
    owner: row.owner,
    budget_min_cents: row.budgetMinCents,
    budget_max_cents: row.budgetMaxCents,
    lost_reason: row.lostReason,
    closed_at: row.closedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

type References = { client_id?: number; owner_user_id?: number; cover_image_key?: string | null };

/**
 * Ids and keys sent in a body must belong to the caller's company. One that does not (or does not
 * exist) is a field error, the same either way, so nothing leaks about other agencies.
 */
async function referenceErrors(db: Db | Tx, storage: Storage, companyId: number, refs: References): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  if (refs.client_id !== undefined) {
    const client = await db.client.findFirst({ where: { id: refs.client_id, companyId }, select: { isActive: true } });
    if (!client) errors.client_id = [CLIENT_FIELD_MESSAGES.notFound];
    else if (!client.isActive) errors.client_id = [CLIENT_FIELD_MESSAGES.inactive];
  }
  if (refs.owner_user_id !== undefined) {
    const owner = await db.user.findFirst({ where: { id: refs.owner_user_id, companyId, status: 'active' }, select: { id: true } });
    if (!owner) errors.owner_user_id = [CLIENT_FIELD_MESSAGES.notFound];
  }
  if (refs.cover_image_key) {
    const key = refs.cover_image_key;
    const ours = IMAGE_KEY_PATTERN.test(key) && key.split('/')[1] === String(companyId);
    if (!ours || !(await storage.exists(key))) errors.cover_image_key = [CLIENT_FIELD_MESSAGES.notFound];
  }
  return errors;
}

function throwIfAny(errors: Record<string, string[]>) {
  if (Object.keys(errors).length) throw new AppError('VALIDATION', { errors });
}

function rangeErrors(fields: Parameters<typeof attendanceRangeIssues>[0]): Record<string, string[]> {
  return Object.fromEntries(attendanceRangeIssues(fields).map((i) => [i.path, [i.message]]));
}

type EditableFields = Omit<UpdateAttendanceInput, 'id'>;

function editableData(f: EditableFields) {
  return {
    clientId: f.client_id,
    title: f.title,
    destination: f.destination,
    startDate: toDbDate(f.start_date),
    endDate: toDbDate(f.end_date),
    adults: f.adults,
    children: f.children,
    childrenAges: f.children_ages,
    infants: f.infants,
    budgetMinCents: f.budget_min_cents,
    budgetMaxCents: f.budget_max_cents,
    valueCents: f.value_cents,
    coverImageKey: f.cover_image_key,
    notes: f.notes,
  };
}

export async function createAttendance(
  s: Deps,
  companyId: number,
  actor: { id: number },
  input: CreateAttendanceInput,
): Promise<Attendance> {
  const { owner_user_id, ...fields } = input;
  const ownerUserId = owner_user_id ?? actor.id;
  throwIfAny(
    await referenceErrors(s.db, s.platform.storage, companyId, {
      client_id: fields.client_id,
      owner_user_id: ownerUserId,
      cover_image_key: fields.cover_image_key,
    }),
  );
  const today = businessDate();
  return s.db.$transaction(async (tx) => {
    const row = await tx.attendance.create({
      data: { ...editableData(fields), clientId: fields.client_id, title: fields.title, companyId, ownerUserId, status: 'open' },
      select: attendanceSelect,
    });
    const created = toAttendanceDto(row, today);
    await writeLog(tx, companyId, row.id, actor.id, 'created', diffAttendance(null, created));
    await queueDealPush(s.platform.jobs, tx, companyId, row.id);
    return created;
  });
}

/**
 * One change to an attendance under its row lock, so the change and its log see the same "before":
 * `change` reads the current state and returns the update to apply, or null to leave it as it is.
 * The fields it moved are logged as `action`.
 */
async function changeAttendance(
  s: Pick<Deps, 'db' | 'platform'>,
  companyId: number,
  actor: { id: number },
  id: number,
  action: AttendanceLogAction,
  change: (before: Attendance, tx: Tx) => Promise<Prisma.AttendanceUncheckedUpdateInput | null>,
  expected?: number,
): Promise<Attendance> {
  const today = businessDate();
  return s.db.$transaction(async (tx) => {
    if (!(await lockAttendance(tx, companyId, id))) throw notFound();
    // A stale write is refused as such first; without a version, only a real edit bumps it.
    const claim = { table: 'attendances', companyId, id, userId: actor.id, expected } as const;
    if (expected !== undefined) await claimVersion(tx, claim);
    const before = toAttendanceDto(await findAttendance(tx, companyId, id), today);
    const data = await change(before, tx);
    if (!data) return before;
    if (expected === undefined) await claimVersion(tx, claim);
    const after = toAttendanceDto(await tx.attendance.update({ where: { id }, data, select: attendanceSelect }), today);
    const changes = diffAttendance(before, after);
    if (Object.keys(changes).length) await writeLog(tx, companyId, id, actor.id, action, changes);
    await queueDealPush(s.platform.jobs, tx, companyId, id);
    return after;
  });
}

/** While a sale stands its attendance's value is the sales' (kept aside: presale_value_cents). */
async function followsSales(tx: Tx, id: number): Promise<boolean> {
  const row = await tx.attendance.findUniqueOrThrow({ where: { id }, select: { presaleValueCents: true } });
  return row.presaleValueCents !== null;
}

export async function updateAttendance(
  s: Deps,
  companyId: number,
  actor: { id: number },
  input: UpdateAttendanceInput,
): Promise<Attendance> {
  const { id, version, ...fields } = input;
  return changeAttendance(
    s,
    companyId,
    actor,
    id,
    'updated',
    async (before, tx) => {
      throwIfAny({
        ...rangeErrors({ ...before, ...fields }),
        ...(await referenceErrors(tx, s.platform.storage, companyId, {
          client_id: fields.client_id !== undefined && fields.client_id !== before.client_id ? fields.client_id : undefined,
          cover_image_key: fields.cover_image_key !== before.cover_image_key ? fields.cover_image_key : undefined,
        })),
        ...(fields.value_cents !== undefined && fields.value_cents !== before.value_cents && (await followsSales(tx, id))
          ? { value_cents: [ATTENDANCE_MESSAGES.valueFromSales] }
          : {}),
      });
      return editableData(fields);
    },
    version,
  );
}

export async function updateOwner(
  s: Deps,
  companyId: number,
  actor: { id: number },
  { id, owner_user_id: ownerUserId, version }: { id: number; owner_user_id: number; version?: number },
): Promise<Attendance> {
  return changeAttendance(
    s,
    companyId,
    actor,
    id,
    'owner_changed',
    async (before, tx) => {
      if (before.owner_user_id === ownerUserId) return null;
      throwIfAny(await referenceErrors(tx, s.platform.storage, companyId, { owner_user_id: ownerUserId }));
      return { ownerUserId };
    },
    version,
  );
}

/**
 * Funnel moves: won and lost close an open attendance, a won sale can be canceled, and any closed
 * one can be reopened. A move from the wrong status answers 409 and changes nothing.
 */
export async function transitionAttendance(
  s: Pick<Deps, 'db' | 'platform'>,
  companyId: number,
  actor: { id: number },
  transition: AttendanceTransition,
  { id, version, ...extra }: { id: number; lost_reason?: string | null; value_cents?: number; version?: number },
): Promise<Attendance> {
  return changeAttendance(
    s,
    companyId,
    actor,
    id,
    transition,
    async (before) => {
      if (!canTransition(before.status, transition)) {
        throw new AppError('CONFLICT', { message: ATTENDANCE_MESSAGES.transition[transition] });
      }
      const status = ATTENDANCE_TRANSITIONS[transition].to;
      return transition === 'won'
        ? { status, closedAt: new Date(), lostReason: null, ...(extra.value_cents !== undefined ? { valueCents: extra.value_cents } : {}) }
        : transition === 'lost'
          ? { status, closedAt: new Date(), lostReason: extra.lost_reason ?? null }
          : transition === 'reopened'
            ? { status, closedAt: null, lostReason: null }
            : { status }; // canceled keeps closed_at: when the sale was made
    },
    version,
  );
}

export async function listAttendanceLogs(db: Db, companyId: number, input: { id: number; page: number; per_page: number }) {
  const attendance = await db.attendance.findFirst({ where: attendanceWhere(companyId, input.id), select: { id: true } });
  if (!attendance) throw notFound();
  const where: Prisma.AttendanceLogWhereInput = { attendanceId: attendance.id, companyId };
  const { rows, pagination } = await findPage(
    input,
    (page) =>
      db.attendanceLog.findMany({
        where,
        select: { id: true, action: true, changes: true, createdAt: true, user: { select: { id: true, name: true } } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        ...page,
      }),
    () => db.attendanceLog.count({ where }),
  );
  return {
    logs: rows.map((r) => ({
      id: r.id,
      action: r.action as AttendanceLogAction,
      changes: r.changes as Changes,
      user: r.user,
      created_at: r.createdAt.toISOString(),
    })),
    pagination,
  };
}
