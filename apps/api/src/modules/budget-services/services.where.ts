// Security-critical: tenant filters only. Every read and write of a budget's service, and of the rows
// it points at (the proposal, the supplier, reference-list rows, a favourite hotel), goes through
// them with the signed-in user's company.
import type { Prisma } from '@app/db';
import { visibleWhere } from '../reference-lists/reference-lists.where';

/** Security-critical: every service lookup of a tenant goes through this filter. */
export function serviceWhere(companyId: number, id?: number): Prisma.ServiceWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/** Security-critical: the agency's own supplier. */
export function serviceSupplierWhere(companyId: number, id: number): Prisma.SupplierWhereInput {
  return { id, companyId };
}

/** Security-critical: reference-list rows a service may point at (the system's and the agency's own). */
export function serviceReferenceWhere(companyId: number, ids: number[]): Prisma.ReferenceItemWhereInput {
  return { id: { in: ids }, ...visibleWhere(companyId) };
}

/** Security-critical: the agency's own favourite hotel. */
export function serviceHotelWhere(companyId: number, id: number): Prisma.FavoriteHotelWhereInput {
  return { id, companyId };
}
