import { firstName } from '@app/shared';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { JobDefinition } from '../../platform/jobs';
import { deliverOnce } from '../../platform/mail-deliveries';
import { loadLandingPage } from '../landing-pages/landing-page.service';
import { unsubscribeLink } from '../marketing-consent/unsubscribe-links';
import { agencyLogo } from './budget-logo';

/** A file name for the PDF from the budget's title (no path separators or characters mail clients refuse). */
export const pdfFileName = (title: string) => `${title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim() || 'orcamento'}.pdf`;

/**
 * The mail of a budget mailing: the customer's page as it is when the job runs, its PDF attached,
 * sent once (deliverOnce) and then marked sent. A link revoked or a budget canceled since the
 * request sends nothing: the mail would lead to an invalid page.
 */
export const budgetMailingJob: JobDefinition<{ mailing_id: number }> = {
  name: 'budget-documents.mailing',
  payload: z.strictObject({ mailing_id: z.number().int().positive() }),
  async handle({ mailing_id }, { db, mailer, config, storage, log, pdf: pdfs }, run) {
    const sent = await deliverOnce({ db, mailer }, run, `budget-mailing:${mailing_id}`, async () => {
      const mailing = await db.budgetMailing.findUniqueOrThrow({
        where: { id: mailing_id },
        select: {
          kind: true,
          recipients: true,
          proposalIds: true,
          message: true,
          userId: true,
          companyId: true,
          budget: { select: { landingPageId: true, clientId: true, owner: { select: { name: true, email: true } } } },
        },
      });
      const page = await loadLandingPage(
        db,
        mailing.budget.landingPageId,
        mailing.proposalIds.length ? { proposalIds: mailing.proposalIds } : {},
      ).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
        throw error;
      });
      if (!page) {
        log.error({ mailing_id }, 'budget mailing not sent: the landing link is no longer valid');
        return null;
      }
      // Who sent it, else the budget's owner (a user since removed): the customer's replies go to a person of the agency.
      const sender =
        (mailing.userId
          ? await db.user.findFirst({ where: { id: mailing.userId, companyId: mailing.companyId }, select: { name: true, email: true } })
          : null) ?? mailing.budget.owner;
      const pdf = await pdfs.budget(page, () => agencyLogo(storage, page.agency.logo_url));
      return (await import('./budget-documents.mails')).budgetMail(config.appUrl, {
        to: mailing.recipients,
        page,
        kind: mailing.kind,
        sender: { name: firstName(sender.name), email: sender.email },
        message: mailing.message,
        pdf: { filename: pdfFileName(page.title), content: pdf, contentType: 'application/pdf' },
        unsubscribe: unsubscribeLink(config, mailing.budget.clientId),
      });
    });
    if (sent) await db.budgetMailing.updateMany({ where: { id: mailing_id, sentAt: null }, data: { sentAt: new Date() } });
  },
};

export const budgetDocumentsJobs = [budgetMailingJob] as JobDefinition<unknown>[];
