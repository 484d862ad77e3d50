// Security-critical: tenant filters only. Which company a caller may address by id.
import type { Prisma } from '@app/db';
import type { Role } from '@app/shared';

/** Staff reach only their own company, a super_admin any: another company's id matches nothing (404, like a missing one). */
export function companyWhere(actor: { role: Role; companyId: number }, id: number): Prisma.CompanyWhereInput {
  return actor.role === 'super_admin' ? { id } : { AND: [{ id }, { id: actor.companyId }] };
}
