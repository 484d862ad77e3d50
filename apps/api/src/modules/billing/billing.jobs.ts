import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs';
import { deliverOnce } from '../../platform/mail-deliveries';
import { ENDED_STATUSES } from '../../platform/payments';

/**
 * Tells the agency's owners that the trial ends soon. Enqueued once per trial_will_end event;
 * each owner is mailed once by the job (a retry skips those reached), and nothing once the trial is over.
 */
export const trialWillEndMailJob: JobDefinition<{ company_id: number }> = {
  name: 'billing.trial-will-end-mail',
  payload: z.strictObject({ company_id: z.number().int().positive() }),
  async handle({ company_id }, { db, mailer, config }, run) {
    const company = await db.company.findUnique({
      where: { id: company_id },
      select: {
        name: true,
        subscription: { select: { status: true, trialEndsAt: true } },
        users: { where: { role: 'owner', status: 'active' }, select: { name: true, email: true } },
      },
    });
    const trialEnd = company?.subscription?.status === 'trialing' ? company.subscription.trialEndsAt : null;
    if (!company || !trialEnd || trialEnd.getTime() <= Date.now()) return;
    for (const owner of company.users)
      await deliverOnce({ db, mailer }, run, `trial-will-end:${run.key}:${owner.email}`, async () =>
        (await import('./billing.mails')).trialWillEndMail(config.appUrl, owner.email, owner.name, company.name, trialEnd),
      );
  },
};

/**
 * A company paid a new subscription while an older one was still live: the older one is
 * canceled so it is never charged again. Retrying is safe: an ended subscription, or one that
 * became a company's current subscription again, is left alone.
 */
export const cancelReplacedSubscriptionJob: JobDefinition<{ subscription_id: string }> = {
  name: 'billing.cancel-replaced-subscription',
  payload: z.object({ subscription_id: z.string().min(1).max(255) }),
  async handle({ subscription_id }, { db, payments }) {
    if (await db.subscription.findUnique({ where: { stripeSubscriptionId: subscription_id }, select: { id: true } })) return;
    const sub = await payments.retrieveSubscription(subscription_id);
    if (sub && !ENDED_STATUSES.includes(sub.status)) await payments.cancelSubscription(subscription_id);
  },
};

export const billingJobs = [trialWillEndMailJob, cancelReplacedSubscriptionJob] as JobDefinition<unknown>[];
