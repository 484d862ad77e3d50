// Security-critical: tenant filters of reservations and of the rows a reservation names (its sold
// service and its supplier). The budget is locked through budgets.where (lockBudget).
import type { Prisma } from '@app/db';

/** Security-critical: every reservation lookup of a tenant goes through this filter. */
export function reservationWhere(companyId: number, id?: number): Prisma.ReservationWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/** Security-critical: a service of the caller's budget. */
export function reservationServiceWhere(companyId: number, budgetId: number, id: number): Prisma.ServiceWhereInput {
  return { id, companyId, budgetId };
}

/** Security-critical: one of the caller's suppliers. */
export function reservationSupplierWhere(companyId: number, id: number): Prisma.SupplierWhereInput {
  return { id, companyId };
}
