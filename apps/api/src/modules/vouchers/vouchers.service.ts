// Vouchers of a sold budget: the files (one per sold service or for the whole trip), their signed
// links, and sending them to the client (the request here, the mail in voucherMailingJob).
import { randomUUID } from 'node:crypto';
import type { Db, Prisma } from '@app/db';
import {
  FILE_EXTENSIONS,
  type SendVouchersInput,
  type SendVouchersOutput,
  type UploadVoucherFields,
  VOUCHER_MESSAGES,
  type Voucher,
} from '@app/shared';
import type { Config } from '../../config';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import type { JobQueue } from '../../platform/jobs';
import { currentSaleWhere, lockBudget } from '../budgets/budgets.where';
import type { UploadedFile } from '../uploads/uploaded-file';
import { verifyVoucherFileSignature, voucherFileUrl } from './voucher-links';
import { voucherShareLinks, vouchersWhatsappUrl } from './voucher-share';
import { voucherMailingJob } from './vouchers.jobs';
import { budgetVouchersWhere, soldServiceWhere, voucherWhere } from './vouchers.where';

/** What a voucher's answer reads (with toVoucherDto). */
export const voucherSelect = {
  id: true,
  budgetId: true,
  serviceId: true,
  service: { select: { title: true } },
  filename: true,
  contentType: true,
  size: true,
  sentAt: true,
  createdAt: true,
} satisfies Prisma.VoucherSelect;
type VoucherRow = Prisma.VoucherGetPayload<{ select: typeof voucherSelect }>;

export function toVoucherDto(config: Pick<Config, 'jwtSecret'>, v: VoucherRow): Voucher {
  return {
    id: v.id,
    budget_id: v.budgetId,
    service_id: v.serviceId,
    service_title: v.service?.title ?? null,
    filename: v.filename,
    content_type: v.contentType,
    size: v.size,
    url: voucherFileUrl(config, v),
    sent_at: v.sentAt?.toISOString() ?? null,
    created_at: v.createdAt.toISOString(),
  };
}

/**
 * Locks the caller's budget (an undo of the sale waits for us, and we for it) and answers its sold
 * proposal; 404 for no such budget, 409 when it is not sold.
 */
async function lockSoldBudget(tx: Prisma.TransactionClient, companyId: number, budgetId: number): Promise<{ proposalId: number | null }> {
  const locked = await lockBudget(tx, companyId, budgetId);
  if (!locked) throw notFound();
  const sale = await tx.sale.findFirst({ where: currentSaleWhere(companyId, budgetId), select: { proposalId: true } });
  if (locked.status !== 'sold' || !sale) throw new AppError('CONFLICT', { message: VOUCHER_MESSAGES.notSold });
  return sale;
}

/**
 * POST /api/vouchers/upload. The file is written once the budget is known to be sold (and the
 * service to be of its sold proposal), and removed again if the row is not committed.
 */
export async function uploadVoucher(
  s: Pick<Deps, 'db' | 'config' | 'platform'>,
  caller: { companyId: number; userId: number },
  fields: UploadVoucherFields,
  file: UploadedFile,
): Promise<Voucher> {
  const { companyId } = caller;
  const key = `vouchers/${companyId}/${randomUUID()}.${FILE_EXTENSIONS[file.contentType]}`;
  let written = false;
  try {
    const row = await s.db.$transaction(async (tx) => {
      const sale = await lockSoldBudget(tx, companyId, fields.budget_id);
      if (fields.service_id !== undefined) {
        const service =
          sale.proposalId === null
            ? null
            : await tx.service.findFirst({
                where: soldServiceWhere(companyId, fields.budget_id, sale.proposalId, fields.service_id),
                select: { id: true },
              });
        if (!service) throw new AppError('NOT_FOUND', { message: VOUCHER_MESSAGES.serviceNotFound });
      }
      written = true;
      await s.platform.storage.put(key, file.data);
      return tx.voucher.create({
        data: {
          companyId,
          budgetId: fields.budget_id,
          serviceId: fields.service_id ?? null,
          fileKey: key,
          filename: file.filename,
          contentType: file.contentType,
          size: file.data.length,
          createdByUserId: caller.userId,
        },
        select: voucherSelect,
      });
    });
    return toVoucherDto(s.config, row);
  } catch (error) {
    if (written) await s.platform.storage.delete(key);
    throw error;
  }
}

/** GET /api/vouchers/{id}: the voucher with a fresh short-lived link. */
export async function getVoucher(s: Pick<Deps, 'db' | 'config'>, companyId: number, id: number): Promise<Voucher> {
  const row = await s.db.voucher.findFirst({ where: voucherWhere(companyId, id), select: voucherSelect });
  if (!row) throw notFound();
  return toVoucherDto(s.config, row);
}

/** DELETE /api/vouchers/{id}: the row, then its file (a link already sent stops opening). */
export async function deleteVoucher(s: Pick<Deps, 'db' | 'platform'>, companyId: number, id: number) {
  const row = await s.db.voucher.findFirst({ where: voucherWhere(companyId, id), select: { fileKey: true } });
  if (!row) throw notFound();
  const deleted = await s.db.voucher.deleteMany({ where: voucherWhere(companyId, id) });
  if (deleted.count === 0) throw notFound();
  await s.platform.storage.delete(row.fileKey);
  return { id, deleted: true as const };
}

/**
 * GET /api/vouchers/file/{id}: the file behind a signed link. The signature is checked before the
 * voucher is looked up, so a forged link learns nothing (403 whether or not the id exists).
 */
export async function voucherFile(s: Pick<Deps, 'db' | 'config' | 'platform'>, id: number, link: { expires: string; signature: string }) {
  if (!verifyVoucherFileSignature(s.config, id, link.expires, link.signature)) {
    throw new AppError('FORBIDDEN', { message: VOUCHER_MESSAGES.linkInvalid });
  }
  // The signed link is the capability: it was issued for this id by the voucher's own agency.
  const row = await s.db.voucher.findUnique({ where: { id }, select: { fileKey: true, filename: true, contentType: true } });
  const stored = row ? await s.platform.storage.get(row.fileKey) : null;
  if (!row || !stored) throw notFound();
  return { ...stored, filename: row.filename, contentType: row.contentType };
}

/**
 * POST /api/vouchers/send: records the mailing (its vouchers and recipients) and enqueues it; the
 * answer also carries WhatsApp's share of the same vouchers. Only a sold budget sends vouchers.
 */
export async function queueVoucherMailing(
  s: { db: Db; jobs: JobQueue; config: Pick<Config, 'jwtSecret' | 'appUrl'> },
  caller: { companyId: number; userId: number },
  input: SendVouchersInput,
): Promise<SendVouchersOutput> {
  const { companyId } = caller;
  const ids = input.voucher_ids ? [...new Set(input.voucher_ids)] : undefined;
  const result = await s.db.$transaction(async (tx) => {
    await lockSoldBudget(tx, companyId, input.budget_id);
    const vouchers = await tx.voucher.findMany({
      where: budgetVouchersWhere(companyId, input.budget_id, ids),
      select: { id: true, filename: true, service: { select: { title: true } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    if (ids && vouchers.length !== ids.length) throw new AppError('NOT_FOUND', { message: VOUCHER_MESSAGES.voucherNotFound });
    if (vouchers.length === 0) throw new AppError('CONFLICT', { message: VOUCHER_MESSAGES.noVouchers });
    const budget = await tx.budget.findUniqueOrThrow({
      where: { id: input.budget_id },
      select: { title: true, client: { select: { name: true, email: true, phone: true } } },
    });
    const recipients = input.to ?? (budget.client.email ? [budget.client.email] : []);
    if (recipients.length === 0) {
      throw new AppError('VALIDATION', { message: VOUCHER_MESSAGES.noRecipient, errors: { to: [VOUCHER_MESSAGES.noRecipient] } });
    }
    const mailing = await tx.saleMailing.create({
      data: {
        companyId,
        budgetId: input.budget_id,
        kind: 'vouchers',
        voucherIds: vouchers.map((v) => v.id),
        recipients,
        message: input.message || null,
        userId: caller.userId,
      },
      select: { id: true },
    });
    await s.jobs.enqueueIn(tx, voucherMailingJob, { mailing_id: mailing.id });
    return { mailingId: mailing.id, vouchers, recipients, budget };
  });
  await s.jobs.flush();
  const links = voucherShareLinks(
    s.config,
    result.vouchers.map((v) => ({ id: v.id, filename: v.filename, serviceTitle: v.service?.title ?? null })),
  );
  return {
    mailing_id: result.mailingId,
    status: 'queued',
    voucher_ids: result.vouchers.map((v) => v.id),
    recipients: result.recipients,
    whatsapp_url: vouchersWhatsappUrl(result.budget.client, result.budget.title, links),
    message: VOUCHER_MESSAGES.queued,
  };
}
