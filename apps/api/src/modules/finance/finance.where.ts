// Security-critical (tenant filter): every receivable and payable read or written goes through these,
// each starting from the caller's company.
import type { Prisma } from '@app/db';
import type { ListPayablesInput, ListReceivablesInput, PayableStatus, ReceivableStatus } from '@app/shared';

const day = (d: string) => new Date(`${d}T00:00:00Z`);
type Filters = Pick<ListReceivablesInput, 'search' | 'from' | 'to' | 'budget_id' | 'sale_id' | 'currency' | 'seller_user_id'>;

const daysIn = (from: string | undefined, to: string | undefined) =>
  from || to ? { gte: from ? day(from) : undefined, lte: to ? day(to) : undefined } : undefined;
const dueIn = ({ from, to }: Filters) => daysIn(from, to);
/** The payment days of "recebido/pago no período": the same period as the due dates. */
export const paidIn = dueIn;
/** The receivables' "recebido": on the payment days asked, else over the list's period. */
export const receivedIn = (f: Filters & Pick<ListReceivablesInput, 'received_from' | 'received_to'>) =>
  daysIn(f.received_from, f.received_to) ?? dueIn(f);

export function receivableWhere(companyId: number, id?: number): Prisma.ReceivableWhereInput {
  return { companyId, ...(id !== undefined ? { id } : {}) };
}

/** A list's filters but the status: what the totals sum over. */
export function receivablesBaseWhere(companyId: number, f: Filters): Prisma.ReceivableWhereInput {
  const text = f.search ? { contains: f.search, mode: 'insensitive' as const } : undefined;
  const sale = { ...(f.budget_id ? { budgetId: f.budget_id } : {}), ...(f.seller_user_id ? { sellerUserId: f.seller_user_id } : {}) };
  return {
    companyId,
    ...(Object.keys(sale).length ? { sale } : {}),
    ...(f.sale_id ? { saleId: f.sale_id } : {}),
    ...(f.currency ? { currency: f.currency } : {}),
    ...(text ? { OR: [{ client: { name: text } }, { sale: { budget: { title: text } } }] } : {}),
  };
}

/** `today` is the agency's calendar day: open and due before it is overdue. */
export function receivableStatusWhere(status: ReceivableStatus | undefined, today: string): Prisma.ReceivableWhereInput {
  switch (status) {
    case 'open':
      return { status: 'open', dueDate: { gte: day(today) } };
    case 'overdue':
      return { status: 'open', dueDate: { lt: day(today) } };
    case 'received':
    case 'canceled':
      return { status };
    default:
      return {};
  }
}

export function receivablesWhere(
  companyId: number,
  f: ListReceivablesInput | Omit<ListReceivablesInput, 'page' | 'per_page'>,
  today: string,
) {
  const due = dueIn(f);
  const received = daysIn(f.received_from, f.received_to);
  return {
    AND: [
      receivablesBaseWhere(companyId, f),
      receivableStatusWhere(f.status, today),
      due ? { dueDate: due } : {},
      // Over receivable_payments (company_id, received_on), as the dashboard sums them.
      received ? { payments: { some: { companyId, receivedOn: received } } } : {},
    ],
  } satisfies Prisma.ReceivableWhereInput;
}

/** A payable is a reservation of the agency with a supplier and a day to pay it. */
export function payableWhere(companyId: number, id?: number): Prisma.ReservationWhereInput {
  return { companyId, supplierId: { not: null }, paymentDueDate: { not: null }, ...(id !== undefined ? { id } : {}) };
}

type PayableFilters = Pick<ListPayablesInput, 'search' | 'from' | 'to' | 'budget_id' | 'sale_id' | 'currency' | 'seller_user_id'>;

export function payablesBaseWhere(companyId: number, f: PayableFilters): Prisma.ReservationWhereInput {
  const text = f.search ? { contains: f.search, mode: 'insensitive' as const } : undefined;
  return {
    ...payableWhere(companyId),
    ...(f.budget_id ? { budgetId: f.budget_id } : {}),
    ...(f.sale_id ? { saleId: f.sale_id } : {}),
    ...(f.currency ? { currency: f.currency } : {}),
    ...(f.seller_user_id ? { sale: { sellerUserId: f.seller_user_id } } : {}),
    ...(text ? { OR: [{ supplier: { name: text } }, { budget: { title: text } }, { budget: { client: { name: text } } }] } : {}),
  };
}

/** Still owed: not paid and its reservation not canceled. */
export const owedPayable = { paidOn: null, status: { not: 'canceled' } } satisfies Prisma.ReservationWhereInput;

export function payableStatusWhere(status: PayableStatus | undefined, today: string): Prisma.ReservationWhereInput {
  switch (status) {
    case 'open':
      return { ...owedPayable, paymentDueDate: { gte: day(today) } };
    case 'overdue':
      return { ...owedPayable, paymentDueDate: { lt: day(today) } };
    case 'paid':
      return { paidOn: { not: null } };
    case 'canceled':
      return { paidOn: null, status: 'canceled' };
    default:
      return {};
  }
}

export function payablesWhere(companyId: number, f: PayableFilters & { status?: PayableStatus }, today: string) {
  const due = dueIn(f);
  return {
    AND: [payablesBaseWhere(companyId, f), payableStatusWhere(f.status, today), due ? { paymentDueDate: due } : {}],
  } satisfies Prisma.ReservationWhereInput;
}
