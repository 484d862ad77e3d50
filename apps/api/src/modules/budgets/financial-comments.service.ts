// The agency's comments on the lines of a budget's total-value table (financial_table_comments
// feature, checked by the procedures): who said what, when; never shown to the customer.
import type { Db } from '@app/db';
import { type AddFinancialCommentInput, CLIENT_FIELD_MESSAGES, type FinancialComment } from '@app/shared';
import { fieldError, notFound } from '../../errors';
import { assertRoom } from './budget-limits';
import { budgetWhere, lockBudget } from './budgets.where';

const commentSelect = {
  id: true,
  budgetId: true,
  proposalId: true,
  line: true,
  body: true,
  createdAt: true,
  user: { select: { id: true, name: true } },
} as const;

type CommentRow = {
  id: number;
  budgetId: number;
  proposalId: number | null;
  line: string;
  body: string;
  createdAt: Date;
  user: { id: number; name: string } | null;
};

const toComment = (c: CommentRow): FinancialComment => ({
  id: c.id,
  budget_id: c.budgetId,
  proposal_id: c.proposalId,
  line: c.line,
  body: c.body,
  user: c.user,
  created_at: c.createdAt.toISOString(),
});

async function assertBudget(db: Db, companyId: number, id: number) {
  const budget = await db.budget.findFirst({ where: budgetWhere(companyId, id), select: { id: true } });
  if (!budget) throw notFound();
}

/** GET /api/budgets/{id}/financial_table_comments: oldest first, as a conversation reads. */
export async function listFinancialComments(db: Db, companyId: number, id: number) {
  await assertBudget(db, companyId, id);
  const rows = await db.financialTableComment.findMany({
    where: { budgetId: id, companyId },
    select: commentSelect,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return { comments: rows.map(toComment) };
}

/**
 * POST /api/budgets/{id}/financial_table_comments: a comment by the caller. The proposal must be
 * one of this budget's, and a service line ('service:12') one of its services (else 400).
 */
export async function addFinancialComment(db: Db, companyId: number, userId: number, input: AddFinancialCommentInput) {
  // Under the budget's lock: the count of its comments holds until this one is in.
  return db.$transaction(async (tx) => {
    if (!(await lockBudget(tx, companyId, input.id))) throw notFound();
    await assertRoom(tx, 'financialComments', input.id, 1, 'body');
    if (input.proposal_id) {
      const proposal = await tx.proposal.findFirst({
        where: { id: input.proposal_id, budgetId: input.id, companyId },
        select: { id: true },
      });
      if (!proposal) throw fieldError('proposal_id', CLIENT_FIELD_MESSAGES.notFound);
    }
    const serviceId = input.line.startsWith('service:') ? Number(input.line.slice('service:'.length)) : null;
    if (serviceId !== null) {
      const service =
        serviceId <= 2_147_483_647
          ? await tx.service.findFirst({
              where: { id: serviceId, budgetId: input.id, companyId, ...(input.proposal_id ? { proposalId: input.proposal_id } : {}) },
              select: { id: true },
            })
          : null;
      if (!service) throw fieldError('line', CLIENT_FIELD_MESSAGES.notFound);
    }
    const row = await tx.financialTableComment.create({
      data: { companyId, budgetId: input.id, proposalId: input.proposal_id ?? null, line: input.line, body: input.body, userId },
      select: commentSelect,
    });
    return toComment(row);
  });
}
