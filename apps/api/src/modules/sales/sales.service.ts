// Closing the sale of a budget and undoing it. Each runs in one transaction with the budget row
// locked, so a sale, its undo and the writes inside the budget happen one after the other.
import type { Db, Prisma } from '@app/db';
import {
  type BudgetStatus,
  basisPointsOf,
  businessDate,
  monthlyPlan,
  SALE_MESSAGES,
  type Sale,
  type sellBudgetInput,
  toCurrency,
  type undoSellInput,
  type z,
} from '@app/shared';
import { AppError, fieldError, notFound } from '../../errors';
import type { JobQueue } from '../../platform/jobs';
import { claimVersion } from '../../versions';
import { ownCurrencyTotals } from '../budget-services/own-currency-totals';
import { refreshBudgetTotals } from '../budgets/budget-totals.service';
import { budgetWhere, currentSaleWhere, lockBudget } from '../budgets/budgets.where';
import { cancelSaleReceivables, openSaleReceivables } from '../finance/receivables.service';
import { queueDealPush } from '../integrations/pipedrive.push';
import { refuseUndoWhileNoteLives } from '../nfse/nfse.service';
import { checkedPlan } from './payment-plan';
import { followSalesInAttendance } from './sale-attendance';
import { openSaleReservations } from './sale-reservations';
import { cancelSaleTasks, openSaleTasks } from './sale-tasks';
import { type FrozenService, type SaleSnapshot, saleSelect, toSaleDto } from './sales.dto';
import {
  saleCanceledServicesWhere,
  saleContractsWhere,
  salePaymentMethodWhere,
  saleProposalWhere,
  saleReservationsWhere,
  sellerWhere,
} from './sales.where';

type Tx = Prisma.TransactionClient;
/** `jobs`: the attendance's value and status go to the agency's Pipedrive, when connected. */
export type SaleCaller = { companyId: number; userId: number; jobs: JobQueue };
type SellInput = z.infer<typeof sellBudgetInput>;
type UndoInput = z.infer<typeof undoSellInput>;

const SELLABLE: readonly BudgetStatus[] = ['sent', 'accepted'];
const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

const soldServiceSelect = {
  id: true,
  type: true,
  title: true,
  description: true,
  supplierId: true,
  supplier: { select: { name: true } },
  startDate: true,
  startTime: true,
  endDate: true,
  endTime: true,
  adultNumber: true,
  childNumber: true,
  infantNumber: true,
  currency: true,
  quoteRate: true,
  adultCents: true,
  childCents: true,
  infantCents: true,
  totalCents: true,
  taxesCents: true,
  taxesBasis: true,
  feeCents: true,
  commissionBasisPoints: true,
  details: true,
  saleCents: true,
  costCents: true,
} satisfies Prisma.ServiceSelect;
type SoldServiceRow = Prisma.ServiceGetPayload<{ select: typeof soldServiceSelect }>;

/**
 * What the agency pays the supplier in the service's own currency (the reservation's amount); the
 * stored cost in the budget's currency when the service's pricing cannot be read.
 */
function supplierAmount(s: SoldServiceRow, budgetCurrency: string): { currency: string; amountCents: number } {
  try {
    const totals = ownCurrencyTotals(s);
    return { currency: s.currency, amountCents: totals.cost_cents };
  } catch {
    return { currency: budgetCurrency, amountCents: s.costCents };
  }
}

function frozen(s: SoldServiceRow, budgetCurrency: string): FrozenService {
  const supplier = supplierAmount(s, budgetCurrency);
  return {
    id: s.id,
    type: s.type,
    title: s.title,
    supplier_id: s.supplierId,
    supplier_name: s.supplier?.name ?? null,
    start_date: isoDate(s.startDate),
    end_date: isoDate(s.endDate),
    currency: s.currency,
    quote_rate: s.quoteRate.toNumber(),
    sale_cents: s.saleCents,
    cost_cents: s.costCents,
    description: s.description,
    start_time: s.startTime,
    end_time: s.endTime,
    adult_number: s.adultNumber,
    child_number: s.childNumber,
    infant_number: s.infantNumber,
    supplier_currency: supplier.currency,
    supplier_cost_cents: supplier.amountCents,
  };
}

async function readSale(tx: Tx, id: number): Promise<Sale> {
  return toSaleDto(await tx.sale.findUniqueOrThrow({ where: { id }, select: saleSelect }));
}

/**
 * PUT /api/budgets/sell/{id}: a sent or accepted budget is sold. The proposal (the accepted one
 * unless named) is frozen with its active services, values and quotes; seller, commission and
 * payment plan are recorded; the budget becomes sold, its attendance won, the history says so,
 * each sold service gets a pending reservation unless one stands already, and the sale's checklist
 * becomes tasks of the seller.
 */
export async function sellBudget(db: Db, caller: SaleCaller, input: SellInput): Promise<{ sale: Sale; message: string }> {
  const { companyId } = caller;
  return db.$transaction(async (tx) => {
    const locked = await lockBudget(tx, companyId, input.id);
    if (!locked) throw notFound();
    // A sale of a budget someone changed since the agent read it is refused as such first.
    await claimVersion(tx, { table: 'budgets', companyId, id: locked.id, userId: caller.userId, expected: input.version });
    if (locked.status === 'sold') throw new AppError('CONFLICT', { message: SALE_MESSAGES.alreadySold });
    if (!SELLABLE.includes(locked.status)) throw new AppError('CONFLICT', { message: SALE_MESSAGES.notSellable });
    const budget = await tx.budget.findUniqueOrThrow({
      where: { id: locked.id },
      select: {
        title: true,
        attendanceId: true,
        clientId: true,
        ownerUserId: true,
        startDate: true,
        endDate: true,
        currency: true,
        currencyRate: true,
        acceptedProposalId: true,
        acceptedPaymentMethodId: true,
        acceptedInstallments: true,
        attendance: { select: { status: true } },
      },
    });

    const proposalId = input.proposal_id ?? budget.acceptedProposalId;
    if (!proposalId) throw fieldError('proposal_id', SALE_MESSAGES.proposalRequired);
    const proposal = await tx.proposal.findFirst({
      where: saleProposalWhere(companyId, locked.id, proposalId),
      select: {
        id: true,
        title: true,
        saleCents: true,
        costCents: true,
        services: { where: { status: 'active' }, select: soldServiceSelect, orderBy: [{ position: 'asc' }, { id: 'asc' }] },
      },
    });
    if (!proposal) throw fieldError('proposal_id', SALE_MESSAGES.proposalNotFound);
    if (!proposal.services.length) throw fieldError('proposal_id', SALE_MESSAGES.proposalEmpty);

    const seller = await tx.user.findFirst({
      where: sellerWhere(companyId, input.seller_user_id ?? budget.ownerUserId),
      select: { id: true, name: true },
    });
    if (!seller) throw fieldError('seller_user_id', SALE_MESSAGES.sellerNotFound);

    // What the customer chose when accepting this proposal, unless the agent says otherwise.
    const acceptedChoice = proposal.id === budget.acceptedProposalId && input.payment_method_id === undefined;
    const methodId =
      input.payment_method_id !== undefined ? input.payment_method_id : acceptedChoice ? budget.acceptedPaymentMethodId : null;
    const method = methodId
      ? await tx.paymentMethod.findFirst({ where: salePaymentMethodWhere(companyId, methodId), select: { id: true, name: true } })
      : null;
    if (methodId && !method) throw new AppError('NOT_FOUND', { message: SALE_MESSAGES.paymentMethodNotFound });

    const saleCents = proposal.saleCents;
    const plan = input.payment_plan
      ? checkedPlan(input.payment_plan, saleCents)
      : monthlyPlan(
          saleCents,
          input.installments ?? (acceptedChoice ? budget.acceptedInstallments : null) ?? 1,
          input.first_due_date ?? businessDate(),
        );

    const services = proposal.services.map((s) => frozen(s, budget.currency));
    // What a cancelled service still costs the customer is in the proposal's total: frozen beside.
    const canceled = await tx.service.findMany({
      where: saleCanceledServicesWhere(companyId, proposal.id),
      select: { id: true, type: true, title: true, saleCents: true },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
    });
    const snapshot: SaleSnapshot = {
      proposal: { id: proposal.id, title: proposal.title },
      currency: budget.currency,
      currency_rate: budget.currencyRate.toNumber(),
      payment_method_name: method?.name ?? null,
      services,
      canceled_services: canceled.map((s) => ({ id: s.id, type: s.type, title: s.title, sale_cents: s.saleCents })),
    };
    const soldAt = new Date();
    const sale = await tx.sale.create({
      data: {
        companyId,
        budgetId: locked.id,
        proposalId: proposal.id,
        sellerUserId: seller.id,
        recordedByUserId: caller.userId,
        currency: budget.currency,
        currencyRate: budget.currencyRate,
        saleCents,
        costCents: proposal.costCents,
        commissionBasisPoints: input.commission_basis_points,
        commissionCents: basisPointsOf(saleCents, input.commission_basis_points),
        paymentMethodId: method?.id ?? null,
        paymentPlan: plan,
        snapshot,
        notes: input.notes || null,
        soldAt,
      },
      select: { id: true },
    });
    await tx.budget.update({ where: { id: locked.id }, data: { status: 'sold', soldAt }, select: { id: true } });
    await refreshBudgetTotals(tx, locked.id);
    // The funnel's counts follow the attendance row (triggers); a sale closes it as won, worth its sales.
    const attendanceStatus = budget.attendance.status;
    if (attendanceStatus !== 'won') {
      await tx.attendance.update({
        where: { id: budget.attendanceId },
        data: { status: 'won', closedAt: soldAt, lostReason: null },
        select: { id: true },
      });
    }
    const value = await followSalesInAttendance(tx, companyId, budget.attendanceId);
    await queueDealPush(caller.jobs, tx, companyId, budget.attendanceId);
    await openSaleReservations(tx, { companyId, budgetId: locked.id, saleId: sale.id }, services);
    await openSaleReceivables(tx, { companyId, saleId: sale.id, clientId: budget.clientId, currency: budget.currency }, plan);
    const tasks = await openSaleTasks(
      tx,
      {
        companyId,
        budgetId: locked.id,
        attendanceId: budget.attendanceId,
        sellerUserId: seller.id,
        userId: caller.userId,
        soldAt,
        trip: { start_date: isoDate(budget.startDate), end_date: isoDate(budget.endDate) },
      },
      services,
    );
    await tx.attendanceLog.create({
      data: {
        companyId,
        attendanceId: budget.attendanceId,
        userId: caller.userId,
        action: 'budget_sold',
        // The history shows each change as field: from -> to.
        changes: {
          budget: { from: null, to: budget.title },
          proposal: { from: null, to: proposal.title },
          sale: { from: null, to: toCurrency(saleCents, budget.currency) },
          seller: { from: null, to: seller.name },
          ...(attendanceStatus !== 'won' ? { status: { from: attendanceStatus, to: 'won' } } : {}),
          ...(value ? { value_cents: value } : {}),
          tasks: { from: null, to: tasks },
        },
      },
    });
    return { sale: await readSale(tx, sale.id), message: SALE_MESSAGES.sold };
  });
}

/**
 * PUT /api/budgets/undo-sell/{id}: the sale stays recorded as undone (when, who, why); the budget
 * goes back to accepted (or sent), its attendance back to open unless another of its budgets is
 * still sold; the sale's reservations and the budget's contracts are canceled or kept as asked, the
 * open tasks of its checklist removed (the done ones kept); the history says what was canceled.
 */
export async function undoSale(db: Db, caller: SaleCaller, input: UndoInput) {
  const { companyId } = caller;
  return db.$transaction(async (tx) => {
    const locked = await lockBudget(tx, companyId, input.id);
    if (!locked) throw notFound();
    await claimVersion(tx, { table: 'budgets', companyId, id: locked.id, userId: caller.userId, expected: input.version });
    if (locked.status !== 'sold') throw new AppError('CONFLICT', { message: SALE_MESSAGES.notSold });
    const budget = await tx.budget.findUniqueOrThrow({
      where: { id: locked.id },
      select: { title: true, acceptedAt: true, attendanceId: true, attendance: { select: { status: true } } },
    });
    const now = new Date();
    const sale = await tx.sale.findFirst({ where: currentSaleWhere(companyId, locked.id), select: { id: true } });
    if (sale) await refuseUndoWhileNoteLives(tx, companyId, sale.id);
    const reason = input.reason || null;
    if (sale) await tx.sale.update({ where: { id: sale.id }, data: { undoneAt: now, undoneByUserId: caller.userId, undoReason: reason } });
    if (sale) await cancelSaleReceivables(tx, companyId, sale.id, now);

    const status: BudgetStatus = budget.acceptedAt ? 'accepted' : 'sent';
    await tx.budget.update({ where: { id: locked.id }, data: { status, soldAt: null }, select: { id: true } });
    await refreshBudgetTotals(tx, locked.id);

    const attendanceStatus = budget.attendance.status;
    const otherSold = await tx.budget.count({
      where: { ...budgetWhere(companyId), attendanceId: budget.attendanceId, status: 'sold', id: { not: locked.id } },
    });
    const reopen = otherSold === 0 && (attendanceStatus === 'won' || attendanceStatus === 'canceled');
    if (reopen)
      await tx.attendance.update({ where: { id: budget.attendanceId }, data: { status: 'open', closedAt: null }, select: { id: true } });
    const value = await followSalesInAttendance(tx, companyId, budget.attendanceId);
    await queueDealPush(caller.jobs, tx, companyId, budget.attendanceId);

    const canceledReservations =
      sale && input.reservations === 'cancel'
        ? (
            await tx.reservation.updateMany({
              where: { ...saleReservationsWhere(companyId, sale.id), status: { not: 'canceled' } },
              data: { status: 'canceled', canceledAt: now },
            })
          ).count
        : 0;
    const canceledContracts =
      input.contracts === 'cancel'
        ? (
            await tx.contract.updateMany({
              where: { ...saleContractsWhere(companyId, locked.id), status: { not: 'cancelled' } },
              data: { status: 'cancelled', cancelledAt: now },
            })
          ).count
        : 0;
    const canceledTasks = await cancelSaleTasks(tx, { companyId, budgetId: locked.id, userId: caller.userId });

    await tx.attendanceLog.create({
      data: {
        companyId,
        attendanceId: budget.attendanceId,
        userId: caller.userId,
        action: 'budget_sale_undone',
        changes: {
          budget: { from: null, to: budget.title },
          ...(reopen ? { status: { from: attendanceStatus, to: 'open' } } : {}),
          ...(value ? { value_cents: value } : {}),
          canceled_reservations: { from: null, to: canceledReservations },
          canceled_contracts: { from: null, to: canceledContracts },
          canceled_tasks: { from: null, to: canceledTasks },
          ...(reason ? { reason: { from: null, to: reason } } : {}),
        },
      },
    });
    return {
      budget_id: locked.id,
      status,
      canceled_reservations: canceledReservations,
      canceled_contracts: canceledContracts,
      canceled_tasks: canceledTasks,
      message: SALE_MESSAGES.undone,
    };
  });
}
