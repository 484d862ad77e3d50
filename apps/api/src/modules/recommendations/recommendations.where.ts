// Security-critical: tenant filters only. Every recommendation read and write of a tenant goes
// through them, with the company id of the signed-in user.
import type { Prisma } from '@app/db';

/** Security-critical: every recommendation lookup of a tenant goes through this filter. */
export function recommendationWhere(companyId: number, id: number): Prisma.RecommendationWhereInput {
  return { id, companyId };
}
