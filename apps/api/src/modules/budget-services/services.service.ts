import { type Db, Prisma } from '@app/db';
import {
  AGENT_RATE_MESSAGES,
  type AgentRates,
  BUDGET_MESSAGES,
  BUDGET_SERVICE_TYPES,
  type BudgetQuotes,
  type BudgetServiceType,
  CLIENT_FIELD_MESSAGES,
  type CreateServiceInput,
  type DuplicateServiceInput,
  listWords,
  ownRateIssue,
  type QuoteSource,
  REFERENCE_LISTS,
  type RefundInput,
  roomHeadCounts,
  SALE_MESSAGES,
  SERVICE_TYPE_DECLARATIONS,
  type ServiceCentral,
  serviceFieldIssues,
  serviceQuote,
  serviceReferenceIds,
  type TypeService,
  typedService,
  type UndoRefundInput,
  type UpdateServiceInput,
  type VersionedIdInput,
} from '@app/shared';
import { isBudgetEditable } from '@app/shared/budget-statuses';
import { AppError, fieldError, notFound } from '../../errors';
import { checkVersion, claimVersion } from '../../versions';
import { assertRoom } from '../budgets/budget-limits';
import { refreshBudgetTotals } from '../budgets/budget-totals.service';
import { budgetProposalWhere, currentSaleWhere, lockBudget } from '../budgets/budgets.where';
import { placeAt } from '../budgets/positions';
import { assertNotSold } from '../budgets/sold-frozen';
import type { QuoteCaller } from '../currency-quotes/currency-quotes.where';
import { currentRates } from '../currency-quotes/current-rates';
import { ownCurrencyTotals } from './own-currency-totals';
import { toServiceDto } from './services.dto';
import { type ServiceRow, serviceSelect } from './services.select';
import { serviceHotelWhere, serviceReferenceWhere, serviceSupplierWhere, serviceWhere } from './services.where';

type Tx = Prisma.TransactionClient;
/** Who writes: the agency, its role and plan (which quotes it works with), the user (kept with a refund). */
export type ServiceCaller = Omit<QuoteCaller, 'userId'> & {
  userId: number;
  /** A user the agency keeps from costs never sees the commission, so never sets it (it stays as it was). */
  seesCosts: boolean;
};

/**
 * The commission a write stores: the one sent, unless the writer may not see costs; then the
 * service's own (an edit) or its supplier's default (a new one), else none.
 */
async function writtenCommission(
  tx: Tx,
  caller: ServiceCaller,
  sent: number,
  supplierId: number | null | undefined,
  current?: number,
): Promise<number> {
  if (caller.seesCosts) return sent;
  if (current !== undefined) return current;
  if (!supplierId) return 0;
  const supplier = await tx.supplier.findFirst({
    where: serviceSupplierWhere(caller.companyId, supplierId),
    select: { commissionBasisPoints: true },
  });
  return supplier?.commissionBasisPoints ?? 0;
}

export const SERVICE_MESSAGES = {
  canceled: 'Serviço cancelado não pode ser alterado.',
  alreadyCanceled: 'Este serviço já foi cancelado.',
  notCanceled: 'Este serviço não está cancelado.',
  refundAboveSale: 'não pode ser maior que o valor de venda do serviço',
} as const;

type ServiceFields = Omit<CreateServiceInput, 'proposal_id' | 'position'>;
/** The rate a service stores with its values, and where it came from. */
type StoredQuote = { rate: Prisma.Decimal; historyId: number | null; source: QuoteSource };
type BudgetQuoteRow = {
  currency: string;
  currencyRate: Prisma.Decimal;
  currencyQuoteHistoryId: number | null;
  agentRates: Prisma.JsonValue;
};

/** The budget's rates as the shared rule reads them. */
function budgetQuotesOf(budget: BudgetQuoteRow): BudgetQuotes {
  return {
    currency: budget.currency,
    currency_rate: budget.currencyRate.toNumber(),
    currency_quote_history_id: budget.currencyQuoteHistoryId,
    agent_rates: (budget.agentRates ?? {}) as AgentRates,
  };
}
/** What the stored service points at now (nothing for a new one): rows it keeps need not be active any more. */
type Current = { supplierId: number | null; referenceIds: number[] };
const NEW_SERVICE: Current = { supplierId: null, referenceIds: [] };

const dateOf = (d: string | null | undefined) => (d ? new Date(`${d}T00:00:00Z`) : null);

/** The service as stored: a hotel's head counts are its rooms'. */
function storedFields(input: ServiceFields) {
  const service = typedService(input);
  const heads = service.type === 'accommodation' ? roomHeadCounts(service.details.rooms) : service;
  return {
    ...service,
    adult_number: heads.adult_number,
    child_number: heads.child_number,
    infant_number: heads.infant_number,
  };
}

/**
 * Every reference of the service must be one the agency sees: its supplier (active unless the
 * service already had it), each reference-list id of `details` in its own list (system or own rows;
 * active unless already there), its favourite hotel; the rules across fields; a quote for its
 * currency. Another agency's row reads as a missing one. Returns the quote to store.
 */
async function checkedService(
  tx: Tx,
  caller: ServiceCaller,
  budget: BudgetQuoteRow,
  fields: ReturnType<typeof storedFields>,
  current: Current,
): Promise<StoredQuote> {
  const errors: Record<string, string[]> = {};
  for (const issue of serviceFieldIssues(fields)) errors[issue.path] = [issue.message];
  if (fields.supplier_id) {
    const supplier = await tx.supplier.findFirst({
      where: serviceSupplierWhere(caller.companyId, fields.supplier_id),
      select: { isActive: true },
    });
    if (!supplier) errors.supplier_id = [CLIENT_FIELD_MESSAGES.notFound];
    else if (!supplier.isActive && fields.supplier_id !== current.supplierId) errors.supplier_id = [CLIENT_FIELD_MESSAGES.inactive];
  }
  const refs = serviceReferenceIds(fields.type, fields.details);
  if (refs.length) {
    const rows = await tx.referenceItem.findMany({
      where: serviceReferenceWhere(
        caller.companyId,
        refs.map((r) => r.id),
      ),
      select: { id: true, list: true, isActive: true },
    });
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const ref of refs) {
      const row = found.get(ref.id);
      if (!row || row.list !== ref.list) errors[ref.field] = [CLIENT_FIELD_MESSAGES.notFound];
      else if (!row.isActive && !current.referenceIds.includes(ref.id)) errors[ref.field] = [CLIENT_FIELD_MESSAGES.inactive];
    }
  }
  if (fields.type === 'accommodation' && fields.details.favorite_hotel_id) {
    const hotel = await tx.favoriteHotel.findFirst({
      where: serviceHotelWhere(caller.companyId, fields.details.favorite_hotel_id),
      select: { id: true },
    });
    if (!hotel) errors['details.favorite_hotel_id'] = [CLIENT_FIELD_MESSAGES.notFound];
  }
  // The service's own rate > the budget's rate for the currency > the day's quote (read only when needed).
  const own = fields.quote_rate ?? null;
  const ownIssue = own !== null ? ownRateIssue(fields.currency, budget.currency) : null;
  if (ownIssue) errors.quote_rate = [ownIssue];
  const quotes = budgetQuotesOf(budget);
  const needsDay = fields.currency !== budget.currency && own === null && quotes.agent_rates[fields.currency] === undefined;
  const day = needsDay ? (await currentRates(tx, caller, [fields.currency])).get(fields.currency) : undefined;
  const quote = serviceQuote(fields.currency, quotes, own, day);
  // No rate of any kind: the agent is asked for one (the form shows the rate input), not sent elsewhere.
  if (!quote && !ownIssue) errors.quote_rate = [AGENT_RATE_MESSAGES.missing(fields.currency)];
  if (Object.keys(errors).length || !quote) throw new AppError('VALIDATION', { errors });
  return { rate: new Prisma.Decimal(quote.rate), historyId: quote.historyId, source: quote.source };
}

function serviceData(fields: ReturnType<typeof storedFields>, quote: StoredQuote) {
  return {
    type: fields.type,
    title: fields.title,
    description: fields.description ?? null,
    supplierId: fields.supplier_id ?? null,
    startDate: dateOf(fields.start_date),
    startTime: fields.start_time ?? null,
    endDate: dateOf(fields.end_date),
    endTime: fields.end_time ?? null,
    adultNumber: fields.adult_number,
    childNumber: fields.child_number,
    infantNumber: fields.infant_number,
    currency: fields.currency,
    adultCents: fields.adult_cents,
    childCents: fields.child_cents,
    infantCents: fields.infant_cents,
    totalCents: fields.total_cents,
    taxesCents: fields.taxes_cents,
    taxesBasis: fields.taxes_basis,
    feeCents: fields.fee_cents,
    commissionBasisPoints: fields.commission_basis_points,
    quoteRate: quote.rate,
    quoteHistoryId: quote.historyId,
    quoteSource: quote.source,
    details: fields.details as Prisma.InputJsonValue,
  };
}

const budgetQuoteSelect = { currency: true, currencyRate: true, currencyQuoteHistoryId: true, agentRates: true } as const;

/** The proposal of the caller's agency a body names (400 on `proposal_id` otherwise), with its budget locked; 409 while sold. */
async function lockedProposal(tx: Tx, companyId: number, proposalId: number, budgetId?: number) {
  const proposal = await tx.proposal.findFirst({
    where: budgetProposalWhere(companyId, proposalId, budgetId),
    select: { id: true, budgetId: true },
  });
  const budget = proposal ? await lockBudget(tx, companyId, proposal.budgetId) : null;
  if (!proposal || !budget) throw fieldError('proposal_id', CLIENT_FIELD_MESSAGES.notFound);
  assertNotSold(budget);
  return proposal;
}

/** Room for one more service in the proposal and in its budget (400 on `field` otherwise). */
async function assertServiceRoom(tx: Tx, proposal: { id: number; budgetId: number }, field: string) {
  await assertRoom(tx, 'servicesPerProposal', proposal.id, 1, field);
  await assertRoom(tx, 'servicesPerBudget', proposal.budgetId, 1, field);
}

async function answer(tx: Tx, id: number) {
  return toServiceDto(await tx.service.findUniqueOrThrow({ where: { id }, select: serviceSelect }));
}

/**
 * The caller's service with its budget locked; 404 when the agency has no such service, 409 while
 * the budget is sold unless `soldOk` (a sold service can still be canceled with a refund: the sale
 * keeps what it froze).
 */
async function lockedService(
  tx: Tx,
  companyId: number,
  id: number,
  opts: { soldOk?: boolean; edit?: { userId: number | null; expected?: number } } = {},
): Promise<ServiceRow> {
  const { service, budget } = await lockedServiceAndBudget(tx, companyId, id);
  // An edit claims the service's version first (a copy, `userId: null`, only checks it: the original
  // stays as it was): a stale one is refused as such, whatever else would refuse it.
  const edit = opts.edit;
  if (edit?.userId === null) await checkVersion(tx, { table: 'services', companyId, id, expected: edit.expected });
  else if (edit) await claimVersion(tx, { table: 'services', companyId, id, userId: edit.userId, expected: edit.expected });
  if (!opts.soldOk) assertNotSold(budget);
  return service;
}

/** lockedService without the sold check: the caller decides what a sold budget allows. */
async function lockedServiceAndBudget(tx: Tx, companyId: number, id: number) {
  const found = await tx.service.findFirst({ where: serviceWhere(companyId, id), select: { budgetId: true } });
  const budget = found ? await lockBudget(tx, companyId, found.budgetId) : null;
  if (!budget) throw notFound();
  // Read again under the lock: a refund or an edit may have landed meanwhile.
  return { service: await tx.service.findUniqueOrThrow({ where: { id }, select: serviceSelect }), budget };
}

export async function getService(db: Db, companyId: number, id: number) {
  const service = await db.service.findFirst({ where: serviceWhere(companyId, id), select: serviceSelect });
  if (!service) throw notFound();
  return toServiceDto(service);
}

/** POST /api/services: the service joins its proposal (last, or at `position`); totals follow. */
export async function createService(db: Db, caller: ServiceCaller, input: CreateServiceInput) {
  const { proposal_id, position, ...rest } = input;
  return db.$transaction(async (tx) => {
    const proposal = await lockedProposal(tx, caller.companyId, proposal_id);
    await assertServiceRoom(tx, proposal, 'proposal_id');
    const budget = await tx.budget.findUniqueOrThrow({ where: { id: proposal.budgetId }, select: budgetQuoteSelect });
    const fields = storedFields(rest);
    fields.commission_basis_points = await writtenCommission(tx, caller, fields.commission_basis_points, fields.supplier_id);
    const quote = await checkedService(tx, caller, budget, fields, NEW_SERVICE);
    const { id } = await tx.service.create({
      data: {
        companyId: caller.companyId,
        budgetId: proposal.budgetId,
        proposalId: proposal.id,
        ...serviceData(fields, quote),
        position: 1_000_000,
      },
      select: { id: true },
    });
    await placeAt(tx, { table: 'services', proposalId: proposal.id }, id, position);
    await refreshBudgetTotals(tx, proposal.budgetId);
    return answer(tx, id);
  });
}

/**
 * PUT /api/services/{id}: every field again. The service may move to another proposal of its own
 * budget (a proposal of another budget is refused on `proposal_id`); a canceled service is kept as
 * it was refunded. The quote is taken again (the service is priced anew).
 */
export async function updateService(db: Db, caller: ServiceCaller, input: UpdateServiceInput) {
  const { id, proposal_id, position, version, ...rest } = input;
  return db.$transaction(async (tx) => {
    const { service: current, budget: locked } = await lockedServiceAndBudget(tx, caller.companyId, id);
    // A stale write is refused as such first, whatever else would refuse it.
    await claimVersion(tx, { table: 'services', companyId: caller.companyId, id, userId: caller.userId, expected: version });
    assertNotSold(locked);
    if (current.status === 'canceled') throw new AppError('CONFLICT', { message: SERVICE_MESSAGES.canceled });
    const proposal = await lockedProposal(tx, caller.companyId, proposal_id, current.budgetId);
    // Moving within the budget: only the proposal it joins gains a service.
    if (proposal.id !== current.proposalId) await assertRoom(tx, 'servicesPerProposal', proposal.id, 1, 'proposal_id');
    const budget = await tx.budget.findUniqueOrThrow({ where: { id: current.budgetId }, select: budgetQuoteSelect });
    const fields = storedFields(rest);
    fields.commission_basis_points = await writtenCommission(
      tx,
      caller,
      fields.commission_basis_points,
      fields.supplier_id,
      current.commissionBasisPoints,
    );
    const quote = await checkedService(tx, caller, budget, fields, {
      supplierId: current.supplier?.id ?? null,
      referenceIds: serviceReferenceIds(current.type as BudgetServiceType, current.details).map((r) => r.id),
    });
    await tx.service.update({ where: { id }, data: { ...serviceData(fields, quote), proposalId: proposal.id } });
    const moved = proposal.id !== current.proposalId;
    if (moved) await placeAt(tx, { table: 'services', proposalId: current.proposalId });
    if (moved || position !== undefined) await placeAt(tx, { table: 'services', proposalId: proposal.id }, id, position);
    await refreshBudgetTotals(tx, current.budgetId);
    return answer(tx, id);
  });
}

export async function deleteService(db: Db, caller: ServiceCaller, input: VersionedIdInput) {
  const { id } = input;
  return db.$transaction(async (tx) => {
    const current = await lockedService(tx, caller.companyId, id, { edit: { userId: caller.userId, expected: input.version } });
    await tx.service.delete({ where: { id } });
    await placeAt(tx, { table: 'services', proposalId: current.proposalId });
    await refreshBudgetTotals(tx, current.budgetId);
    return { id, deleted: true as const };
  });
}

/** POST /api/services/duplicate: a copy right after the original, with its prices and quote, not canceled. */
export async function duplicateService(db: Db, companyId: number, input: DuplicateServiceInput) {
  const { id } = input;
  return db.$transaction(async (tx) => {
    const s = await lockedService(tx, companyId, id, { edit: { userId: null, expected: input.version } });
    await assertServiceRoom(tx, { id: s.proposalId, budgetId: s.budgetId }, 'id');
    const copy = await tx.service.create({
      data: {
        companyId,
        budgetId: s.budgetId,
        proposalId: s.proposalId,
        type: s.type,
        title: `${s.title}${BUDGET_MESSAGES.copySuffix}`,
        description: s.description,
        supplierId: s.supplier?.id ?? null,
        startDate: s.startDate,
        startTime: s.startTime,
        endDate: s.endDate,
        endTime: s.endTime,
        adultNumber: s.adultNumber,
        childNumber: s.childNumber,
        infantNumber: s.infantNumber,
        currency: s.currency,
        adultCents: s.adultCents,
        childCents: s.childCents,
        infantCents: s.infantCents,
        totalCents: s.totalCents,
        taxesCents: s.taxesCents,
        taxesBasis: s.taxesBasis,
        feeCents: s.feeCents,
        commissionBasisPoints: s.commissionBasisPoints,
        quoteRate: s.quoteRate,
        quoteHistoryId: s.quoteHistoryId,
        quoteSource: s.quoteSource,
        details: s.details as Prisma.InputJsonValue,
        position: 1_000_000,
      },
      select: { id: true },
    });
    await placeAt(tx, { table: 'services', proposalId: s.proposalId }, copy.id, s.position + 1);
    await refreshBudgetTotals(tx, s.budgetId);
    return answer(tx, copy.id);
  });
}

/** What the customer pays for the service in its own currency (the most a refund gives back). */
function saleInOwnCurrency(s: ServiceRow): number {
  return ownCurrencyTotals(s).sale_cents;
}

/**
 * POST /api/refunds/: cancels the service; the customer gets `refund_cents` back (at most what the
 * service sells for, in its currency) and the supplier keeps `penalty_cents`. Once only.
 */
export async function refundService(db: Db, caller: ServiceCaller, input: RefundInput) {
  return db.$transaction(async (tx) => {
    const s = await lockedService(tx, caller.companyId, input.service_id, {
      soldOk: true,
      edit: { userId: caller.userId, expected: input.version },
    });
    if (s.refund || s.status === 'canceled') throw new AppError('CONFLICT', { message: SERVICE_MESSAGES.alreadyCanceled });
    if (input.refund_cents > saleInOwnCurrency(s)) throw fieldError('refund_cents', SERVICE_MESSAGES.refundAboveSale);
    await tx.refund.create({
      data: {
        serviceId: s.id,
        refundCents: input.refund_cents,
        penaltyCents: input.penalty_cents,
        reason: input.reason ?? null,
        userId: caller.userId,
      },
    });
    await tx.service.update({ where: { id: s.id }, data: { status: 'canceled' } });
    await refreshBudgetTotals(tx, s.budgetId);
    return answer(tx, s.id);
  });
}

/**
 * DELETE /api/refunds/{service_id}: undoes the cancellation; the service is active again at its full
 * price and the totals follow. The refund row goes, refund_undos keeps what it was and who undid it.
 * A sold budget keeps what its sale froze: only a refund registered after the sale (which the sale
 * never saw) may be undone there.
 */
export async function undoRefund(db: Db, caller: ServiceCaller, input: UndoRefundInput) {
  return db.$transaction(async (tx) => {
    const { service: s, budget } = await lockedServiceAndBudget(tx, caller.companyId, input.service_id);
    await claimVersion(tx, { table: 'services', companyId: caller.companyId, id: s.id, userId: caller.userId, expected: input.version });
    if (!s.refund || s.status !== 'canceled') throw new AppError('CONFLICT', { message: SERVICE_MESSAGES.notCanceled });
    if (!isBudgetEditable(budget.status)) {
      const sale = await tx.sale.findFirst({
        where: currentSaleWhere(caller.companyId, s.budgetId),
        orderBy: { soldAt: 'desc' },
        select: { soldAt: true },
      });
      if (!sale || s.refund.createdAt < sale.soldAt) throw new AppError('CONFLICT', { message: SALE_MESSAGES.soldFrozen });
    }
    const refund = await tx.refund.findUniqueOrThrow({ where: { serviceId: s.id } });
    await tx.refundUndo.create({
      data: {
        companyId: caller.companyId,
        serviceId: s.id,
        refundCents: refund.refundCents,
        penaltyCents: refund.penaltyCents,
        reason: refund.reason,
        refundedByUserId: refund.userId,
        refundedAt: refund.createdAt,
        userId: caller.userId,
      },
    });
    await tx.refund.delete({ where: { id: refund.id } });
    await tx.service.update({ where: { id: s.id }, data: { status: 'active' } });
    await refreshBudgetTotals(tx, s.budgetId);
    return answer(tx, s.id);
  });
}

type ReferenceRow = { id: number; name: string; code: string | null };

/** GET /api/services/service-central/{id}: the service, its budget and proposal, and the names of its list rows (one read for all). */
export async function serviceCentral(db: Db, companyId: number, id: number): Promise<ServiceCentral> {
  const service = await db.service.findFirst({
    where: serviceWhere(companyId, id),
    select: {
      ...serviceSelect,
      budget: { select: { id: true, title: true, status: true, currency: true } },
      proposal: { select: { id: true, title: true } },
    },
  });
  if (!service) throw notFound();
  const refs = serviceReferenceIds(service.type as BudgetServiceType, service.details);
  const rows = refs.length
    ? await db.referenceItem.findMany({
        where: serviceReferenceWhere(
          companyId,
          refs.map((r) => r.id),
        ),
        select: { id: true, name: true, code: true, list: true },
      })
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const references: Record<string, ReferenceRow> = {};
  for (const ref of refs) {
    const row = byId.get(ref.id);
    if (row && row.list === ref.list) references[ref.field] = { id: row.id, name: row.name, code: row.code };
  }
  return { ...toServiceDto(service), budget: service.budget, proposal: service.proposal, references };
}

type TypeDefaultsRow = {
  type: string;
  services_count: number;
  commission: number | null;
  supplier_id: number | null;
  supplier_name: string | null;
};

/**
 * GET /api/type_services: each type's declaration, and the agency's defaults read off its own
 * services of the type (one grouped read): the supplier it uses most and its average commission.
 */
/** How many of the latest services of a type the defaults are drawn from. */
export const TYPE_DEFAULTS_SAMPLE = 500;

export async function typeServices(db: Db, companyId: number): Promise<{ types: TypeService[] }> {
  // The latest TYPE_DEFAULTS_SAMPLE services of each type (index company_id, type, id DESC): today's
  // habits, read in the same time whatever the agency's history.
  const rows = await db.$queryRaw<TypeDefaultsRow[]>`
    SELECT d.type, d.services_count, d.commission, sup.id AS supplier_id, sup.name AS supplier_name
    FROM unnest(enum_range(NULL::"ServiceType")) AS t(type)
    CROSS JOIN LATERAL (
      SELECT t.type::text AS type, count(*)::int AS services_count,
        round(avg(r.commission_basis_points))::int AS commission,
        mode() WITHIN GROUP (ORDER BY r.supplier_id) AS supplier_id
      -- The ids alone come from the index (index-only); asking it for the columns too made the
      -- planner walk the primary key backwards over every agency's services.
      FROM services r WHERE r.id IN (
        SELECT s.id FROM services s
        WHERE s.company_id = ${companyId} AND s.type = t.type ORDER BY s.id DESC LIMIT ${TYPE_DEFAULTS_SAMPLE}
      )
      HAVING count(*) > 0
    ) d
    LEFT JOIN suppliers sup ON sup.id = d.supplier_id AND sup.company_id = ${companyId}`;
  const defaults = new Map(rows.map((r) => [r.type, r]));
  return {
    types: BUDGET_SERVICE_TYPES.map((type) => {
      const d = SERVICE_TYPE_DECLARATIONS[type];
      const row = defaults.get(type);
      return {
        type,
        label: d.label,
        pricing: d.pricing,
        lists: Object.entries(d.lists).map(([field, list]) => ({ field, list, label: listWords(REFERENCE_LISTS[list].label).titleOne })),
        supplier_types: [...d.supplierTypes],
        defaults: {
          supplier: row?.supplier_id && row.supplier_name ? { id: row.supplier_id, name: row.supplier_name } : null,
          commission_basis_points: row?.commission ?? null,
          services_count: row?.services_count ?? 0,
        },
      };
    }),
  };
}
