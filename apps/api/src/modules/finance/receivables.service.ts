// Contas a receber: one receivable per installment of a sale's plan, opened in the sale's transaction
// and canceled (the open ones) by its undo; an agent records what was received, in full or in part.
import { type Db, Prisma } from '@app/db';
import {
  buildPagination,
  businessDate,
  FINANCE_MESSAGES,
  type ListReceivablesInput,
  NFSE_MESSAGES,
  type PaymentPlanItem,
  pixBrCode,
  type Receivable,
  type ReceivableList,
  type ReceivableStatus,
  type ReceiveInput,
} from '@app/shared';
import type { Deps } from '../../deps';
import { AppError, fieldError, notFound } from '../../errors';
import { PIX_FALLBACK_CITY } from '../landing-pages/landing-page.service';
import { requestNfseOnFullReceipt } from '../nfse/nfse.service';
import { receivableStatusWhere, receivablesBaseWhere, receivablesWhere, receivableWhere, receivedIn } from './finance.where';

type Tx = Prisma.TransactionClient;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const isoDate = (d: Date | null) => (d ? isoDay(d) : null);
const dateOf = (d: string) => new Date(`${d}T00:00:00Z`);

/** In the sale's transaction: one open receivable per installment of its plan (one of 0 cents already received). */
export async function openSaleReceivables(
  tx: Tx,
  sale: { companyId: number; saleId: number; clientId: number; currency: string },
  plan: PaymentPlanItem[],
): Promise<void> {
  await tx.receivable.createMany({
    data: plan.map((item) => ({
      companyId: sale.companyId,
      saleId: sale.saleId,
      clientId: sale.clientId,
      number: item.number,
      dueDate: dateOf(item.due_date),
      currency: sale.currency,
      amountCents: item.amount_cents,
      // An installment of nothing owes nothing: settled on its day.
      ...(item.amount_cents === 0 ? { status: 'received' as const, receivedOn: dateOf(item.due_date) } : {}),
    })),
  });
}

/** In the undo's transaction: the sale's open receivables are canceled; received ones stay as they are. */
export async function cancelSaleReceivables(tx: Tx, companyId: number, saleId: number, at: Date): Promise<number> {
  const { count } = await tx.receivable.updateMany({
    where: { ...receivableWhere(companyId), saleId, status: 'open' },
    data: { status: 'canceled', canceledAt: at },
  });
  return count;
}

export const receivableSelect = {
  id: true,
  saleId: true,
  number: true,
  dueDate: true,
  currency: true,
  amountCents: true,
  receivedCents: true,
  status: true,
  receivedOn: true,
  client: { select: { id: true, name: true } },
  sale: {
    select: {
      budgetId: true,
      currencyRate: true,
      budget: { select: { title: true } },
      paymentMethod: { select: { id: true, name: true, kind: true, pixKey: true } },
      company: { select: { name: true, city: true } },
      _count: { select: { receivables: true } },
    },
  },
  payments: {
    select: { id: true, receivedOn: true, amountCents: true, method: true, note: true },
    orderBy: [{ receivedOn: 'asc' }, { id: 'asc' }],
  },
} satisfies Prisma.ReceivableSelect;
type ReceivableRow = Prisma.ReceivableGetPayload<{ select: typeof receivableSelect }>;

export function receivableStatus(row: { status: ReceivableRow['status']; dueDate: Date }, today: string): ReceivableStatus {
  return row.status === 'open' && isoDay(row.dueDate) < today ? 'overdue' : row.status;
}

export function toReceivableDto(row: ReceivableRow, today: string): Receivable {
  const status = receivableStatus(row, today);
  const open = row.status === 'open' ? row.amountCents - row.receivedCents : 0;
  const method = row.sale.paymentMethod;
  // Pix is paid in reais: an installment in another currency converts at the sale's rate (as the landing page does).
  const reais = Math.round(open * row.sale.currencyRate.toNumber());
  const pix =
    method?.kind === 'pix' && method.pixKey && open > 0
      ? {
          amount_cents: reais,
          br_code: pixBrCode({
            key: method.pixKey,
            merchantName: row.sale.company.name,
            merchantCity: row.sale.company.city ?? PIX_FALLBACK_CITY,
            amountCents: reais,
            txid: `R${row.id}`,
          }),
        }
      : null;
  return {
    id: row.id,
    sale_id: row.saleId,
    budget_id: row.sale.budgetId,
    budget_title: row.sale.budget.title,
    client: row.client,
    number: row.number,
    installments: row.sale._count.receivables,
    due_date: isoDay(row.dueDate),
    currency: row.currency,
    amount_cents: row.amountCents,
    received_cents: row.receivedCents,
    open_cents: open,
    status,
    payment_method: method ? { id: method.id, name: method.name, kind: method.kind } : null,
    pix,
    received_on: isoDate(row.receivedOn),
    payments: row.payments.map((p) => ({
      id: p.id,
      received_on: isoDay(p.receivedOn),
      amount_cents: p.amountCents,
      method: p.method,
      note: p.note,
    })),
  };
}

/** Sums by currency over the list's filters but the status (and, for received, payments in the period). */
async function receivableTotals(db: Db, companyId: number, input: ListReceivablesInput, today: string) {
  const base = receivablesBaseWhere(companyId, input);
  const period = receivedIn(input);
  const [open, overdue, received] = await Promise.all([
    db.receivable.groupBy({
      by: ['currency'],
      where: { AND: [base, { status: 'open' }] },
      _sum: { amountCents: true, receivedCents: true },
    }),
    db.receivable.groupBy({
      by: ['currency'],
      where: { AND: [base, receivableStatusWhere('overdue', today)] },
      _sum: { amountCents: true, receivedCents: true },
    }),
    db.receivablePayment.groupBy({
      by: ['currency'],
      where: { companyId, receivable: base, ...(period ? { receivedOn: period } : {}) },
      _sum: { amountCents: true },
    }),
  ]);
  const currencies = [...new Set([...open, ...overdue, ...received].map((r) => r.currency))].sort();
  const left = (rows: typeof open, currency: string) => {
    const row = rows.find((r) => r.currency === currency);
    return (row?._sum.amountCents ?? 0) - (row?._sum.receivedCents ?? 0);
  };
  return currencies.map((currency) => ({
    currency,
    open_cents: left(open, currency),
    overdue_cents: left(overdue, currency),
    received_cents: received.find((r) => r.currency === currency)?._sum.amountCents ?? 0,
  }));
}

/** GET /api/receivables: by due date, filtered, paginated, with the totals on top. */
export async function listReceivables(db: Db, companyId: number, input: ListReceivablesInput): Promise<ReceivableList> {
  const today = businessDate();
  const where = receivablesWhere(companyId, input, today);
  const [rows, count, totals] = await Promise.all([
    db.receivable.findMany({
      where,
      select: receivableSelect,
      orderBy: [{ dueDate: 'asc' }, { id: 'asc' }],
      skip: (input.page - 1) * input.per_page,
      take: input.per_page,
    }),
    db.receivable.count({ where }),
    receivableTotals(db, companyId, input, today),
  ]);
  return {
    receivables: rows.map((r) => toReceivableDto(r, today)),
    totals,
    pagination: buildPagination(input.page, input.per_page, count),
  };
}

export async function getReceivable(db: Db | Tx, companyId: number, id: number): Promise<Receivable> {
  const row = await db.receivable.findFirst({ where: receivableWhere(companyId, id), select: receivableSelect });
  if (!row) throw notFound();
  return toReceivableDto(row, businessDate());
}

/**
 * POST /api/receivables/{id}/receive: records an amount received (what is open, unless less is
 * said); the installment is received once nothing is left. The row is locked, so two agents
 * recording at once take turns and never receive more than it owes. The receipt that leaves
 * nothing of the sale open requests its NFS-e when the agency issues on its own (plan feature nfse).
 */
export async function receive(
  deps: Pick<Deps, 'db' | 'platform'>,
  caller: { companyId: number; userId: number; issuesNfse: boolean },
  input: ReceiveInput & { id: number },
): Promise<{ receivable: Receivable; message: string }> {
  const { companyId } = caller;
  const result = await deps.db.$transaction(async (tx) => {
    // The sale first, then the installment: the order undoing a sale and requesting its note take.
    await tx.$queryRaw(
      Prisma.sql`SELECT s.id FROM sales s JOIN receivables r ON r.sale_id = s.id
        WHERE r.id = ${input.id} AND r.company_id = ${companyId} FOR UPDATE OF s`,
    );
    const [locked] = await tx.$queryRaw<
      { id: number; sale_id: number; status: string; amount_cents: number; received_cents: number; currency: string }[]
    >(
      Prisma.sql`SELECT id, sale_id, status::text, amount_cents, received_cents, currency FROM receivables
        WHERE id = ${input.id} AND company_id = ${companyId} FOR UPDATE`,
    );
    if (!locked) throw notFound();
    if (locked.status !== 'open') throw new AppError('CONFLICT', { message: FINANCE_MESSAGES.receivableClosed });
    const open = locked.amount_cents - locked.received_cents;
    const amount = input.amount_cents ?? open;
    if (amount > open) throw fieldError('amount_cents', FINANCE_MESSAGES.amountOverOpen);
    const receivedOn = dateOf(input.received_on ?? businessDate());
    await tx.receivablePayment.create({
      data: {
        companyId,
        receivableId: locked.id,
        receivedOn,
        currency: locked.currency,
        amountCents: amount,
        method: input.method,
        note: input.note || null,
        userId: caller.userId,
      },
      select: { id: true },
    });
    const settled = amount === open;
    await tx.receivable.update({
      where: { id: locked.id },
      data: { receivedCents: { increment: amount }, ...(settled ? { status: 'received', receivedOn } : {}) },
      select: { id: true },
    });
    const saleReceived =
      settled &&
      caller.issuesNfse &&
      (await tx.receivable.count({ where: { ...receivableWhere(companyId), saleId: locked.sale_id, status: 'open' } })) === 0;
    const noteRequested =
      saleReceived &&
      (await requestNfseOnFullReceipt(tx, deps.platform.jobs, { companyId, userId: caller.userId, saleId: locked.sale_id }));
    const message = noteRequested ? `${FINANCE_MESSAGES.received} ${NFSE_MESSAGES.autoRequested}` : FINANCE_MESSAGES.received;
    return { receivable: await getReceivable(tx, companyId, locked.id), message, noteRequested };
  });
  if (result.noteRequested) await deps.platform.jobs.flush();
  return { receivable: result.receivable, message: result.message };
}
