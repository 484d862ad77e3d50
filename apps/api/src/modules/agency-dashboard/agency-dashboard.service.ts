// Painel da agência: every figure of a period in one SQL statement. The period's figures are sums of
// agency_dashboard_stats (kept by triggers, migrations agency_dashboard_stats and _years): a few
// spans of years, months, weeks and days added or taken away (stat-spans.ts), so the cost follows
// the number of spans, not what was sold in them. What is due next and overdue reads the open
// installments and payables (partial indexes).
import { type Db, Prisma } from '@app/db';
import { type AgencyDashboard, type AgencyDashboardInput, addDays, businessDate, DASHBOARD_DUE_DAYS, DASHBOARD_TOP } from '@app/shared';
import { notFound } from '../../errors';
import { dashboardScope } from './agency-dashboard.where';
import { type StatGrain, statSpans } from './stat-spans';

// Before any due date an agency can hold: the start of "overdue" (its years cost one row each).
const OWED_SINCE = '1900-01-01';

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
  lead: { days: number; sales: number }[];
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

/** p50 as percentile_cont: the middle value, or the mean of the two middle ones. */
function medianOf(histogram: { days: number; sales: number }[]): number | null {
  const total = histogram.reduce((sum, h) => sum + h.sales, 0);
  if (!total) return null;
  const sorted = [...histogram].sort((x, y) => x.days - y.days);
  const at = (k: number) => {
    let seen = 0;
    for (const h of sorted) {
      seen += h.sales;
      if (k < seen) return h.days;
    }
    return sorted[sorted.length - 1]?.days ?? 0;
  };
  const p = (total - 1) / 2;
  const low = at(Math.floor(p));
  return low + (at(Math.ceil(p)) - low) * (p - Math.floor(p));
}

/**
 * Panels computed in this process, by agency, period, agent, currency and day, each with the
 * agency's version it was read at (table agency_dashboard_versions, raised at the commit of every
 * change the panel reads): one is served again while the version has not moved. The version is read
 * before the panel, so a panel kept is never older than its version. Least recently used go first.
 */
const panels = new Map<string, { version: bigint; panel: AgencyDashboard }>();

/** GET /api/agency-dashboard: kept panels first (`cacheEntries` of them, 0 reads every time). */
export async function agencyDashboard(
  db: Db,
  companyId: number,
  input: AgencyDashboardInput,
  cacheEntries: number,
  today = businessDate(),
): Promise<AgencyDashboard> {
  if (cacheEntries === 0) return readDashboard(db, companyId, input, today);
  const key = JSON.stringify([companyId, input.from, input.to, input.user_id ?? null, input.currency, today]);
  const [row] = await db.$queryRaw<{ version: bigint }[]>`SELECT version FROM agency_dashboard_versions WHERE company_id = ${companyId}`;
  const version = row?.version ?? 0n;
  const kept = panels.get(key);
  panels.delete(key);
  if (kept?.version === version) {
    panels.set(key, kept);
    return kept.panel;
  }
  const panel = await readDashboard(db, companyId, input, today);
  panels.set(key, { version, panel });
  for (const oldest of panels.keys()) {
    if (panels.size <= cacheEntries) break;
    panels.delete(oldest);
  }
  return panel;
}

/** The panel as the database has it now, in one statement. */
async function readDashboard(db: Db, companyId: number, input: AgencyDashboardInput, today: string): Promise<AgencyDashboard> {
  const dueTo = addDays(today, DASHBOARD_DUE_DAYS - 1);
  const s = dashboardScope(companyId, input.user_id);
  const cur = input.currency;
  // One index range per span ((grain, day) lead the key after the company and the agent, or after
  // the figure and currency in the money figures' index); a span taken away is read negated.
  const read = (from: string, end: string, grains: StatGrain[] | undefined, filter: Prisma.Sql) =>
    Prisma.join(
      statSpans(from, end, today, grains).map(([g, lo, hi, sign]) => {
        const signed = Prisma.raw(sign === 1 ? 'n, a, b, c' : '-n AS n, -a AS a, -b AS b, -c AS c');
        return Prisma.sql`
          SELECT metric, day, key, ${signed} FROM agency_dashboard_stats
          WHERE company_id = ${companyId} AND user_id = ${s.statUser} AND grain = ${g} AND day >= ${lo}::date AND day < ${hi}::date
            AND ${filter}`;
      }),
      ' UNION ALL ',
    );
  const end = addDays(input.to, 1);
  // What is owed: by due date, before today (overdue) and over the next days.
  const owed = (metric: 'receivable_due' | 'payable_due', from: string, to: string) =>
    read(from, to, ['year', 'month', 'day'], Prisma.sql`metric = ${Prisma.raw(`'${metric}'`)} AND currency = ${cur}`);
  const [row] = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH
    st AS MATERIALIZED (${read(input.from, end, undefined, Prisma.sql`currency IN ('', ${cur})`)}),
    cash AS (${read(input.from, end, ['week', 'day'], Prisma.sql`metric IN ('received', 'paid') AND currency = ${cur}`)}),
    figures AS (
      SELECT COALESCE(sum(n) FILTER (WHERE metric = 'opened'), 0)::int AS opened,
        COALESCE(sum(n) FILTER (WHERE metric = 'won'), 0)::int AS won,
        COALESCE(sum(n) FILTER (WHERE metric = 'lost'), 0)::int AS lost,
        COALESCE(sum(n) FILTER (WHERE metric = 'sent'), 0)::int AS sent,
        COALESCE(sum(a) FILTER (WHERE metric = 'sent'), 0)::int AS viewed,
        COALESCE(sum(b) FILTER (WHERE metric = 'sent'), 0)::int AS accepted,
        COALESCE(sum(n) FILTER (WHERE metric = 'sale'), 0)::int AS sales,
        COALESCE(sum(a) FILTER (WHERE metric = 'sale'), 0)::bigint AS sale_cents,
        COALESCE(sum(b) FILTER (WHERE metric = 'sale'), 0)::bigint AS cost_cents,
        COALESCE(sum(c) FILTER (WHERE metric = 'sale'), 0)::bigint AS commission_cents
      FROM st
    ),
    lead AS (
      SELECT key::int AS days, sum(n)::int AS sales FROM st WHERE metric = 'lead' GROUP BY key HAVING sum(n) > 0
    ),
    spellings AS (
      SELECT key, sum(n) AS sales, sum(a) AS sale_cents FROM st WHERE metric = 'destination' GROUP BY key HAVING sum(n) > 0
    ),
    destinations AS (
      SELECT min(key) AS destination, sum(sales)::int AS sales, sum(sale_cents)::bigint AS sale_cents
      FROM spellings GROUP BY lower(key)
      ORDER BY sale_cents DESC, sales DESC, destination
      LIMIT ${DASHBOARD_TOP}
    ),
    suppliers AS (
      SELECT sp.id, sp.name, su.reservations, su.cents
      FROM (SELECT key::int AS id, sum(n)::int AS reservations, sum(a)::bigint AS cents FROM st WHERE metric = 'supplier' GROUP BY key HAVING sum(n) > 0) su
      JOIN suppliers sp ON sp.id = su.id AND sp.company_id = ${companyId}
      ORDER BY su.cents DESC, su.reservations DESC, sp.name
      LIMIT ${DASHBOARD_TOP}
    ),
    weeks AS (
      SELECT generate_series(date_trunc('week', ${input.from}::date), ${input.to}::date, interval '7 days')::date AS week
    ),
    cash_weeks AS (
      SELECT date_trunc('week', day)::date AS week, sum(a) FILTER (WHERE metric = 'received')::bigint AS received,
        sum(a) FILTER (WHERE metric = 'paid')::bigint AS paid
      FROM cash GROUP BY 1
    ),
    due_receivables AS (
      SELECT COALESCE(sum(n), 0)::int AS n, COALESCE(sum(a), 0)::bigint AS cents FROM (${owed('receivable_due', today, addDays(dueTo, 1))}) o
    ),
    overdue_receivables AS (
      SELECT COALESCE(sum(n), 0)::int AS n, COALESCE(sum(a), 0)::bigint AS cents FROM (${owed('receivable_due', OWED_SINCE, today)}) o
    ),
    due_payables AS (
      SELECT COALESCE(sum(n), 0)::int AS n, COALESCE(sum(a), 0)::bigint AS cents FROM (${owed('payable_due', today, addDays(dueTo, 1))}) o
    )
    SELECT
      ${s.agentFound} AS agent_found,
      f.*,
      (SELECT COALESCE(json_agg(l), '[]') FROM lead l) AS lead,
      (SELECT COALESCE(json_agg(d), '[]') FROM destinations d) AS destinations,
      (SELECT COALESCE(json_agg(su), '[]') FROM suppliers su) AS suppliers,
      (SELECT json_agg(json_build_object('week', w.week, 'received', COALESCE(cw.received, 0), 'paid', COALESCE(cw.paid, 0)) ORDER BY w.week)
        FROM weeks w LEFT JOIN cash_weeks cw ON cw.week = w.week) AS weeks,
      dr.n AS due_receivables, dr.cents AS due_receivable_cents,
      dp.n AS due_payables, dp.cents AS due_payable_cents,
      od.n AS overdue_receivables, od.cents AS overdue_receivable_cents
    FROM figures f, due_receivables dr, due_payables dp, overdue_receivables od
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
      median_days_to_sale: medianOf(row.lead),
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
