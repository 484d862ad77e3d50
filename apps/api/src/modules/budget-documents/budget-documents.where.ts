// Security-critical: tenant filters of the budget mailings.
import type { Prisma } from '@app/db';

/** Security-critical: the caller's proposals among `ids`, of one of its budgets. */
export function mailingProposalsWhere(companyId: number, budgetId: number, ids: number[]): Prisma.ProposalWhereInput {
  return { companyId, budgetId, id: { in: ids } };
}
