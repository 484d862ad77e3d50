// Security-critical: tenant filters of the vouchers. Every voucher read and write of a tenant goes
// through them, with the company id of the signed-in user.
import type { Prisma } from '@app/db';

/** Security-critical: one of the caller's vouchers. */
export function voucherWhere(companyId: number, id: number): Prisma.VoucherWhereInput {
  return { id, companyId };
}

/** Security-critical: the caller's vouchers of one budget (only those among `ids` when given). */
export function budgetVouchersWhere(companyId: number, budgetId: number, ids?: number[]): Prisma.VoucherWhereInput {
  return { companyId, budgetId, ...(ids ? { id: { in: ids } } : {}) };
}

/** Security-critical: a service of the sold proposal of one of the caller's budgets. */
export function soldServiceWhere(companyId: number, budgetId: number, proposalId: number, id: number): Prisma.ServiceWhereInput {
  return { id, companyId, budgetId, proposalId };
}
