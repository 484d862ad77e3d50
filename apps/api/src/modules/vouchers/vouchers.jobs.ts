import { firstName } from '@app/shared';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs';
import type { MailAttachment } from '../../platform/mail';
import type { Storage } from '../../platform/storage';
import { agencyContactSelect, toAgencyContact } from '../landing-pages/landing-pages.dto';
import { unsubscribeLink } from '../marketing-consent/unsubscribe-links';
import { deliverSaleMailing } from '../sales/sale-mailings';
import { voucherShareLinks } from './voucher-share';

/**
 * The files a mail carries, in all: mail servers refuse messages over 20-25 MB, and base64 makes
 * the files a third larger. Vouchers beyond it go by their link only.
 */
export const VOUCHER_MAIL_ATTACHMENTS_MAX_BYTES = 15 * 1024 * 1024;

async function readStored(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The mail of a vouchers mailing: the vouchers as they are when the job runs (one deleted since
 * the request is left out), their files attached up to the size cap, every one's link listed.
 * Sent once (deliverSaleMailing); the vouchers it listed are marked sent once it went out.
 */
export const voucherMailingJob: JobDefinition<{ mailing_id: number }> = {
  name: 'vouchers.mailing',
  payload: z.strictObject({ mailing_id: z.number().int().positive() }),
  async handle({ mailing_id }, { db, mailer, config, storage, log }, run) {
    const mailing = await db.saleMailing.findUniqueOrThrow({
      where: { id: mailing_id },
      select: { companyId: true, budgetId: true, voucherIds: true, recipients: true, message: true, userId: true },
    });
    const { companyId, budgetId } = mailing;
    const delivered = await deliverSaleMailing({ db, mailer }, run, mailing_id, 'vouchers', async () => {
      const vouchers = await db.voucher.findMany({
        where: { companyId, budgetId, id: { in: mailing.voucherIds } },
        select: { id: true, fileKey: true, filename: true, contentType: true, size: true, service: { select: { title: true } } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      if (vouchers.length === 0) {
        log.error({ mailing_id }, 'vouchers mailing not sent: its vouchers were deleted');
        return null;
      }
      const budget = await db.budget.findFirstOrThrow({
        where: { id: budgetId, companyId },
        select: {
          title: true,
          destination: true,
          startDate: true,
          endDate: true,
          client: { select: { id: true, name: true } },
          owner: { select: { name: true, email: true } },
          company: { select: agencyContactSelect },
        },
      });
      const sender =
        (mailing.userId
          ? await db.user.findFirst({ where: { id: mailing.userId, companyId }, select: { name: true, email: true } })
          : null) ?? budget.owner;
      const links = voucherShareLinks(
        config,
        vouchers.map((v) => ({ id: v.id, filename: v.filename, serviceTitle: v.service?.title ?? null })),
      );
      const attachments: MailAttachment[] = [];
      let room = VOUCHER_MAIL_ATTACHMENTS_MAX_BYTES;
      const listed = [];
      for (const [i, v] of vouchers.entries()) {
        const content = v.size <= room ? await readStored(storage, v.fileKey) : null;
        if (content) {
          attachments.push({ filename: v.filename, content, contentType: v.contentType });
          room -= content.length;
        }
        listed.push({ ...(links[i] as (typeof links)[number]), attached: !!content, size: v.size });
      }
      return (await import('./vouchers.mails')).vouchersMail(config.appUrl, {
        to: mailing.recipients,
        agency: toAgencyContact(budget.company),
        trip: {
          title: budget.title,
          destination: budget.destination,
          startDate: budget.startDate?.toISOString().slice(0, 10) ?? null,
          endDate: budget.endDate?.toISOString().slice(0, 10) ?? null,
        },
        clientName: firstName(budget.client.name),
        sender: { name: firstName(sender.name), email: sender.email },
        message: mailing.message,
        vouchers: listed,
        attachments,
        unsubscribe: unsubscribeLink(config, budget.client.id),
      });
    });
    if (!delivered) return;
    await db.voucher.updateMany({ where: { companyId, id: { in: mailing.voucherIds } }, data: { sentAt: new Date() } });
  },
};

export const vouchersJobs = [voucherMailingJob] as JobDefinition<unknown>[];
