// Security-critical: tenant filters of a sale and of the rows a sale names (its proposal, seller and
// payment method). The budget itself is reached through budgets.where (budgetWhere, lockBudget).
import type { Prisma } from '@app/db';
import { saleTaskSourceKey } from '@app/shared';

/** Security-critical: a proposal of the caller's budget. */
export function saleProposalWhere(companyId: number, budgetId: number, id: number): Prisma.ProposalWhereInput {
  return { id, companyId, budgetId };
}

/** Security-critical: the cancelled services of a proposal of the caller's agency. */
export function saleCanceledServicesWhere(companyId: number, proposalId: number): Prisma.ServiceWhereInput {
  return { companyId, proposalId, status: 'canceled' };
}

/** Security-critical: an active user of the caller's agency (who sold). */
export function sellerWhere(companyId: number, id: number): Prisma.UserWhereInput {
  return { id, companyId, status: 'active' };
}

/** Security-critical: one of the caller's payment methods. */
export function salePaymentMethodWhere(companyId: number, id: number): Prisma.PaymentMethodWhereInput {
  return { id, companyId };
}

/** Security-critical: the reservations made for one of the caller's sales. */
export function saleReservationsWhere(companyId: number, saleId: number): Prisma.ReservationWhereInput {
  return { companyId, saleId };
}

/** Security-critical: the contracts of one of the caller's budgets. */
export function saleContractsWhere(companyId: number, budgetId: number): Prisma.ContractWhereInput {
  return { companyId, budgetId };
}

/** Security-critical: the vouchers of one of the caller's budgets. */
export function saleVouchersWhere(companyId: number, budgetId: number): Prisma.VoucherWhereInput {
  return { companyId, budgetId };
}

/** Security-critical: the caller's tasks of a sale's checklist, by source key. */
export function saleTasksWhere(companyId: number, sourceKeys: string[]): Prisma.TaskWhereInput {
  return { companyId, sourceKey: { in: sourceKeys } };
}

/** Security-critical: the open (not done) tasks the sales of one of the caller's budgets made. */
export function saleOpenTasksWhere(companyId: number, budgetId: number): Prisma.TaskWhereInput {
  return { companyId, status: { not: 'done' }, sourceKey: { startsWith: saleTaskSourceKey(budgetId, '') } };
}

/** Security-critical: the standing (not undone) sales of the budgets of one of the caller's attendances. */
export function attendanceSalesWhere(companyId: number, attendanceId: number): Prisma.SaleWhereInput {
  return { companyId, undoneAt: null, budget: { companyId, attendanceId } };
}
