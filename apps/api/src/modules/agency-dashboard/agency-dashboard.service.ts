// Painel da agência: every figure of a period in one SQL statement. Each part is a range read of an
// index over the period's days (covering indexes of migration agency_dashboard, so counts and sums
// are index-only), never a walk of the agency's history: the cost follows the period and its sales.
import { type Db, Prisma } from '@app/db';
import {
  type AgencyDashboard,
  type AgencyDashboardInput,
  addDays,
  businessDate,
  businessDayStart,
  DASHBOARD_DUE_DAYS,
  DASHBOARD_TOP,
} from '@app/shared';
import { notFound } from '../../errors';
import { dashboardScope } from './agency-dashboard.where';

type Row = {
  agent_found: boolean;
  opened: number;
  won: number;
  lost: number;
  sent: number;
  viewed: number;
  accepted: number;
  sales: number;
  sale_cents: bigint;
  cost_cents: bigint;
  commission_cents: bigint;
  median_days: number | null;
  destinations: { destination: string; sales: number; sale_cents: number }[];
  suppliers: { id: number; name: string; reservations: number; cents: number }[];
  weeks: { week: string; received: number; paid: number }[];
  due_receivables: number;
  due_receivable_cents: bigint;
  due_payables: number;
  due_payable_cents: bigint;
  overdue_receivables: number;
  overdue_receivable_cents: bigint;
};

const LOCAL_DAY = (column: Prisma.Sql) => Prisma.sql`((${column} AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date`;

/** GET /api/agency-dashboard. */
export async function agencyDashboard(
  db: Db,
  companyId: number,
  input: AgencyDashboardInput,
  today = businessDate(),
): Promise<AgencyDashboard> {
  const dueTo = addDays(today, DASHBOARD_DUE_DAYS - 1);
  const s = dashboardScope(companyId, input.user_id);
  // Instants bound the timestamp columns (created, closed, sent, sold), so their indexes take the range.
  const fromAt = businessDayStart(input.from);
  const toAt = businessDayStart(addDays(input.to, 1));
  const cur = input.currency;
  const [row] = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH
    period_sales AS (
      SELECT sa.id, sa.budget_id, sa.sale_cents, sa.cost_cents, sa.commission_cents, sa.sold_at FROM sales sa
      WHERE sa.company_id = ${companyId} AND sa.sold_at >= ${fromAt} AND sa.sold_at < ${toAt}
        AND sa.undone_at IS NULL AND sa.currency = ${cur} ${s.seller(Prisma.sql`sa`)}
    ),
    budget_figures AS (
      SELECT count(*)::int AS sent,
        count(*) FILTER (WHERE b.landing_views_count > 0)::int AS viewed,
        count(*) FILTER (WHERE b.accepted_at IS NOT NULL OR b.sold_at IS NOT NULL)::int AS accepted
      FROM budgets b
      WHERE b.company_id = ${companyId} AND b.sent_at >= ${fromAt} AND b.sent_at < ${toAt} ${s.owner(Prisma.sql`b`)}
    ),
    sale_figures AS (
      SELECT count(*)::int AS sales, COALESCE(sum(sale_cents), 0)::bigint AS sale_cents,
        COALESCE(sum(cost_cents), 0)::bigint AS cost_cents, COALESCE(sum(commission_cents), 0)::bigint AS commission_cents
      FROM period_sales
    ),
    lead AS (
      SELECT percentile_cont(0.5) WITHIN GROUP (
        ORDER BY ${LOCAL_DAY(Prisma.sql`ps.sold_at`)} - ${LOCAL_DAY(Prisma.sql`COALESCE(at.created_at, b.created_at)`)}
      )::float8 AS median_days
      FROM period_sales ps JOIN budgets b ON b.id = ps.budget_id LEFT JOIN attendances at ON at.id = b.attendance_id
    ),
    destinations AS (
      SELECT min(btrim(b.destination)) AS destination, count(*)::int AS sales, sum(ps.sale_cents)::bigint AS sale_cents
      FROM period_sales ps JOIN budgets b ON b.id = ps.budget_id
      WHERE btrim(COALESCE(b.destination, '')) <> ''
      GROUP BY lower(btrim(b.destination))
      ORDER BY sale_cents DESC, sales DESC, destination
      LIMIT ${DASHBOARD_TOP}
    ),
    suppliers AS (
      SELECT r.supplier_id AS id, sp.name, count(*)::int AS reservations, sum(r.amount_cents)::bigint AS cents
      FROM period_sales ps
      JOIN reservations r ON r.sale_id = ps.id AND r.supplier_id IS NOT NULL AND r.status <> 'canceled' AND r.currency = ${cur}
      JOIN suppliers sp ON sp.id = r.supplier_id
      GROUP BY r.supplier_id, sp.name
      ORDER BY cents DESC, reservations DESC, sp.name
      LIMIT ${DASHBOARD_TOP}
    ),
    weeks AS (
      SELECT generate_series(date_trunc('week', ${input.from}::date), ${input.to}::date, interval '7 days')::date AS week
    ),
    received AS (
      SELECT date_trunc('week', p.received_on)::date AS week, sum(p.amount_cents)::bigint AS cents
      FROM receivable_payments p ${s.paymentSeller}
      WHERE p.company_id = ${companyId} AND p.received_on BETWEEN ${input.from}::date AND ${input.to}::date AND p.currency = ${cur}
      GROUP BY 1
    ),
    paid AS (
      SELECT date_trunc('week', r.paid_on)::date AS week, sum(r.amount_cents)::bigint AS cents
      FROM reservations r ${s.reservationSeller}
      WHERE r.company_id = ${companyId} AND r.paid_on BETWEEN ${input.from}::date AND ${input.to}::date AND r.currency = ${cur}
        AND r.supplier_id IS NOT NULL AND r.payment_due_date IS NOT NULL
      GROUP BY 1
    ),
    due_receivables AS (
      SELECT count(*)::int AS n, COALESCE(sum(rc.amount_cents - rc.received_cents), 0)::bigint AS cents
      FROM receivables rc ${s.receivableSeller}
      WHERE rc.company_id = ${companyId} AND rc.status = 'open' AND rc.due_date BETWEEN ${today}::date AND ${dueTo}::date AND rc.currency = ${cur}
    ),
    overdue_receivables AS (
      SELECT count(*)::int AS n, COALESCE(sum(rc.amount_cents - rc.received_cents), 0)::bigint AS cents
      FROM receivables rc ${s.receivableSeller}
      WHERE rc.company_id = ${companyId} AND rc.status = 'open' AND rc.due_date < ${today}::date AND rc.currency = ${cur}
    ),
    due_payables AS (
      SELECT count(*)::int AS n, COALESCE(sum(r.amount_cents), 0)::bigint AS cents
      FROM reservations r ${s.reservationSeller}
      WHERE r.company_id = ${companyId} AND r.status <> 'canceled' AND r.payment_due_date BETWEEN ${today}::date AND ${dueTo}::date
        AND r.paid_on IS NULL AND r.supplier_id IS NOT NULL AND r.currency = ${cur}
    )
    SELECT
      ${s.agentFound} AS agent_found,
      (SELECT count(*) FROM attendances a WHERE a.company_id = ${companyId} ${s.owner(Prisma.sql`a`)}
        AND a.created_at >= ${fromAt} AND a.created_at < ${toAt})::int AS opened,
      (SELECT count(*) FROM attendances a WHERE a.company_id = ${companyId} ${s.owner(Prisma.sql`a`)}
        AND a.status = 'won' AND a.closed_at >= ${fromAt} AND a.closed_at < ${toAt})::int AS won,
      (SELECT count(*) FROM attendances a WHERE a.company_id = ${companyId} ${s.owner(Prisma.sql`a`)}
        AND a.status = 'lost' AND a.closed_at >= ${fromAt} AND a.closed_at < ${toAt})::int AS lost,
      bf.sent, bf.viewed, bf.accepted,
      sf.sales, sf.sale_cents, sf.cost_cents, sf.commission_cents,
      (SELECT median_days FROM lead) AS median_days,
      (SELECT COALESCE(json_agg(d), '[]') FROM destinations d) AS destinations,
      (SELECT COALESCE(json_agg(su), '[]') FROM suppliers su) AS suppliers,
      (SELECT json_agg(json_build_object('week', w.week, 'received', COALESCE(rv.cents, 0), 'paid', COALESCE(pd.cents, 0)) ORDER BY w.week)
        FROM weeks w LEFT JOIN received rv ON rv.week = w.week LEFT JOIN paid pd ON pd.week = w.week) AS weeks,
      dr.n AS due_receivables, dr.cents AS due_receivable_cents,
      dp.n AS due_payables, dp.cents AS due_payable_cents,
      od.n AS overdue_receivables, od.cents AS overdue_receivable_cents
    FROM budget_figures bf, sale_figures sf, due_receivables dr, due_payables dp, overdue_receivables od
  `);
  if (!row?.agent_found) throw notFound();
  const saleCents = Number(row.sale_cents);
  const revenue = saleCents - Number(row.cost_cents);
  const closed = row.won + row.lost;
  return {
    period: { from: input.from, to: input.to, today },
    currency: cur,
    attendances: {
      opened: row.opened,
      won: row.won,
      lost: row.lost,
      conversion_basis_points: closed ? Math.round((row.won * 10_000) / closed) : null,
    },
    budgets: { sent: row.sent, viewed: row.viewed, accepted: row.accepted },
    sales: {
      count: row.sales,
      sale_cents: saleCents,
      revenue_cents: revenue,
      margin_basis_points: saleCents ? Math.round((revenue * 10_000) / saleCents) : null,
      commission_cents: Number(row.commission_cents),
      median_days_to_sale: row.median_days,
    },
    top_destinations: row.destinations.map((d) => ({ destination: d.destination, sales: d.sales, sale_cents: Number(d.sale_cents) })),
    top_suppliers: row.suppliers.map((su) => ({
      id: su.id,
      name: su.name,
      reservations: su.reservations,
      supplier_cost_cents: Number(su.cents),
    })),
    cash_weeks: row.weeks.map((w) => ({ week: w.week, received_cents: Number(w.received), supplier_cost_cents: Number(w.paid) })),
    due_next: {
      from: today,
      to: dueTo,
      receivables: row.due_receivables,
      receivable_cents: Number(row.due_receivable_cents),
      payables: row.due_payables,
      supplier_cost_cents: Number(row.due_payable_cents),
    },
    overdue: { receivables: row.overdue_receivables, receivable_cents: Number(row.overdue_receivable_cents) },
  };
}
