import { firstName } from '@app/shared';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs';
import { agencyContactSelect, toAgencyContact } from '../landing-pages/landing-pages.dto';
import { unsubscribeLink } from '../marketing-consent/unsubscribe-links';
import { deliverSaleMailing } from '../sales/sale-mailings';
import { contractFileName } from './contracts.dto';

const isoDay = (d: Date | null) => d?.toISOString().slice(0, 10) ?? null;

/**
 * The mail of a contract mailing: the contract's PDF as stored, attached. The mailing is claimed
 * (sent_at) before the mail goes out and released when sending fails, so a retried or repeated job
 * never sends it twice. A contract cancelled since the request, or whose file is gone, sends
 * nothing (released, logged).
 */
export const contractMailingJob: JobDefinition<{ mailing_id: number }> = {
  name: 'contracts.mailing',
  payload: z.strictObject({ mailing_id: z.number().int().positive() }),
  async handle({ mailing_id }, { db, mailer, config, storage, log }, run) {
    await deliverSaleMailing({ db, mailer }, run, mailing_id, 'contract', async () => {
      const mailing = await db.saleMailing.findUniqueOrThrow({
        where: { id: mailing_id },
        select: {
          companyId: true,
          recipients: true,
          message: true,
          userId: true,
          contract: {
            select: {
              status: true,
              fileKey: true,
              budget: {
                select: {
                  title: true,
                  destination: true,
                  startDate: true,
                  endDate: true,
                  client: { select: { id: true, name: true } },
                  company: { select: agencyContactSelect },
                },
              },
            },
          },
        },
      });
      const contract = mailing.contract;
      const file = contract?.fileKey && contract.status !== 'cancelled' ? await storage.get(contract.fileKey) : null;
      if (!contract || !file) {
        log.error({ mailing_id }, 'contract mailing not sent: the contract is cancelled or its PDF is gone');
        return null;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      const { budget } = contract;
      const agency = toAgencyContact(budget.company);
      const user = mailing.userId
        ? await db.user.findFirst({ where: { id: mailing.userId, companyId: mailing.companyId }, select: { name: true, email: true } })
        : null;
      return (await import('./contracts.mails')).contractMail(config.appUrl, {
        to: mailing.recipients,
        agency,
        trip: {
          title: budget.title,
          destination: budget.destination,
          startDate: isoDay(budget.startDate),
          endDate: isoDay(budget.endDate),
        },
        clientName: firstName(budget.client.name),
        sender: user ? { name: firstName(user.name), email: user.email } : { name: agency.name, email: agency.email },
        message: mailing.message,
        pdf: { filename: contractFileName(budget.title), content: Buffer.concat(chunks), contentType: 'application/pdf' },
        unsubscribe: unsubscribeLink(config, budget.client.id),
      });
    });
  },
};

export const contractsJobs = [contractMailingJob] as JobDefinition<unknown>[];
