// Comissões: each seller's month summed from the sales in one statement (the index sales
// (company_id, sold_at) narrows it to the month), beside what was paid (commission_payments).
// Nothing earned is stored, so undoing a sale corrects the month by itself.
import { type Db, Prisma } from '@app/db';
import {
  buildPagination,
  businessDate,
  businessDayStart,
  COMMISSION_MESSAGES,
  type CommissionList,
  type CommissionSale,
  type CommissionStatement,
  type CommissionSummary,
  commissionStatus,
  type ListCommissionsInput,
  monthBounds,
  type PayCommissionInput,
} from '@app/shared';
import { AppError, fieldError, notFound } from '../../errors';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dateOf = (d: string) => new Date(`${d}T00:00:00Z`);
/** A business-zone day's first instant as the naive UTC timestamp the tables store. */
const instant = (day: string) => Prisma.sql`${businessDayStart(day).toISOString()}::timestamp`;

type MonthFilter = { companyId: number; month: string; sellerId?: number | undefined; currency?: string | undefined };

/** One row per seller and currency with sales or payments in the month. */
function monthRows(f: MonthFilter): Prisma.Sql {
  const { first, next } = monthBounds(f.month);
  const seller = (column: string) => (f.sellerId ? Prisma.sql`AND ${Prisma.raw(column)} = ${f.sellerId}` : Prisma.empty);
  const currency = (column: string) => (f.currency ? Prisma.sql`AND ${Prisma.raw(column)} = ${f.currency}` : Prisma.empty);
  return Prisma.sql`
    WITH earned AS (
      SELECT s.seller_user_id, s.currency, count(*)::int AS sales, sum(s.sale_cents)::bigint AS sale_cents,
        sum(s.sale_cents - s.cost_cents)::bigint AS revenue_cents, sum(s.commission_cents)::bigint AS earned_cents
      FROM sales s
      WHERE s.company_id = ${f.companyId} AND s.undone_at IS NULL
        AND s.sold_at >= ${instant(first)} AND s.sold_at < ${instant(next)} ${seller('s.seller_user_id')} ${currency('s.currency')}
      GROUP BY 1, 2
    ), paid AS (
      SELECT p.seller_user_id, p.currency, sum(p.amount_cents)::bigint AS paid_cents, max(p.paid_on) AS paid_on
      FROM commission_payments p
      WHERE p.company_id = ${f.companyId} AND p.month = ${first}::date ${seller('p.seller_user_id')} ${currency('p.currency')}
      GROUP BY 1, 2
    )
    SELECT coalesce(e.seller_user_id, p.seller_user_id) AS seller_id, u.name AS seller_name,
      coalesce(e.currency, p.currency) AS currency, coalesce(e.sales, 0) AS sales,
      coalesce(e.sale_cents, 0) AS sale_cents, coalesce(e.revenue_cents, 0) AS revenue_cents,
      coalesce(e.earned_cents, 0) AS earned_cents, coalesce(p.paid_cents, 0) AS paid_cents, p.paid_on
    FROM earned e
    FULL JOIN paid p ON p.seller_user_id = e.seller_user_id AND p.currency = e.currency
    JOIN users u ON u.id = coalesce(e.seller_user_id, p.seller_user_id) AND u.company_id = ${f.companyId}`;
}

type MonthRow = {
  seller_id: number;
  seller_name: string;
  currency: string;
  sales: number;
  sale_cents: bigint;
  revenue_cents: bigint;
  earned_cents: bigint;
  paid_cents: bigint;
  paid_on: Date | null;
};

function toSummary(row: MonthRow, month: string): CommissionSummary {
  const earned = Number(row.earned_cents);
  const paid = Number(row.paid_cents);
  return {
    seller: { id: row.seller_id, name: row.seller_name },
    month,
    currency: row.currency,
    sales: row.sales,
    sale_cents: Number(row.sale_cents),
    revenue_cents: Number(row.revenue_cents),
    earned_cents: earned,
    paid_cents: paid,
    due_cents: Math.max(0, earned - paid),
    status: commissionStatus(earned, paid),
    paid_on: row.paid_on ? isoDay(row.paid_on) : null,
  };
}

/** GET /api/commissions: the month's sellers, by name, with the month's sums by currency. */
export async function listCommissions(db: Db, companyId: number, input: ListCommissionsInput): Promise<CommissionList> {
  const rows = monthRows({ companyId, month: input.month, sellerId: input.seller_id });
  const [page, totals] = await Promise.all([
    db.$queryRaw<(MonthRow & { total: bigint })[]>`
      SELECT m.*, count(*) OVER () AS total FROM (${rows}) m
      ORDER BY m.seller_name, m.seller_id, m.currency
      LIMIT ${input.per_page} OFFSET ${(input.page - 1) * input.per_page}`,
    db.$queryRaw<{ currency: string; earned_cents: bigint; paid_cents: bigint; due_cents: bigint }[]>`
      SELECT m.currency, sum(m.earned_cents)::bigint AS earned_cents, sum(m.paid_cents)::bigint AS paid_cents,
        sum(greatest(m.earned_cents - m.paid_cents, 0))::bigint AS due_cents
      FROM (${rows}) m GROUP BY m.currency ORDER BY m.currency`,
  ]);
  return {
    commissions: page.map((r) => toSummary(r, input.month)),
    totals: totals.map((t) => ({
      currency: t.currency,
      earned_cents: Number(t.earned_cents),
      paid_cents: Number(t.paid_cents),
      due_cents: Number(t.due_cents),
    })),
    pagination: buildPagination(input.page, input.per_page, Number(page[0]?.total ?? 0)),
  };
}

type SaleRow = {
  sale_id: number;
  budget_id: number;
  budget_title: string;
  client_id: number;
  client_name: string;
  sold_at: Date;
  currency: string;
  sale_cents: number;
  cost_cents: number;
  commission_basis_points: number;
  commission_cents: number;
};

/** The month's sales of one seller (or every seller), oldest first: what the statement and the export list. */
export function commissionSalesSql(f: MonthFilter): Prisma.Sql {
  const { first, next } = monthBounds(f.month);
  return Prisma.sql`
    SELECT s.id AS sale_id, s.budget_id, b.title AS budget_title, c.id AS client_id, c.name AS client_name, s.sold_at,
      s.currency, s.sale_cents, s.cost_cents, s.commission_basis_points, s.commission_cents,
      s.seller_user_id, u.name AS seller_name
    FROM sales s
    JOIN budgets b ON b.id = s.budget_id
    JOIN clients c ON c.id = b.client_id
    JOIN users u ON u.id = s.seller_user_id
    WHERE s.company_id = ${f.companyId} AND s.undone_at IS NULL
      AND s.sold_at >= ${instant(first)} AND s.sold_at < ${instant(next)}
      ${f.sellerId ? Prisma.sql`AND s.seller_user_id = ${f.sellerId}` : Prisma.empty}`;
}

export function toCommissionSale(row: SaleRow): CommissionSale {
  return {
    sale_id: row.sale_id,
    budget_id: row.budget_id,
    budget_title: row.budget_title,
    client: { id: row.client_id, name: row.client_name },
    sold_on: businessDate(row.sold_at),
    currency: row.currency,
    sale_cents: row.sale_cents,
    revenue_cents: row.sale_cents - row.cost_cents,
    seller_basis_points: row.commission_basis_points,
    earned_cents: row.commission_cents,
  };
}

/** GET /api/commissions/statement: a seller's month, sale by sale, and the payments made. */
export async function commissionStatement(
  db: Db,
  companyId: number,
  input: { month: string; seller_id: number; page: number; per_page: number },
): Promise<CommissionStatement> {
  const seller = await db.user.findFirst({ where: { id: input.seller_id, companyId }, select: { id: true, name: true } });
  if (!seller) throw notFound();
  const { first } = monthBounds(input.month);
  const [sales, payments] = await Promise.all([
    db.$queryRaw<(SaleRow & { total: bigint })[]>`
      SELECT m.*, count(*) OVER () AS total FROM (${commissionSalesSql({ companyId, month: input.month, sellerId: seller.id })}) m
      ORDER BY m.sold_at, m.sale_id
      LIMIT ${input.per_page} OFFSET ${(input.page - 1) * input.per_page}`,
    db.commissionPayment.findMany({
      where: { companyId, sellerUserId: seller.id, month: dateOf(first) },
      select: { id: true, currency: true, amountCents: true, paidOn: true, note: true, userId: true },
      orderBy: [{ paidOn: 'asc' }, { id: 'asc' }],
    }),
  ]);
  const payerIds = [...new Set(payments.flatMap((p) => (p.userId ? [p.userId] : [])))];
  const payers = new Map(
    (await db.user.findMany({ where: { id: { in: payerIds }, companyId }, select: { id: true, name: true } })).map((u) => [u.id, u]),
  );
  return {
    seller,
    month: input.month,
    sales: sales.map(toCommissionSale),
    payments: payments.map((p) => ({
      id: p.id,
      currency: p.currency,
      amount_cents: p.amountCents,
      paid_on: isoDay(p.paidOn),
      note: p.note,
      paid_by: (p.userId && payers.get(p.userId)) || null,
    })),
    pagination: buildPagination(input.page, input.per_page, Number(sales[0]?.total ?? 0)),
  };
}

/**
 * POST /api/commissions/pay: records the payment of all that is due to a seller for a month in one
 * currency. Payments of one seller, month and currency take turns (a transaction lock), so two
 * clicks never pay twice: the second finds nothing due.
 */
export async function payCommission(
  db: Db,
  caller: { companyId: number; userId: number },
  input: PayCommissionInput & { seller_id: number },
): Promise<{ commission: CommissionSummary; message: string }> {
  const { companyId } = caller;
  const { first } = monthBounds(input.month);
  if (first > businessDate()) throw fieldError('month', COMMISSION_MESSAGES.futureMonth);
  return db.$transaction(async (tx) => {
    const seller = await tx.user.findFirst({ where: { id: input.seller_id, companyId }, select: { id: true } });
    if (!seller) throw notFound();
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`commission:${companyId}:${seller.id}:${first}:${input.currency}`}, 0))`;
    const filter = { companyId, month: input.month, sellerId: seller.id, currency: input.currency };
    const [before] = await tx.$queryRaw<MonthRow[]>`${monthRows(filter)}`;
    const due = before ? toSummary(before, input.month).due_cents : 0;
    if (due === 0) throw new AppError('CONFLICT', { message: COMMISSION_MESSAGES.nothingDue });
    await tx.commissionPayment.create({
      data: {
        companyId,
        sellerUserId: seller.id,
        month: dateOf(first),
        currency: input.currency,
        amountCents: due,
        paidOn: dateOf(input.paid_on ?? businessDate()),
        note: input.note || null,
        userId: caller.userId,
      },
      select: { id: true },
    });
    const [after] = await tx.$queryRaw<MonthRow[]>`${monthRows(filter)}`;
    if (!after) throw notFound();
    return { commission: toSummary(after, input.month), message: COMMISSION_MESSAGES.paid };
  });
}
