// Sending a budget to its customer by e-mail: the request (a mailing row, the budget marked sent,
// the attendance's log) in one transaction, the mail itself in budgetMailingJob.
import type { Db } from '@app/db';
import { BUDGET_MAIL_MESSAGES, type BudgetStatus, LANDING_PAGE_MESSAGES } from '@app/shared';
import { AppError, notFound } from '../../errors';
import type { JobQueue } from '../../platform/jobs';
import { checkVersion, claimVersion } from '../../versions';
import { budgetWhere, lockBudget } from '../budgets/budgets.where';
import { budgetMailingJob } from './budget-documents.jobs';
import { mailingProposalsWhere } from './budget-documents.where';

export type MailingRequest = {
  kind: 'budget' | 'proposals';
  to: string[];
  message: string | null | undefined;
  /** send-proposals: the proposals the mail carries (each must be of the budget). */
  proposalIds: number[];
  /** The budget's version the agent sent from (versions.ts); undefined: not checked. */
  version?: number;
};

/**
 * Records the mailing and enqueues it. A draft becomes sent (sent_at now) and the attendance's log
 * says so; a canceled budget or a revoked link is refused (409): the mailed link would not open.
 */
export async function queueBudgetMailing(
  deps: { db: Db; jobs: JobQueue },
  caller: { companyId: number; userId: number },
  budgetId: number,
  request: MailingRequest,
): Promise<{ mailing_id: number; status: 'queued'; budget_status: BudgetStatus }> {
  const { companyId } = caller;
  const proposalIds = [...new Set(request.proposalIds)];
  const result = await deps.db.$transaction(async (tx) => {
    const locked = await lockBudget(tx, companyId, budgetId);
    if (!locked) throw notFound();
    // What goes out is the budget the agent saw; a draft becoming sent is an edit of it (its version moves).
    const version = { table: 'budgets' as const, companyId, id: budgetId, expected: request.version };
    if (locked.status === 'draft') await claimVersion(tx, { ...version, userId: caller.userId });
    else await checkVersion(tx, version);
    if (locked.status === 'canceled') throw new AppError('CONFLICT', { message: BUDGET_MAIL_MESSAGES.canceled });
    const budget = await tx.budget.findFirstOrThrow({
      where: budgetWhere(companyId, budgetId),
      select: { attendanceId: true, landingPageEnabled: true, title: true },
    });
    if (!budget.landingPageEnabled) throw new AppError('CONFLICT', { message: BUDGET_MAIL_MESSAGES.linkRevoked });
    if (
      proposalIds.length &&
      (await tx.proposal.count({ where: mailingProposalsWhere(companyId, budgetId, proposalIds) })) !== proposalIds.length
    ) {
      throw new AppError('NOT_FOUND', { message: LANDING_PAGE_MESSAGES.proposalNotFound });
    }
    const mailing = await tx.budgetMailing.create({
      data: {
        companyId,
        budgetId,
        userId: caller.userId,
        kind: request.kind,
        recipients: request.to,
        proposalIds,
        message: request.message || null,
      },
      select: { id: true },
    });
    const status: BudgetStatus = locked.status === 'draft' ? 'sent' : locked.status;
    if (locked.status === 'draft') await tx.budget.update({ where: { id: budgetId }, data: { status, sentAt: new Date() } });
    await tx.attendanceLog.create({
      data: {
        companyId,
        attendanceId: budget.attendanceId,
        userId: caller.userId,
        action: 'budget_sent',
        // The history shows each change as field: from -> to.
        changes: { budget: { from: null, to: budget.title }, recipients: { from: null, to: request.to.join(', ') } },
      },
    });
    await deps.jobs.enqueueIn(tx, budgetMailingJob, { mailing_id: mailing.id });
    return { mailing_id: mailing.id, status: 'queued' as const, budget_status: status };
  });
  await deps.jobs.flush();
  return result;
}
