import { firstName } from '@app/shared';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs';
import { budgetAcceptedMail } from './landing-pages.mails';

/**
 * Tells the budget's agent that the customer accepted. The notice is claimed (accepted_notified_at)
 * before it is sent and released if sending fails: a retried or repeated job never sends it twice.
 */
export const budgetAcceptedMailJob: JobDefinition<{ budget_id: number }> = {
  name: 'landing-pages.accepted-mail',
  payload: z.strictObject({ budget_id: z.number().int().positive() }),
  async handle({ budget_id }, { db, mailer, config }) {
    const claimed = await db.budget.updateMany({
      where: { id: budget_id, status: 'accepted', acceptedNotifiedAt: null, acceptedAt: { not: null } },
      data: { acceptedNotifiedAt: new Date() },
    });
    if (claimed.count === 0) return;
    const budget = await db.budget.findUniqueOrThrow({
      where: { id: budget_id },
      select: {
        title: true,
        acceptedAt: true,
        acceptedByName: true,
        acceptedByEmail: true,
        acceptedInstallments: true,
        acceptedPaymentMethodId: true,
        companyId: true,
        owner: { select: { name: true, email: true } },
        acceptedProposal: { select: { title: true } },
      },
    });
    const method = budget.acceptedPaymentMethodId
      ? await db.paymentMethod.findFirst({
          where: { id: budget.acceptedPaymentMethodId, companyId: budget.companyId },
          select: { name: true },
        })
      : null;
    try {
      await mailer.send(
        await budgetAcceptedMail(config.appUrl, {
          to: budget.owner.email,
          agentName: firstName(budget.owner.name),
          budgetId: budget_id,
          budgetTitle: budget.title,
          proposalTitle: budget.acceptedProposal?.title ?? '',
          customerName: budget.acceptedByName ?? '',
          customerEmail: budget.acceptedByEmail ?? '',
          paymentMethod: method?.name ?? null,
          installments: budget.acceptedInstallments,
          acceptedAt: budget.acceptedAt ?? new Date(),
        }),
      );
    } catch (error) {
      await db.budget.updateMany({ where: { id: budget_id }, data: { acceptedNotifiedAt: null } });
      throw error;
    }
  },
};
