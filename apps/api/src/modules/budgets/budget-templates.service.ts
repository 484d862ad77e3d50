// Agency templates (/api/budget-templates): save a budget's proposals with their services and
// prices, each date as days from the trip's start; add them to a budget on its own dates and
// passengers (apply, or POST /api/budgets/ with `template_id`).
import { asInt, type Db, Prisma, qb, queryRows, sql } from '@app/db';
import {
  AGENT_RATE_MESSAGES,
  type AgentRates,
  type ApplyBudgetTemplateInput,
  BUDGET_LIMITS,
  BUDGET_TEMPLATE_MESSAGES,
  type BudgetTemplate,
  type BudgetTemplateListItem,
  buildPagination,
  CLIENT_FIELD_MESSAGES,
  type CreateBudgetTemplateInput,
  datesToDays,
  daysBetween,
  type ListBudgetTemplatesInput,
  roomHeadCounts,
  SERVICE_TYPE_DECLARATIONS,
  type ServiceHeadCounts,
  serviceFieldsInput,
  serviceFromTemplate,
  serviceQuote,
  type TemplateProposal,
  templateAnchor,
  templateHasDays,
  templateProposalsSchema,
  typedService,
  type UpdateBudgetTemplateInput,
  type UpdateBudgetTemplateServicesInput,
  type VersionedIdInput,
} from '@app/shared';
import { AppError, fieldError, notFound } from '../../errors';
import { claimVersion } from '../../versions';
import type { QuoteCaller } from '../currency-quotes/currency-quotes.where';
import { currentRates } from '../currency-quotes/current-rates';
import { assertRoom, limitExceeded } from './budget-limits';
import { budgetTemplateFilter, budgetTemplateWhere } from './budget-templates.where';
import { refreshBudgetTotals } from './budget-totals.service';
import { budgetWhere, lockBudget } from './budgets.where';
import { serviceContent, serviceContentSelect } from './service-content.select';
import { assertNotSold } from './sold-frozen';

type Tx = Prisma.TransactionClient;
export type TemplateCaller = Pick<QuoteCaller, 'userId' | 'companyId' | 'role' | 'features'>;

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const dateOf = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : null);

const listSelect = {
  id: true,
  name: true,
  kind: true,
  destination: true,
  days: true,
  proposalsCount: true,
  servicesCount: true,
  createdAt: true,
  version: true,
} satisfies Prisma.BudgetTemplateSelect;

type ListRow = Prisma.BudgetTemplateGetPayload<{ select: typeof listSelect }>;

function toListItem(t: ListRow): BudgetTemplateListItem {
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    destination: t.destination,
    days: t.days,
    proposals_count: t.proposalsCount,
    services_count: t.servicesCount,
    created_at: t.createdAt.toISOString(),
    version: t.version,
  };
}

/** GET /api/budget-templates: a page of the agency's templates by name. */
export async function listBudgetTemplates(db: Db, companyId: number, input: ListBudgetTemplatesInput) {
  const where = budgetTemplateFilter(companyId, input.search);
  const [ids, [total]] = await Promise.all([
    queryRows(
      db,
      qb
        .selectFrom('budget_templates as t')
        .select('t.id')
        .where(where)
        .orderBy('t.name')
        .orderBy('t.id')
        .limit(input.per_page)
        .offset((input.page - 1) * input.per_page),
    ),
    queryRows(db, qb.selectFrom('budget_templates as t').select(asInt(sql<number>`count(*)`).as('count')).where(where)),
  ]);
  const rows = await db.budgetTemplate.findMany({
    where: { companyId, id: { in: ids.map((r) => r.id) } },
    select: listSelect,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return { budget_templates: rows.map(toListItem), pagination: buildPagination(input.page, input.per_page, total?.count ?? 0) };
}

/** The template's proposals, as its JSON column holds them (written by createBudgetTemplate only). */
const proposalsOf = (json: Prisma.JsonValue): TemplateProposal[] => templateProposalsSchema.parse(json);

/** GET /api/budget-templates/{id}: the template with its proposals' services (titles and days). */
export async function getBudgetTemplate(db: Db, companyId: number, id: number): Promise<BudgetTemplate> {
  const row = await db.budgetTemplate.findFirst({ where: budgetTemplateWhere(companyId, id), select: { ...listSelect, proposals: true } });
  if (!row) throw notFound();
  return {
    ...toListItem(row),
    proposals: proposalsOf(row.proposals).map((p) => ({
      title: p.title,
      services: p.services.map((s) => ({
        type: s.type,
        title: s.title,
        start_day: s.start_day,
        end_day: s.end_day,
        currency: s.currency,
        adult_cents: s.adult_cents,
        child_cents: s.child_cents,
        infant_cents: s.infant_cents,
        total_cents: s.total_cents,
      })),
    })),
  };
}

/**
 * POST /api/budget-templates: the budget's proposals (or the one named), their active services with
 * prices and commissions, each date as days from the trip's start (the budget's start date, else the
 * earliest date its services hold). The rates are not kept: a budget made from it quotes anew.
 */
export async function createBudgetTemplate(db: Db, caller: TemplateCaller, input: CreateBudgetTemplateInput) {
  const { companyId } = caller;
  const budget = await db.budget.findFirst({
    where: budgetWhere(companyId, input.budget_id),
    select: {
      startDate: true,
      endDate: true,
      destination: true,
      proposals: {
        where: input.proposal_id === undefined ? {} : { id: input.proposal_id },
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
        select: {
          title: true,
          notes: true,
          services: { where: { status: 'active' }, orderBy: [{ position: 'asc' }, { id: 'asc' }], select: serviceContentSelect },
        },
      },
    },
  });
  if (!budget) throw fieldError('budget_id', CLIENT_FIELD_MESSAGES.notFound);
  if (input.proposal_id !== undefined && budget.proposals.length === 0) throw fieldError('proposal_id', CLIENT_FIELD_MESSAGES.notFound);
  const services = budget.proposals.flatMap((p) => p.services.map(serviceContent));
  if (services.length === 0)
    throw fieldError(input.proposal_id === undefined ? 'budget_id' : 'proposal_id', BUDGET_TEMPLATE_MESSAGES.noServices);
  const start = isoDate(budget.startDate);
  const end = isoDate(budget.endDate);
  const anchor = templateAnchor(start, services);
  const proposals: TemplateProposal[] = budget.proposals.map((p) => ({
    title: p.title,
    notes: p.notes,
    services: p.services.map((s) => datesToDays(serviceContent(s), anchor)) as TemplateProposal['services'],
  }));
  const created = await db.budgetTemplate.create({
    data: {
      companyId,
      name: input.name,
      kind: input.proposal_id === undefined ? 'budget' : 'proposal',
      destination: budget.destination,
      days: start && end ? daysBetween(start, end) : null,
      proposals: templateProposalsSchema.parse(proposals) as Prisma.InputJsonValue,
      proposalsCount: proposals.length,
      servicesCount: services.length,
      createdById: caller.userId,
    },
    select: listSelect,
  });
  return toListItem(created);
}

/** Takes the template's next version, or refuses a stale one (409). */
function claimTemplate(tx: Prisma.TransactionClient, caller: TemplateCaller, input: { id: number; version?: number }) {
  return claimVersion(tx, {
    table: 'budget_templates',
    companyId: caller.companyId,
    id: input.id,
    userId: caller.userId,
    expected: input.version,
  });
}

/** PATCH /api/budget-templates/{id}: a new name (a stale `version` is a 409). */
export async function renameBudgetTemplate(db: Db, caller: TemplateCaller, input: UpdateBudgetTemplateInput) {
  return db.$transaction(async (tx) => {
    await claimTemplate(tx, caller, input);
    return toListItem(await tx.budgetTemplate.update({ where: { id: input.id }, data: { name: input.name }, select: listSelect }));
  });
}

/** The prices an edit may change, by how the type is priced (a hotel's are its rooms'). */
const EDITABLE_PRICES = {
  per_pax: ['adult_cents', 'child_cents', 'infant_cents'],
  total: ['total_cents'],
  per_room: [],
} as const;

/**
 * PATCH /api/budget-templates/{id}/services: each proposal keeps the services listed, with their
 * titles and prices; the rest go, and so does a proposal left without any. Nothing changes on bad
 * input or a stale `version` (409).
 */
export async function updateBudgetTemplateServices(db: Db, caller: TemplateCaller, input: UpdateBudgetTemplateServicesInput) {
  return db.$transaction(async (tx) => {
    await claimTemplate(tx, caller, input);
    const row = await tx.budgetTemplate.findFirst({ where: budgetTemplateWhere(caller.companyId, input.id), select: { proposals: true } });
    if (!row) throw notFound();
    const current = proposalsOf(row.proposals);
    if (input.proposals.length !== current.length) throw fieldError('proposals', BUDGET_TEMPLATE_MESSAGES.proposalsMismatch);
    const errors: Record<string, string[]> = {};
    const proposals = current.map((proposal, p) => {
      const seen = new Set<number>();
      const services = (input.proposals[p]?.services ?? []).flatMap((edit, i) => {
        const service = proposal.services[edit.index];
        const path = `proposals.${p}.services.${i}.index`;
        if (!service) errors[path] = [BUDGET_TEMPLATE_MESSAGES.serviceUnknown];
        else if (seen.has(edit.index)) errors[path] = [BUDGET_TEMPLATE_MESSAGES.serviceTwice];
        seen.add(edit.index);
        if (!service) return [];
        const prices = Object.fromEntries(
          EDITABLE_PRICES[SERVICE_TYPE_DECLARATIONS[service.type].pricing].flatMap((field) =>
            edit[field] === undefined ? [] : [[field, edit[field]]],
          ),
        );
        return [{ ...service, ...prices, title: edit.title }];
      });
      return { ...proposal, services };
    });
    if (Object.keys(errors).length) throw new AppError('VALIDATION', { errors });
    const kept = proposals.filter((p) => p.services.length > 0);
    if (kept.length === 0) throw fieldError('proposals', BUDGET_TEMPLATE_MESSAGES.keepOneService);
    const updated = await tx.budgetTemplate.update({
      where: { id: input.id },
      data: {
        proposals: templateProposalsSchema.parse(kept) as Prisma.InputJsonValue,
        proposalsCount: kept.length,
        servicesCount: kept.reduce((n, p) => n + p.services.length, 0),
      },
      select: listSelect,
    });
    return toListItem(updated);
  });
}

/** DELETE /api/budget-templates/{id}: budgets made from it stay as they are (a stale `version` is a 409). */
export async function deleteBudgetTemplate(db: Db, caller: TemplateCaller, input: VersionedIdInput) {
  return db.$transaction(async (tx) => {
    await claimTemplate(tx, caller, input);
    await tx.budgetTemplate.delete({ where: { id: input.id } });
    return { id: input.id, deleted: true as const };
  });
}

/** A template of the agency to start from; null when it has none with that id. */
export async function findTemplate(db: Db | Tx, companyId: number, id: number) {
  const row = await db.budgetTemplate.findFirst({ where: budgetTemplateWhere(companyId, id), select: { days: true, proposals: true } });
  return row ? { days: row.days, proposals: proposalsOf(row.proposals) } : null;
}
export type FoundTemplate = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

/** Whether the template needs a trip start to place its services (it holds dates). */
export const templateNeedsStart = (template: FoundTemplate) => templateHasDays(template.proposals);

/** The budget's passengers by age group (null without any: the template's counts stay). */
async function travellersOf(tx: Tx, budgetId: number): Promise<ServiceHeadCounts | null> {
  const groups = await tx.budgetPax.groupBy({ by: ['ageGroup'], where: { budgetId }, _count: { _all: true } });
  if (groups.length === 0) return null;
  const count = (g: string) => groups.find((r) => r.ageGroup === g)?._count._all ?? 0;
  return { adult_number: count('adult'), child_number: count('child'), infant_number: count('infant') };
}

/**
 * The template's proposals added to the budget after its own, in one go (the caller's transaction,
 * the budget locked): services dated from the budget's start and for its passengers, quoted with the
 * budget's rates or the day's; a supplier or favourite hotel no longer the agency's (or inactive) is
 * left out. Refused whole (400 on `field`) past the budget's limits, without a start when the
 * template holds dates, or without a rate for a currency. Returns the new proposals' ids in order.
 */
export async function addTemplateProposals(
  tx: Tx,
  caller: TemplateCaller,
  template: FoundTemplate,
  budgetId: number,
  field: string,
): Promise<number[]> {
  const { companyId } = caller;
  const count = template.proposals.reduce((n, p) => n + p.services.length, 0);
  await assertRoom(tx, 'proposals', budgetId, template.proposals.length, field);
  if (template.proposals.some((p) => p.services.length > BUDGET_LIMITS.servicesPerProposal.max))
    throw limitExceeded('servicesPerProposal', field);
  await assertRoom(tx, 'servicesPerBudget', budgetId, count, field);
  const budget = await tx.budget.findUniqueOrThrow({
    where: { id: budgetId },
    select: { startDate: true, currency: true, currencyRate: true, currencyQuoteHistoryId: true, agentRates: true },
  });
  const start = isoDate(budget.startDate);
  if (!start && templateNeedsStart(template)) throw fieldError(field, BUDGET_TEMPLATE_MESSAGES.startDateRequired);
  const all = template.proposals.flatMap((p) => p.services);
  const quotes = {
    currency: budget.currency,
    currency_rate: budget.currencyRate.toNumber(),
    currency_quote_history_id: budget.currencyQuoteHistoryId,
    agent_rates: (budget.agentRates ?? {}) as AgentRates,
  };
  const currencies = [...new Set(all.map((s) => s.currency))];
  const day = await currentRates(tx, caller, currencies);
  const quoteOf = new Map(currencies.map((c) => [c, serviceQuote(c, quotes, null, day.get(c))]));
  const unquoted = currencies.find((c) => !quoteOf.get(c));
  if (unquoted) throw fieldError(field, AGENT_RATE_MESSAGES.missing(unquoted));
  const supplierIds = [...new Set(all.flatMap((s) => (s.supplier_id ? [s.supplier_id] : [])))];
  const hotelIds = [...new Set(all.flatMap((s) => (typeof s.details.favorite_hotel_id === 'number' ? [s.details.favorite_hotel_id] : [])))];
  const [suppliers, hotels, travellers, placed] = await Promise.all([
    tx.supplier.findMany({ where: { companyId, id: { in: supplierIds }, isActive: true }, select: { id: true } }),
    tx.favoriteHotel.findMany({ where: { companyId, id: { in: hotelIds } }, select: { id: true } }),
    travellersOf(tx, budgetId),
    tx.proposal.count({ where: { budgetId } }),
  ]);
  const keptSuppliers = new Set(suppliers.map((s) => s.id));
  const keptHotels = new Set(hotels.map((h) => h.id));
  const proposals = await tx.proposal.createManyAndReturn({
    data: template.proposals.map((p, i) => ({ companyId, budgetId, title: p.title, notes: p.notes, position: placed + i })),
    select: { id: true, position: true },
  });
  const ids = proposals.sort((a, b) => a.position - b.position).map((p) => p.id);
  const rows = template.proposals.flatMap((p, i) =>
    p.services.map((t, position) => {
      const built = serviceFromTemplate(t, start, travellers);
      const hotelId = built.details.favorite_hotel_id;
      if (typeof hotelId === 'number' && !keptHotels.has(hotelId)) built.details = { ...built.details, favorite_hotel_id: null };
      const parsed = serviceFieldsInput.safeParse({
        ...built,
        supplier_id: built.supplier_id && keptSuppliers.has(built.supplier_id) ? built.supplier_id : null,
      });
      if (!parsed.success) throw new AppError('VALIDATION', { errors: { [field]: [`o serviço "${t.title}" do modelo não é válido`] } });
      const s = typedService(parsed.data);
      const heads = s.type === 'accommodation' ? roomHeadCounts(s.details.rooms) : s;
      const quote = quoteOf.get(s.currency);
      return {
        companyId,
        budgetId,
        proposalId: ids[i] as number,
        type: s.type,
        title: s.title,
        description: s.description ?? null,
        supplierId: s.supplier_id ?? null,
        startDate: dateOf(s.start_date ?? null),
        startTime: s.start_time ?? null,
        endDate: dateOf(s.end_date ?? null),
        endTime: s.end_time ?? null,
        adultNumber: heads.adult_number,
        childNumber: heads.child_number,
        infantNumber: heads.infant_number,
        currency: s.currency,
        adultCents: s.adult_cents,
        childCents: s.child_cents,
        infantCents: s.infant_cents,
        totalCents: s.total_cents,
        taxesCents: s.taxes_cents,
        taxesBasis: s.taxes_basis,
        feeCents: s.fee_cents,
        commissionBasisPoints: s.commission_basis_points,
        quoteRate: new Prisma.Decimal(quote?.rate ?? 1),
        quoteHistoryId: quote?.historyId ?? null,
        quoteSource: quote?.source ?? 'day',
        details: s.details as Prisma.InputJsonValue,
        position,
      };
    }),
  );
  if (rows.length) await tx.service.createMany({ data: rows });
  await refreshBudgetTotals(tx, budgetId);
  return ids;
}

/** POST /api/budget-templates/apply: the template's proposals added to the budget, after its own. */
export async function applyBudgetTemplate(db: Db, caller: TemplateCaller, input: ApplyBudgetTemplateInput) {
  return db.$transaction(async (tx) => {
    const template = await findTemplate(tx, caller.companyId, input.template_id);
    if (!template) throw fieldError('template_id', CLIENT_FIELD_MESSAGES.notFound);
    const budget = await lockBudget(tx, caller.companyId, input.budget_id);
    if (!budget) throw fieldError('budget_id', CLIENT_FIELD_MESSAGES.notFound);
    assertNotSold(budget);
    return { budget_id: input.budget_id, proposal_ids: await addTemplateProposals(tx, caller, template, input.budget_id, 'budget_id') };
  });
}
