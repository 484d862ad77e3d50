import { asInt, columnsOf, type DB, dateText, enumText, isoInstant, qb, type Selection, type SqlBool, sql } from '@app/db';

const b = columnsOf('budgets', 'b');

// Names come from scalar subqueries: a page has a handful of rows (see attendances.select.ts).
// Every budget has its client and owner (foreign keys), hence the names are never null.
const partyColumns = [
  b('client_id').as('clientId'),
  qb.selectFrom('clients as c').select('c.name').where('c.id', '=', b('client_id')).$asScalar().$notNull().as('clientName'),
  b('owner_user_id').as('ownerUserId'),
  qb.selectFrom('users as u').select('u.name').where('u.id', '=', b('owner_user_id')).$asScalar().$notNull().as('ownerName'),
] as const;

/** The columns of a list row; dates leave PostgreSQL as the API's strings. */
export const budgetListColumns = [
  b('id').as('id'),
  b('title').as('title'),
  enumText(b('status')).as('status'),
  ...partyColumns,
  b('attendance_id').as('attendanceId'),
  b('destination').as('destination'),
  dateText(b('start_date')).as('startDate'),
  dateText(b('end_date')).as('endDate'),
  b('currency').as('currency'),
  b('total_cents').as('totalCents'),
  asInt(qb.selectFrom('proposals as p').select(sql`count(*)`.as('n')).where('p.budget_id', '=', b('id')).$asScalar()).as('proposalsCount'),
  sql<string>`${b('landing_page_id')}::text`.as('landingPageId'),
  isoInstant(b('created_at')).as('createdAt'),
] as const;
export type BudgetListRow = Selection<DB, never, (typeof budgetListColumns)[number]>;

const x = columnsOf('budget_paxes', 'x');
const paxColumns = [
  x('id').as('id'),
  x('client_id').as('client_id'),
  x('name').as('name'),
  enumText(x('age_group')).as('age_group'),
  x('age').as('age'),
  dateText(x('birth_date')).as('birth_date'),
  enumText(x('document_type')).as('document_type'),
  x('document_number_sealed').as('document_number_sealed'),
  x('document_country').as('document_country'),
  dateText(x('document_expires_at')).as('document_expires_at'),
  x('cpf').as('cpf'),
  x('email').as('email'),
  x('phone').as('phone'),
  x('position').as('position'),
] as const;

const p = columnsOf('proposals', 'p');
const proposalColumns = [
  p('id').as('id'),
  p('budget_id').as('budget_id'),
  p('title').as('title'),
  p('notes').as('notes'),
  p('position').as('position'),
  p('sale_cents').as('sale_cents'),
  p('cost_cents').as('cost_cents'),
  p('version').as('version'),
] as const;

const s = columnsOf('services', 's');
const r = columnsOf('refunds', 'r');
const serviceColumns = [
  s('id').as('id'),
  s('budget_id').as('budget_id'),
  s('proposal_id').as('proposal_id'),
  enumText(s('type')).as('type'),
  s('title').as('title'),
  s('description').as('description'),
  s('supplier_id').as('supplier_id'),
  // By key, per service: a join let the planner hash every agency's suppliers for each budget read.
  sql<string | null>`(SELECT sup.name FROM suppliers sup WHERE sup.id = ${s('supplier_id')})`.as('supplier_name'),
  dateText(s('start_date')).as('start_date'),
  s('start_time').as('start_time'),
  dateText(s('end_date')).as('end_date'),
  s('end_time').as('end_time'),
  s('adult_number').as('adult_number'),
  s('child_number').as('child_number'),
  s('infant_number').as('infant_number'),
  s('currency').as('currency'),
  s('adult_cents').as('adult_cents'),
  s('child_cents').as('child_cents'),
  s('infant_cents').as('infant_cents'),
  s('total_cents').as('total_cents'),
  s('taxes_cents').as('taxes_cents'),
  s('taxes_basis').as('taxes_basis'),
  s('fee_cents').as('fee_cents'),
  s('commission_basis_points').as('commission_basis_points'),
  // As text: JSON would carry the numeric exactly too, but the row type stays a string either way.
  sql<string>`${s('quote_rate')}::text`.as('quote_rate'),
  s('quote_history_id').as('quote_history_id'),
  enumText(s('quote_source')).as('quote_source'),
  s('details').as('details'),
  enumText(s('status')).as('status'),
  s('position').as('position'),
  s('sale_cents').as('sale_cents'),
  s('cost_cents').as('cost_cents'),
  s('version').as('version'),
  r('refund_cents').as('refund_cents'),
  r('penalty_cents').as('penalty_cents'),
  r('reason').as('refund_reason'),
  isoInstant(r('created_at')).as('refund_created_at'),
] as const;

const m = columnsOf('recommendations', 'm');
const recommendationColumns = [
  m('id').as('id'),
  m('budget_id').as('budget_id'),
  enumText(m('category')).as('category'),
  m('title').as('title'),
  m('description').as('description'),
  m('url').as('url'),
  m('position').as('position'),
] as const;

/** The rows of one budget's paxes, proposals, services (with refund and supplier) and recommendations, as subqueries of `budgets b`. */
export const treeParts = {
  paxes: () => qb.selectFrom('budget_paxes as x').select(paxColumns).where('x.budget_id', '=', b('id')),
  proposals: () => qb.selectFrom('proposals as p').select(proposalColumns).where('p.budget_id', '=', b('id')),
  services: () =>
    qb
      .selectFrom('services as s')
      // A service's refund by its unique key; the LIMIT keeps the planner from turning the lookup
      // into a hash join over the whole refunds table (0.3 ms at 7,000 refunds, growing with them).
      .leftJoinLateral(
        (eb) => eb.selectFrom('refunds').selectAll().whereRef('refunds.service_id', '=', 's.id').limit(sql.lit(1)).as('r'),
        (join) => join.onTrue(),
      )
      .select(serviceColumns)
      .where('s.budget_id', '=', b('id')),
  recommendations: () => qb.selectFrom('recommendations as m').select(recommendationColumns).where('m.budget_id', '=', b('id')),
};

/** The budget's own columns, beside the list's. */
export const budgetDetailColumns = [
  ...budgetListColumns,
  b('destination_country').as('destinationCountry'),
  b('observations').as('observations'),
  b('show_values').as('showValues'),
  sql<string>`${b('currency_rate')}::text`.as('currencyRate'),
  b('currency_quote_history_id').as('currencyQuoteHistoryId'),
  b('agent_rates').as('agentRates'),
  b('accepted_proposal_id').as('acceptedProposalId'),
  qb
    .selectFrom('sales as sa')
    .select('sa.proposal_id')
    .where(sql<SqlBool>`sa.budget_id = ${b('id')} AND sa.undone_at IS NULL`)
    .orderBy('sa.sold_at', 'desc')
    .limit(sql.lit(1))
    .as('soldProposalId'),
  isoInstant(b('sent_at')).as('sentAt'),
  isoInstant(b('accepted_at')).as('acceptedAt'),
  isoInstant(b('sold_at')).as('soldAt'),
  isoInstant(b('canceled_at')).as('canceledAt'),
  isoInstant(b('updated_at')).as('updatedAt'),
  b('version').as('version'),
] as const;
