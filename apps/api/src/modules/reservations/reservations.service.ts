// The reservations of a sold budget: one per sold service with its supplier, worked through by the
// agent (requested, confirmed, canceled). Writes lock the budget, so they take turns with the sale
// and its undo.
import type { Db, Prisma } from '@app/db';
import {
  CLIENT_FIELD_MESSAGES,
  type CreateReservationInput,
  RESERVATION_MESSAGES,
  type Reservation,
  type ReservationStatus,
  type SendReservationInput,
  type UpdateReservationInput,
} from '@app/shared';
import { AppError, fieldError, notFound } from '../../errors';
import type { JobQueue } from '../../platform/jobs';
import { claimVersion } from '../../versions';
import { budgetReservationsWhere, currentSaleWhere, lockBudget } from '../budgets/budgets.where';
import { notifyBudgetOwner } from '../notifications/notifications.service';
import { readSnapshot } from '../sales/sales.dto';
import { reservationRequestJob } from './reservation-request.job';
import { frozenServiceOf, reservationSelect, supplierEmail, supplierEmailSelect, toReservationDto } from './reservations.dto';
import { reservationServiceWhere, reservationSupplierWhere, reservationWhere } from './reservations.where';

type Tx = Prisma.TransactionClient;
export type ReservationCaller = {
  companyId: number;
  userId: number;
  /** A user the agency keeps from costs never sees what the supplier is paid, so never sets it. */
  seesCosts: boolean;
};

/** The supplier cost a write may store: none from a writer kept from costs. */
const sentCost = (caller: ReservationCaller, cents: number | undefined) => (caller.seesCosts ? cents : undefined);

const dateOf = (d: string | null | undefined) => (d ? new Date(`${d}T00:00:00Z`) : d);

/** Next position at the end of the budget's checklist. */
async function nextPosition(tx: Tx, companyId: number, budgetId: number): Promise<number> {
  const { _max } = await tx.reservation.aggregate({ where: budgetReservationsWhere(companyId, budgetId), _max: { position: true } });
  return (_max.position ?? -1) + 1;
}

/** The reservation as answered, its service as its sale froze it; 404 when the agency has no such reservation. */
export async function getReservation(db: Db | Tx, companyId: number, id: number): Promise<Reservation> {
  const row = await db.reservation.findFirst({
    where: reservationWhere(companyId, id),
    select: { ...reservationSelect, sale: { select: { snapshot: true } } },
  });
  if (!row) throw notFound();
  return toReservationDto(row, frozenServiceOf(row.sale ? readSnapshot(row.sale.snapshot) : null, row.serviceId));
}

/** A supplier named by a body must be the agency's (400 on `supplier_id` otherwise, a missing one alike). */
async function checkSupplier(tx: Tx, companyId: number, id: number | null | undefined) {
  if (!id) return;
  if (!(await tx.supplier.findFirst({ where: reservationSupplierWhere(companyId, id), select: { id: true } })))
    throw fieldError('supplier_id', RESERVATION_MESSAGES.supplierNotFound);
}

async function assertNoneStanding(tx: Tx, companyId: number, serviceId: number | null, except?: number) {
  if (serviceId === null) return;
  const standing = await tx.reservation.count({
    where: { ...reservationWhere(companyId), serviceId, status: { not: 'canceled' }, ...(except ? { id: { not: except } } : {}) },
  });
  if (standing) throw new AppError('CONFLICT', { message: RESERVATION_MESSAGES.alreadyReserved });
}

/**
 * POST /api/reservations/: a reservation of a service the budget's standing sale sold (still
 * active), when the service has none standing. Supplier, currency and amount default to the sold
 * service's (what the agency pays the supplier).
 */
export async function createReservation(db: Db, caller: ReservationCaller, input: CreateReservationInput): Promise<Reservation> {
  const { companyId } = caller;
  return db.$transaction(async (tx) => {
    const budget = await lockBudget(tx, companyId, input.budget_id);
    if (!budget) throw fieldError('budget_id', CLIENT_FIELD_MESSAGES.notFound);
    if (budget.status !== 'sold') throw new AppError('CONFLICT', { message: RESERVATION_MESSAGES.budgetNotSold });
    const sale = await tx.sale.findFirst({ where: currentSaleWhere(companyId, budget.id), select: { id: true, snapshot: true } });
    const sold = sale ? frozenServiceOf(readSnapshot(sale.snapshot), input.service_id) : undefined;
    const active =
      sold &&
      (await tx.service.count({ where: { ...reservationServiceWhere(companyId, budget.id, input.service_id), status: 'active' } })) > 0;
    if (!sale || !sold || !active) throw fieldError('service_id', RESERVATION_MESSAGES.serviceNotSold);
    await assertNoneStanding(tx, companyId, sold.id);
    await checkSupplier(tx, companyId, input.supplier_id);
    const currency = input.currency ?? sold.supplier_currency;
    const { id } = await tx.reservation.create({
      data: {
        companyId,
        budgetId: budget.id,
        saleId: sale.id,
        serviceId: sold.id,
        supplierId: input.supplier_id !== undefined ? input.supplier_id : sold.supplier_id,
        locator: input.locator || null,
        currency,
        amountCents: sentCost(caller, input.supplier_cost_cents) ?? (currency === sold.supplier_currency ? sold.supplier_cost_cents : 0),
        paymentDueDate: dateOf(input.payment_due_date) ?? null,
        notes: input.notes || null,
        position: await nextPosition(tx, companyId, budget.id),
      },
      select: { id: true },
    });
    return getReservation(tx, companyId, id);
  });
}

/** The caller's reservation with its budget locked; 404 when the agency has no such reservation. */
async function lockedReservation(tx: Tx, companyId: number, id: number) {
  const found = await tx.reservation.findFirst({ where: reservationWhere(companyId, id), select: { budgetId: true } });
  const budget = found ? await lockBudget(tx, companyId, found.budgetId) : null;
  if (!budget) throw notFound();
  // Read again under the lock: an undo may have canceled it meanwhile.
  const current = await tx.reservation.findUniqueOrThrow({
    where: { id },
    select: { id: true, status: true, serviceId: true, supplier: { select: supplierEmailSelect } },
  });
  return { budget, current };
}

/** When a move reached each status: leaving canceled or confirmed clears its stamp. */
function statusStamps(from: ReservationStatus, to: ReservationStatus | undefined, now: Date) {
  if (!to || to === from) return {};
  return {
    status: to,
    ...(to === 'requested' ? { requestedAt: now } : {}),
    ...(to === 'confirmed' ? { confirmedAt: now } : from === 'confirmed' ? { confirmedAt: null } : {}),
    ...(to === 'canceled' ? { canceledAt: now } : from === 'canceled' ? { canceledAt: null } : {}),
  };
}

/**
 * PATCH /api/reservations/{id}: the fields sent; `status` moves it (any status to any other). A
 * canceled one comes back only while the budget is sold and its service has no other standing.
 */
export async function updateReservation(db: Db, caller: ReservationCaller, input: UpdateReservationInput): Promise<Reservation> {
  const { companyId } = caller;
  const { id, status, version, ...fields } = input;
  return db.$transaction(async (tx) => {
    const { budget, current } = await lockedReservation(tx, companyId, id);
    await claimVersion(tx, { table: 'reservations', companyId, id, userId: caller.userId, expected: version });
    if (current.status === 'canceled' && status && status !== 'canceled') {
      if (budget.status !== 'sold') throw new AppError('CONFLICT', { message: RESERVATION_MESSAGES.budgetNotSold });
      await assertNoneStanding(tx, companyId, current.serviceId, id);
    }
    await checkSupplier(tx, companyId, fields.supplier_id);
    await tx.reservation.update({
      where: { id },
      data: {
        supplierId: fields.supplier_id,
        locator: fields.locator === undefined ? undefined : fields.locator || null,
        currency: fields.currency,
        amountCents: sentCost(caller, fields.supplier_cost_cents),
        paymentDueDate: dateOf(fields.payment_due_date),
        notes: fields.notes === undefined ? undefined : fields.notes || null,
        ...statusStamps(current.status, status, new Date()),
      },
      select: { id: true },
    });
    const updated = await getReservation(tx, companyId, id);
    if (status === 'confirmed' && current.status !== 'confirmed') {
      const what = [updated.service_title, updated.locator && `localizador ${updated.locator}`].filter(Boolean).join(', ');
      await notifyBudgetOwner(
        tx,
        budget.id,
        'reservation_confirmed',
        (title) => `Reserva confirmada: ${what || 'serviço'} (orçamento “${title}”)`,
        caller.userId,
      );
    }
    return updated;
  });
}

/**
 * PUT /api/reservations/send/{id}: records the request e-mail to the supplier (its e-mail unless
 * `to` is given) and queues it; a pending reservation becomes requested, and requested_at is now.
 */
export async function sendReservation(
  deps: { db: Db; jobs: JobQueue },
  caller: ReservationCaller,
  input: SendReservationInput,
): Promise<{ reservation: Reservation; message: string }> {
  const { companyId } = caller;
  const result = await deps.db.$transaction(async (tx) => {
    const { budget, current } = await lockedReservation(tx, companyId, input.id);
    if (current.status === 'canceled') throw new AppError('CONFLICT', { message: RESERVATION_MESSAGES.canceled });
    const fallback = supplierEmail(current.supplier);
    const to = input.to ?? (fallback ? [fallback] : null);
    if (!to) throw fieldError('to', RESERVATION_MESSAGES.noSupplierEmail);
    const mailing = await tx.saleMailing.create({
      data: {
        companyId,
        budgetId: budget.id,
        kind: 'reservation_request',
        reservationId: current.id,
        recipients: [...new Set(to)],
        message: input.message || null,
        userId: caller.userId,
      },
      select: { id: true },
    });
    await tx.reservation.update({
      where: { id: current.id },
      data: { requestedAt: new Date(), ...(current.status === 'pending' ? { status: 'requested' } : {}) },
      select: { id: true },
    });
    await deps.jobs.enqueueIn(tx, reservationRequestJob, { mailing_id: mailing.id });
    return { reservation: await getReservation(tx, companyId, current.id) };
  });
  await deps.jobs.flush();
  return { reservation: result.reservation, message: RESERVATION_MESSAGES.sent };
}
