// Contas a pagar: a reservation with a supplier and a payment due date is what the agency owes that
// supplier (its amount, in its currency). Marking it paid records the day, how and a note; a canceled
// reservation not paid is a canceled payable. Payables are costs: the routes refuse (403) a user the
// agency keeps from costs and margins.
import { type Db, Prisma } from '@app/db';
import {
  buildPagination,
  businessDate,
  FINANCE_MESSAGES,
  type ListPayablesInput,
  type Payable,
  type PayableList,
  type PayableStatus,
  type PayInput,
} from '@app/shared';
import { AppError, notFound } from '../../errors';
import { claimVersion } from '../../versions';
import { owedPayable, paidIn, payableStatusWhere, payablesBaseWhere, payablesWhere, payableWhere } from './finance.where';

type Tx = Prisma.TransactionClient;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const isoDate = (d: Date | null) => (d ? isoDay(d) : null);
const dateOf = (d: string) => new Date(`${d}T00:00:00Z`);

/** For SQL over reservations `r` (the follow-up rule supplier_payment_due): a payable still owed. */
export const OWED_PAYABLE_SQL = Prisma.sql`r.supplier_id IS NOT NULL AND r.status <> 'canceled' AND r.paid_on IS NULL`;

/** Refused to a user the agency keeps from costs: what the agency pays suppliers is a cost. */
export function assertSeesCosts(seesCosts: boolean) {
  if (!seesCosts) throw new AppError('FORBIDDEN');
}

export const payableSelect = {
  id: true,
  budgetId: true,
  locator: true,
  currency: true,
  amountCents: true,
  paymentDueDate: true,
  status: true,
  paidOn: true,
  paidMethod: true,
  paidNote: true,
  supplier: { select: { id: true, name: true } },
  service: { select: { title: true } },
  budget: { select: { title: true, client: { select: { id: true, name: true } } } },
} satisfies Prisma.ReservationSelect;
type PayableRow = Prisma.ReservationGetPayload<{ select: typeof payableSelect }>;

function payableStatus(row: PayableRow, today: string): PayableStatus {
  if (row.paidOn) return 'paid';
  if (row.status === 'canceled') return 'canceled';
  return (isoDate(row.paymentDueDate) ?? today) < today ? 'overdue' : 'open';
}

export function toPayableDto(row: PayableRow, today: string): Payable {
  return {
    id: row.id,
    budget_id: row.budgetId,
    budget_title: row.budget.title,
    client: row.budget.client,
    // payableWhere keeps only reservations with a supplier and a due date.
    supplier: row.supplier ?? { id: 0, name: '' },
    service_title: row.service?.title ?? null,
    locator: row.locator,
    due_date: isoDate(row.paymentDueDate) ?? '',
    currency: row.currency,
    amount_cents: row.amountCents,
    status: payableStatus(row, today),
    paid_on: isoDate(row.paidOn),
    paid_method: row.paidMethod,
    paid_note: row.paidNote,
  };
}

async function payableTotals(db: Db, companyId: number, input: ListPayablesInput, today: string) {
  const base = payablesBaseWhere(companyId, input);
  const period = paidIn(input);
  const sum = (where: Prisma.ReservationWhereInput) =>
    db.reservation.groupBy({ by: ['currency'], where: { AND: [base, where] }, _sum: { amountCents: true } });
  const [open, overdue, paid] = await Promise.all([
    sum(owedPayable),
    sum(payableStatusWhere('overdue', today)),
    sum({ paidOn: period ?? { not: null } }),
  ]);
  const currencies = [...new Set([...open, ...overdue, ...paid].map((r) => r.currency))].sort();
  const of = (rows: typeof open, currency: string) => rows.find((r) => r.currency === currency)?._sum.amountCents ?? 0;
  return currencies.map((currency) => ({
    currency,
    open_cents: of(open, currency),
    overdue_cents: of(overdue, currency),
    paid_cents: of(paid, currency),
  }));
}

/** GET /api/payables: by due date, filtered, paginated, with the totals on top. */
export async function listPayables(db: Db, companyId: number, input: ListPayablesInput): Promise<PayableList> {
  const today = businessDate();
  const where = payablesWhere(companyId, input, today);
  const [rows, count, totals] = await Promise.all([
    db.reservation.findMany({
      where,
      select: payableSelect,
      orderBy: [{ paymentDueDate: 'asc' }, { id: 'asc' }],
      skip: (input.page - 1) * input.per_page,
      take: input.per_page,
    }),
    db.reservation.count({ where }),
    payableTotals(db, companyId, input, today),
  ]);
  return { payables: rows.map((r) => toPayableDto(r, today)), totals, pagination: buildPagination(input.page, input.per_page, count) };
}

export async function getPayable(db: Db | Tx, companyId: number, id: number): Promise<Payable> {
  const row = await db.reservation.findFirst({ where: payableWhere(companyId, id), select: payableSelect });
  if (!row) throw notFound();
  return toPayableDto(row, businessDate());
}

/**
 * POST /api/payables/{id}/pay: the supplier was paid (the reservation's edit: its version is bumped,
 * which also locks it, so two agents marking it at once take turns and the second gets a 409).
 */
export async function pay(
  db: Db,
  caller: { companyId: number; userId: number },
  input: PayInput & { id: number },
): Promise<{ payable: Payable; message: string }> {
  const { companyId } = caller;
  return db.$transaction(async (tx) => {
    if (!(await tx.reservation.count({ where: payableWhere(companyId, input.id) }))) throw notFound();
    await claimVersion(tx, { table: 'reservations', companyId, id: input.id, userId: caller.userId });
    const current = await tx.reservation.findUniqueOrThrow({ where: { id: input.id }, select: { status: true, paidOn: true } });
    if (current.paidOn || current.status === 'canceled') throw new AppError('CONFLICT', { message: FINANCE_MESSAGES.payableClosed });
    await tx.reservation.update({
      where: { id: input.id },
      data: {
        paidOn: dateOf(input.paid_on ?? businessDate()),
        paidMethod: input.method,
        paidNote: input.note || null,
        paidByUserId: caller.userId,
      },
      select: { id: true },
    });
    return { payable: await getPayable(tx, companyId, input.id), message: FINANCE_MESSAGES.paid };
  });
}
