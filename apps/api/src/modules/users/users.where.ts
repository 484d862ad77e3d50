// Security-critical: tenant filters only. Every user lookup of a tenant goes through them.
import type { Prisma } from '@app/db';

export function userWhere(companyId: number, id?: number): Prisma.UserWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}
