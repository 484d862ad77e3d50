// The rows a budget's writes add one request at a time, counted against BUDGET_LIMITS (the lists a
// request sends whole are capped by their schemas).
import type { Prisma } from '@app/db';
import { BUDGET_LIMITS, type BudgetLimitKey } from '@app/shared';
import { AppError } from '../../errors';

type Tx = Prisma.TransactionClient;

/**
 * The rows each counted limit is about, by the id of what holds them (a budget; a proposal for
 * servicesPerProposal). The caller has already found that holder among its agency's (lockBudget).
 */
const COUNTS = {
  proposals: (tx: Tx, budgetId: number) => tx.proposal.count({ where: { budgetId } }),
  servicesPerBudget: (tx: Tx, budgetId: number) => tx.service.count({ where: { budgetId } }),
  servicesPerProposal: (tx: Tx, proposalId: number) => tx.service.count({ where: { proposalId } }),
  recommendations: (tx: Tx, budgetId: number) => tx.recommendation.count({ where: { budgetId } }),
  financialComments: (tx: Tx, budgetId: number) => tx.financialTableComment.count({ where: { budgetId } }),
} satisfies Partial<Record<BudgetLimitKey, (tx: Tx, holderId: number) => Promise<number>>>;

/** The 400 of a write past a limit; `field` carries the message too, for the form that sent it. */
export function limitExceeded(key: BudgetLimitKey, field: string): AppError {
  const { message } = BUDGET_LIMITS[key];
  return new AppError('VALIDATION', { message, errors: { [field]: [message] } });
}

/**
 * Refuses a write that would add `adding` rows past a limit, before anything is written. Runs
 * under the budget's lock (lockBudget), so two writes cannot both pass on the same count.
 */
export async function assertRoom(tx: Tx, key: keyof typeof COUNTS, holderId: number, adding: number, field: string): Promise<void> {
  if ((await COUNTS[key](tx, holderId)) + adding > BUDGET_LIMITS[key].max) throw limitExceeded(key, field);
}

type TreeSizes = Record<'proposals' | 'servicesPerBudget' | 'servicesPerProposal' | 'paxes' | 'recommendations', number>;

/**
 * Refuses to copy a budget whose tree is past a limit (one stored before the limits): the copy
 * would be a budget no write could have made. One read of the sizes a copy takes over.
 */
export async function assertCopyWithinLimits(tx: Tx, budgetId: number, field: string): Promise<void> {
  const [sizes] = await tx.$queryRaw<TreeSizes[]>`
    SELECT
      (SELECT count(*) FROM proposals WHERE budget_id = ${budgetId})::int AS "proposals",
      (SELECT count(*) FROM services WHERE budget_id = ${budgetId})::int AS "servicesPerBudget",
      (SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM services WHERE budget_id = ${budgetId} GROUP BY proposal_id) p)::int
        AS "servicesPerProposal",
      (SELECT count(*) FROM budget_paxes WHERE budget_id = ${budgetId})::int AS "paxes",
      (SELECT count(*) FROM recommendations WHERE budget_id = ${budgetId})::int AS "recommendations"`;
  if (!sizes) return;
  for (const key of Object.keys(sizes) as (keyof TreeSizes)[]) if (sizes[key] > BUDGET_LIMITS[key].max) throw limitExceeded(key, field);
}
