// Security-critical: tenant filters only. Every proposal read and write of a tenant goes through
// them, with the company id of the signed-in user.
import type { Prisma } from '@app/db';

/** Security-critical: every proposal lookup of a tenant goes through this filter. */
export function proposalWhere(companyId: number, id: number): Prisma.ProposalWhereInput {
  return { id, companyId };
}
