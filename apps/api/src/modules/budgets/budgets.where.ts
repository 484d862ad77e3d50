// Security-critical: tenant filters only. Every budget read and write of a tenant goes through
// them, with the company id of the signed-in user; the rows inside a budget (paxes, proposals,
// services, refunds, recommendations, comments) are reached through a budget they match.
import { columnsOf, type Prisma, type RawBuilder, type SqlBool, type StatementValues, sql } from '@app/db';
import type { BudgetStatus, ListBudgetsInput } from '@app/shared';
import { onOrAfterDay, onOrBeforeDay } from '../../business-days';
import { folded, foldedContainsAll, type SearchShape, searchPatterns, searchShape } from '../../search';

/** Security-critical: every budget lookup of a tenant goes through this filter. */
export function budgetWhere(companyId: number, id?: number): Prisma.BudgetWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/** Security-critical: a proposal of one of the caller's budgets (optionally of one budget). */
export function budgetProposalWhere(companyId: number, id: number, budgetId?: number): Prisma.ProposalWhereInput {
  return { id, companyId, ...(budgetId === undefined ? {} : { budgetId }) };
}

/**
 * Security-critical: locks the caller's budget for the rest of the transaction (writes to one
 * budget run one after the other), or returns null when the company has no such budget.
 */
export async function lockBudget(
  tx: Prisma.TransactionClient,
  companyId: number,
  id: number,
): Promise<{ id: number; status: BudgetStatus } | null> {
  const rows = await tx.$queryRaw<{ id: number; status: BudgetStatus }[]>`
    SELECT id, status::text AS status FROM budgets WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
  return rows[0] ?? null;
}

type ListFilters = Omit<ListBudgetsInput, 'page' | 'per_page' | 'include_locations'>;

/** What the list filters write into a statement's text (part of its shape). */
export type FilterShape = {
  status: boolean;
  client: boolean;
  owner: boolean;
  attendance: boolean;
  from: boolean;
  to: boolean;
  sentFrom: boolean;
  sentTo: boolean;
  soldFrom: boolean;
  soldTo: boolean;
  accepted: boolean;
  seller: boolean;
  destinationIs: boolean;
  currency: boolean;
  destination: SearchShape | null;
  search: SearchShape | null;
};
export type FilterValues = {
  companyId: number;
  status: BudgetStatus;
  client_id: number;
  owner_user_id: number;
  attendance_id: number;
  start_date_from: string;
  start_date_to: string;
  sent_from: string;
  sent_to: string;
  sold_from: string;
  sold_to: string;
  seller_user_id: number;
  currency: string;
  destination_is: string;
  destination: string[];
  words: string[];
};

export function filterShape(f: ListFilters): FilterShape {
  return {
    status: !!f.status,
    client: !!f.client_id,
    owner: !!f.owner_user_id,
    attendance: !!f.attendance_id,
    from: !!f.start_date_from,
    to: !!f.start_date_to,
    sentFrom: !!f.sent_from,
    sentTo: !!f.sent_to,
    soldFrom: !!f.sold_from,
    soldTo: !!f.sold_to,
    accepted: f.accepted === 'true',
    destinationIs: !!f.destination_is,
    seller: !!f.seller_user_id,
    currency: !!f.currency,
    destination: f.destination ? searchShape(f.destination) : null,
    search: f.search ? searchShape(f.search) : null,
  };
}

export function filterValues(companyId: number, f: ListFilters): StatementValues<FilterValues> {
  return {
    companyId,
    status: f.status,
    client_id: f.client_id,
    owner_user_id: f.owner_user_id,
    attendance_id: f.attendance_id,
    start_date_from: f.start_date_from,
    start_date_to: f.start_date_to,
    sent_from: f.sent_from,
    sent_to: f.sent_to,
    sold_from: f.sold_from,
    sold_to: f.sold_to,
    seller_user_id: f.seller_user_id,
    currency: f.currency,
    destination_is: f.destination_is,
    destination: f.destination ? searchPatterns(f.destination) : undefined,
    words: f.search ? searchPatterns(f.search) : undefined,
  };
}

const b = columnsOf('budgets', 'b');
const date = (value: string) => sql<Date>`${value}::date`;

/**
 * Security-critical: the list filters as SQL over `budgets b`, always inside the caller's company.
 * Search finds every word typed, blind to accents and case, in the folded title, destination and
 * client's name (its trigram index; a word under three letters is tested on the rows the others
 * find); the destination filter finds its words in the destination alone.
 */
export function budgetFilter(f: FilterShape, v: FilterValues): RawBuilder<SqlBool> {
  const parts = [sql<SqlBool>`${b('company_id')} = ${v.companyId}`];
  if (f.status) parts.push(sql`${b('status')} = ${v.status}::"BudgetStatus"`);
  if (f.client) parts.push(sql`${b('client_id')} = ${v.client_id}`);
  if (f.owner) parts.push(sql`${b('owner_user_id')} = ${v.owner_user_id}`);
  if (f.attendance) parts.push(sql`${b('attendance_id')} = ${v.attendance_id}`);
  if (f.from) parts.push(sql`${b('start_date')} >= ${date(v.start_date_from)}`);
  if (f.to) parts.push(sql`${b('start_date')} <= ${date(v.start_date_to)}`);
  if (f.currency) parts.push(sql`${b('currency')} = ${v.currency}`);
  // Days are the agency's, as the dashboard counts them: sent over budgets_dashboard_sent_idx.
  if (f.sentFrom) parts.push(onOrAfterDay(b('sent_at'), v.sent_from));
  if (f.sentTo) parts.push(onOrBeforeDay(b('sent_at'), v.sent_to));
  // As the dashboard's "aceitos" counts them: a sold budget was accepted first, or sold straight away.
  if (f.accepted) parts.push(sql`(${b('accepted_at')} IS NOT NULL OR ${b('sold_at')} IS NOT NULL)`);
  if (f.soldFrom || f.soldTo || f.seller) parts.push(standingSaleFilter(f, v));
  // Over budgets_destination_is_idx (company_id, lower(btrim(destination))).
  if (f.destinationIs) parts.push(sql`lower(btrim(${b('destination')})) = lower(${v.destination_is})`);
  if (f.destination) parts.push(foldedContainsAll(folded(b('destination')), f.destination, v.destination));
  // One folded text per budget (title, destination, client's name; kept by triggers) and its trigram index.
  if (f.search) parts.push(foldedContainsAll(b('search_text'), f.search, v.words));
  return sql.join(parts, sql` AND `);
}

/**
 * Security-critical: a sale of the budget not undone, of the caller's agency, made on the sold days
 * and by the seller asked (the dashboard's "vendido"). The agency's sales of those days come from
 * sales_dashboard_idx (company_id, sold_at), or an agent's from (company_id, seller_user_id, sold_at).
 */
function standingSaleFilter(f: FilterShape, v: FilterValues): RawBuilder<SqlBool> {
  const s = columnsOf('sales', 's');
  const parts = [sql<SqlBool>`${s('company_id')} = ${v.companyId}`, sql<SqlBool>`${s('undone_at')} IS NULL`];
  if (f.seller) parts.push(sql`${s('seller_user_id')} = ${v.seller_user_id}`);
  if (f.soldFrom) parts.push(onOrAfterDay(s('sold_at'), v.sold_from));
  if (f.soldTo) parts.push(onOrBeforeDay(s('sold_at'), v.sold_to));
  return sql<SqlBool>`${b('id')} IN (SELECT ${s('budget_id')} FROM sales s WHERE ${sql.join(parts, sql` AND `)})`;
}

/** Security-critical: the budget's sale that stands (not undone), of the caller's agency. */
export function currentSaleWhere(companyId: number, budgetId: number): Prisma.SaleWhereInput {
  return { companyId, budgetId, undoneAt: null };
}

/** Security-critical: every sale of one of the caller's budgets, undone ones included. */
export function budgetSalesWhere(companyId: number, budgetId: number): Prisma.SaleWhereInput {
  return { companyId, budgetId };
}

/** Security-critical: the reservations of one of the caller's budgets. */
export function budgetReservationsWhere(companyId: number, budgetId: number): Prisma.ReservationWhereInput {
  return { companyId, budgetId };
}
