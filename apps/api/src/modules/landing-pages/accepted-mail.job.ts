import { firstName } from '@app/shared';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs';
import { deliverOnce } from '../../platform/mail-deliveries';

/**
 * Tells the budget's agent that the customer accepted: once per acceptance (deliverOnce, keyed by
 * its moment), then marked (accepted_notified_at), so a retried or repeated job never sends it twice.
 */
export const budgetAcceptedMailJob: JobDefinition<{ budget_id: number }> = {
  name: 'landing-pages.accepted-mail',
  payload: z.strictObject({ budget_id: z.number().int().positive() }),
  async handle({ budget_id }, { db, mailer, config }, run) {
    const budget = await db.budget.findFirst({
      where: { id: budget_id, status: 'accepted', acceptedNotifiedAt: null, acceptedAt: { not: null } },
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
    const acceptedAt = budget?.acceptedAt;
    if (!budget || !acceptedAt) return;
    const method = budget.acceptedPaymentMethodId
      ? await db.paymentMethod.findFirst({
          where: { id: budget.acceptedPaymentMethodId, companyId: budget.companyId },
          select: { name: true },
        })
      : null;
    const delivered = await deliverOnce({ db, mailer }, run, `budget-accepted:${budget_id}:${acceptedAt.getTime()}`, async () =>
      (await import('./landing-pages.mails')).budgetAcceptedMail(config.appUrl, {
        to: budget.owner.email,
        agentName: firstName(budget.owner.name),
        budgetId: budget_id,
        budgetTitle: budget.title,
        proposalTitle: budget.acceptedProposal?.title ?? '',
        customerName: budget.acceptedByName ?? '',
        customerEmail: budget.acceptedByEmail ?? '',
        paymentMethod: method?.name ?? null,
        installments: budget.acceptedInstallments,
        acceptedAt,
      }),
    );
    if (delivered) await db.budget.updateMany({ where: { id: budget_id, acceptedAt }, data: { acceptedNotifiedAt: new Date() } });
  },
};
