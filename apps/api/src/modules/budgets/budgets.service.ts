import { type Db, type Prisma, queryRows } from '@app/db';
import {
  AGENT_RATE_MESSAGES,
  type AgentRates,
  addDays,
  BUDGET_LIMITS,
  BUDGET_MESSAGES,
  BUDGET_TEMPLATE_MESSAGES,
  type BudgetPaxInput,
  type BudgetTree,
  budgetDateIssues,
  buildPagination,
  buildSearchPagination,
  CLIENT_FIELD_MESSAGES,
  type CreateBudgetInput,
  canPatchBudgetStatus,
  headCountPaxes,
  type ListBudgetsInput,
  SALE_MESSAGES,
  type ShowValuesInput,
  type StoredBudgetTree,
  type UpdateBudgetInput,
  type VersionedIdInput,
} from '@app/shared';
import { type DocumentCipher, isMaskedDocumentNumber, maskDocumentNumber, sealDocumentNumber } from '../../document-numbers';
import { AppError, fieldError, notFound } from '../../errors';
import { claimVersion } from '../../versions';
import { attendanceWhere } from '../attendances/attendances.where';
import type { QuoteCaller } from '../currency-quotes/currency-quotes.where';
import { QUOTE_MISSING_MESSAGE } from '../currency-quotes/current-rates';
import { budgetRateOf, changedCurrencies, repriceServices } from './agent-rates';
import { budgetCountQuery, budgetPageQuery, budgetPlaces, readBudgetTree, searchBudgetPage } from './budget-queries';
import { addTemplateProposals, findTemplate, templateNeedsStart } from './budget-templates.service';
import { refreshBudgetTotals } from './budget-totals.service';
import { toBudgetListItem, toBudgetTree } from './budgets.dto';
import { budgetSalesWhere, budgetWhere, lockBudget } from './budgets.where';
import { travellerClients } from './pax-clients';
import { assertNotSold } from './sold-frozen';

type Tx = Prisma.TransactionClient;
/** Who calls: the agency, and what picks the quotes it works with. */
export type BudgetCaller = Pick<QuoteCaller, 'userId' | 'companyId' | 'role' | 'features'>;

/** A page of the agency's budgets, newest first; with include_locations one more statement reads the page's places. */
export async function listBudgets(db: Db, companyId: number, input: ListBudgetsInput) {
  const { rows, count } = input.search
    ? await searchBudgetPage(db, companyId, input)
    : await Promise.all([queryRows(db, budgetPageQuery(companyId, input)), queryRows(db, budgetCountQuery(companyId, input))]).then(
        ([page, [total]]) => ({ rows: page, count: total?.count ?? 0 }),
      );
  const places =
    input.include_locations === 'true'
      ? await budgetPlaces(
          db,
          companyId,
          rows.map((r) => r.id),
        )
      : null;
  const budgets = rows.map((r) => {
    if (!places) return toBudgetListItem(r);
    const locations = [r.destination, ...(places.get(r.id) ?? [])].filter((p): p is string => !!p);
    return toBudgetListItem(r, [...new Set(locations)]);
  });
  const pagination = input.search
    ? buildSearchPagination(input.page, input.per_page, count)
    : buildPagination(input.page, input.per_page, count);
  return { budgets, pagination };
}

/** The whole budget in one statement; another agency's is not found. Without a cipher, no document numbers. */
export async function getBudget(db: Db | Tx, cipher: DocumentCipher | null, companyId: number, id: number): Promise<StoredBudgetTree> {
  const row = await readBudgetTree(db, companyId, id);
  if (!row) throw notFound();
  return toBudgetTree(row, cipher);
}

const toDate = (d: string | null | undefined) => (d ? new Date(`${d}T00:00:00.000Z`) : d === null ? null : undefined);
const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * The rate a budget stores for its currency: the agent's for it (agent_rates), else the day's quote;
 * with neither, a 400 on `currency`.
 */
/** A new budget's rate: with no quote of the day for its currency, the agent is asked for the budget's own. */
async function rateOf(db: Db | Tx, caller: BudgetCaller, currency: string, agentRates: AgentRates = {}) {
  const rate = await budgetRateOf(db, caller, currency, agentRates);
  if (!rate) throw fieldError(`agent_rates.${currency}`, AGENT_RATE_MESSAGES.missing(currency));
  return rate;
}

/**
 * The paxes' rows: a pax naming a client must name one of the agency's (400 on `paxes.N.client_id`)
 * and takes from it what is not sent: its name, birth date, CPF, travel document and contact
 * (paxFieldsFromClient), so picking a client types none of them twice.
 */
async function paxRows(db: Db | Tx, cipher: DocumentCipher, companyId: number, paxes: BudgetPaxInput[], stored: string[] = []) {
  const ids = [...new Set(paxes.flatMap((p) => (p.client_id ? [p.client_id] : [])))];
  const clients = await travellerClients(db, cipher, companyId, ids);
  const errors: Record<string, string[]> = {};
  const rows = paxes.map((p, position) => {
    const client = p.client_id ? clients.get(p.client_id) : undefined;
    if (p.client_id && !client) errors[`paxes.${position}.client_id`] = [CLIENT_FIELD_MESSAGES.notFound];
    const copied = client?.fields;
    const take = <K extends keyof NonNullable<typeof copied>>(key: K) => (p[key] !== undefined ? p[key] : (copied?.[key] ?? null));
    const number = storedNumber(take('document_number'), [stored[position], copied?.document_number, ...stored]);
    if (number === undefined) errors[`paxes.${position}.document_number`] = [CLIENT_FIELD_MESSAGES.maskedDocumentNumber];
    const sealed = sealDocumentNumber(cipher, number ?? null);
    return {
      clientId: p.client_id ?? null,
      name: p.name ?? client?.name ?? '',
      ageGroup: p.age_group,
      age: p.age ?? null,
      birthDate: toDate(take('birth_date')) ?? null,
      documentType: take('document_type'),
      documentNumberSealed: sealed.sealed,
      documentNumberHash: sealed.hash,
      documentCountry: take('document_country'),
      documentExpiresAt: toDate(take('document_expires_at')) ?? null,
      cpf: take('cpf'),
      email: take('email'),
      phone: take('phone'),
      position,
    };
  });
  if (Object.keys(errors).length) throw new AppError('VALIDATION', { errors });
  return rows;
}

/**
 * A passenger's document number as written: the screens show them masked, so a masked number sent
 * back keeps the full one it masks among `known` (the passenger's stored number, its client's,
 * the budget's other passengers'); undefined when it masks none.
 */
function storedNumber(sent: string | null, known: (string | null | undefined)[]): string | null | undefined {
  if (!sent || !isMaskedDocumentNumber(sent)) return sent;
  return known.find((n) => !!n && maskDocumentNumber(n) === sent);
}

/** One passenger per head of the attendance's count, to be named; none past the budget's limit of passengers. */
function headCountRows(attendance: { adults: number; children: number; childrenAges: number[]; infants: number }) {
  const heads = headCountPaxes({ ...attendance, children_ages: attendance.childrenAges });
  if (heads.length > BUDGET_LIMITS.paxes.max) return [];
  return heads.map((h, position) => ({ name: h.name, ageGroup: h.age_group, age: h.age, position }));
}

function assertDates(f: { start_date?: string | null; end_date?: string | null }) {
  const [issue] = budgetDateIssues(f);
  if (issue) throw fieldError(issue.path, issue.message);
}

/**
 * POST /api/budgets/: a budget of one of the agency's attendances, its client and owner copied
 * from it (a trigger keeps them in step), the rate of its currency stored, and a first proposal so
 * the editor has a tab. Title, destination and dates default to the attendance's, and without
 * `paxes` its head count becomes the passengers.
 */
export async function createBudget(db: Db, cipher: DocumentCipher, caller: BudgetCaller, input: CreateBudgetInput): Promise<BudgetTree> {
  const { companyId } = caller;
  const attendance = await db.attendance.findFirst({
    where: attendanceWhere(companyId, input.attendance_id),
    select: {
      id: true,
      clientId: true,
      ownerUserId: true,
      title: true,
      destination: true,
      startDate: true,
      endDate: true,
      adults: true,
      children: true,
      childrenAges: true,
      infants: true,
    },
  });
  if (!attendance) throw fieldError('attendance_id', CLIENT_FIELD_MESSAGES.notFound);
  const template = input.template_id === undefined ? null : await findTemplate(db, companyId, input.template_id);
  if (input.template_id !== undefined && !template) throw fieldError('template_id', CLIENT_FIELD_MESSAGES.notFound);
  const startDate = input.start_date !== undefined ? input.start_date : isoDate(attendance.startDate);
  // Without an end of its own, a trip made from a template lasts as long as the template's.
  const templateEnd = startDate && typeof template?.days === 'number' ? addDays(startDate, template.days) : null;
  const endDate = input.end_date !== undefined ? input.end_date : (isoDate(attendance.endDate) ?? templateEnd);
  assertDates({ start_date: startDate, end_date: endDate });
  if (template && !startDate && templateNeedsStart(template)) throw fieldError('start_date', BUDGET_TEMPLATE_MESSAGES.startDateRequired);
  const currency = input.currency ?? 'BRL';
  const agentRates = input.agent_rates ?? {};
  const rate = await rateOf(db, caller, currency, agentRates);
  const paxes = input.paxes ? await paxRows(db, cipher, companyId, input.paxes) : headCountRows(attendance);
  // One transaction: the budget, its paxes and its first proposal (or the template's) are written together or not at all.
  const { id } = await db.$transaction(async (tx) => {
    const budget = await tx.budget.create({
      data: {
        companyId,
        attendanceId: attendance.id,
        clientId: attendance.clientId,
        ownerUserId: attendance.ownerUserId,
        title: input.title ?? attendance.title,
        destination: input.destination !== undefined ? input.destination : attendance.destination,
        destinationCountry: input.destination_country ?? null,
        startDate: toDate(startDate) ?? null,
        endDate: toDate(endDate) ?? null,
        currency,
        ...rate,
        agentRates,
        observations: input.observations ?? null,
        showValues: input.show_values ?? true,
        paxes: { create: paxes },
        ...(template ? {} : { proposals: { create: [{ companyId, title: BUDGET_MESSAGES.firstProposal, position: 0 }] } }),
      },
      select: { id: true },
    });
    if (template) await addTemplateProposals(tx, caller, template, budget.id, 'template_id');
    return budget;
  });
  return getBudget(db, cipher, companyId, id);
}

/** When each status was reached; reopening a canceled budget clears its cancellation. */
function statusStamps(to: UpdateBudgetInput['status'], from: string) {
  if (!to || to === from) return {};
  const now = new Date();
  if (to === 'sent') return { status: to, sentAt: now };
  if (to === 'canceled') return { status: to, canceledAt: now };
  return { status: to, ...(from === 'canceled' ? { canceledAt: null } : {}) };
}

/**
 * PATCH /api/budgets/{id}: the fields sent, under the budget's lock. A new currency stores its rate
 * of the day (or the agent's for it) and every total follows; `agent_rates` replaces the budget's
 * own rates and reprices its services that take them (agent-rates.ts); `paxes` replaces the list;
 * `status` moves only along the transitions of canPatchBudgetStatus (accept and sell have their own routes).
 */
export async function updateBudget(db: Db, cipher: DocumentCipher, caller: BudgetCaller, input: UpdateBudgetInput): Promise<BudgetTree> {
  const { companyId } = caller;
  const { id, version, paxes, status, agent_rates, ...fields } = input;
  return db.$transaction(async (tx) => {
    const locked = await lockBudget(tx, companyId, id);
    if (!locked) throw notFound();
    await claimVersion(tx, { table: 'budgets', companyId, id, userId: caller.userId, expected: version });
    assertNotSold(locked);
    const current = await tx.budget.findUniqueOrThrow({
      where: { id },
      select: { status: true, currency: true, startDate: true, endDate: true, agentRates: true },
    });
    if (status && !canPatchBudgetStatus(current.status, status)) throw fieldError('status', BUDGET_MESSAGES.status(current.status, status));
    assertDates({
      start_date: fields.start_date !== undefined ? fields.start_date : isoDate(current.startDate),
      end_date: fields.end_date !== undefined ? fields.end_date : isoDate(current.endDate),
    });
    const currency = fields.currency ?? current.currency;
    const currencyChanged = currency !== current.currency;
    const ratesBefore = (current.agentRates ?? {}) as AgentRates;
    const ratesAfter: AgentRates = agent_rates ?? ratesBefore;
    const ratesChanged = changedCurrencies(ratesBefore, ratesAfter).length > 0;
    // The budget's own rate follows a new currency, or the agent's rate for it set or cleared.
    const budgetRateChanged = currencyChanged || ratesBefore[currency] !== ratesAfter[currency];
    const rate = budgetRateChanged ? await budgetRateOf(tx, caller, currency, ratesAfter) : {};
    if (!rate) {
      // Neither the agent's rate nor a quote of the day: the budget cannot price in its currency.
      throw currencyChanged
        ? fieldError('currency', QUOTE_MISSING_MESSAGE(currency))
        : fieldError(`agent_rates.${currency}`, AGENT_RATE_MESSAGES.clearWithoutQuote(currency));
    }
    const stored =
      paxes === undefined
        ? []
        : await tx.budgetPax.findMany({ where: { budgetId: id }, select: { documentNumberSealed: true }, orderBy: { position: 'asc' } });
    const storedNumbers = stored.map((p) => (p.documentNumberSealed ? cipher.open(p.documentNumberSealed) : ''));
    const paxData =
      paxes === undefined ? undefined : { deleteMany: {}, create: await paxRows(tx, cipher, companyId, paxes, storedNumbers) };
    await tx.budget.update({
      where: { id },
      data: {
        title: fields.title,
        destination: fields.destination,
        destinationCountry: fields.destination_country,
        startDate: toDate(fields.start_date),
        endDate: toDate(fields.end_date),
        currency: fields.currency,
        ...rate,
        agentRates: agent_rates,
        observations: fields.observations,
        showValues: fields.show_values,
        ...statusStamps(status, current.status),
        paxes: paxData,
      },
    });
    if (ratesChanged || budgetRateChanged) {
      const stored = await tx.budget.findUniqueOrThrow({ where: { id }, select: { currencyRate: true, currencyQuoteHistoryId: true } });
      await repriceServices(
        tx,
        caller,
        {
          id,
          currency,
          currencyRate: stored.currencyRate.toNumber(),
          currencyQuoteHistoryId: stored.currencyQuoteHistoryId,
          budgetRateChanged,
        },
        ratesBefore,
        ratesAfter,
      );
      await refreshBudgetTotals(tx, id);
    }
    return getBudget(tx, cipher, companyId, id);
  });
}

/** DELETE /api/budgets/{id}: the budget and everything in it (cascades); a sold budget stays, and so does one whose sale was undone (its record is kept). */
export async function deleteBudget(db: Db, caller: BudgetCaller, input: VersionedIdInput) {
  const { companyId } = caller;
  const { id } = input;
  return db.$transaction(async (tx) => {
    const budget = await lockBudget(tx, companyId, id);
    if (!budget) throw notFound();
    await claimVersion(tx, { table: 'budgets', companyId, id, userId: caller.userId, expected: input.version });
    if (budget.status === 'sold') throw new AppError('CONFLICT', { message: BUDGET_MESSAGES.soldDelete });
    if (await tx.sale.count({ where: budgetSalesWhere(companyId, id) }))
      throw new AppError('CONFLICT', { message: SALE_MESSAGES.undoneDelete });
    await tx.budget.delete({ where: { id } });
    return { id, deleted: true as const };
  });
}

/** PUT /api/budgets/{id}/show_values. */
export async function setShowValues(db: Db, caller: BudgetCaller, input: ShowValuesInput) {
  const { id, show_values: showValues } = input;
  return db.$transaction(async (tx) => {
    const version = await claimVersion(tx, {
      table: 'budgets',
      companyId: caller.companyId,
      id,
      userId: caller.userId,
      expected: input.version,
    });
    await tx.budget.update({ where: { id }, data: { showValues } });
    return { id, show_values: showValues, version };
  });
}

/** GET /api/budgets/{id}/observations. */
export async function getObservations(db: Db, companyId: number, id: number) {
  const budget = await db.budget.findFirst({ where: budgetWhere(companyId, id), select: { id: true, observations: true } });
  if (!budget) throw notFound();
  return budget;
}
