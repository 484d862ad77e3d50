// Vouchers of a sold budget: POST /api/vouchers/upload (multipart), GET/DELETE /api/vouchers/{id},
// POST /api/vouchers/send.
import { idParam, recordIdField, recordIdQuery } from './pagination';
import { z } from './zod';

export const voucherSchema = z.object({
  id: z.number().int(),
  budget_id: z.number().int(),
  /** null: the whole trip. */
  service_id: z.number().int().nullable(),
  service_title: z.string().nullable(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** A signed link to the file (short-lived for the agency's screens). */
  url: z.string(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const VOUCHER_MESSAGES = {
  notSold: 'Só um orçamento vendido recebe vouchers. Feche a venda antes de enviá-los.',
  serviceNotFound: 'Serviço não encontrado na proposta vendida deste orçamento.',
  voucherNotFound: 'Voucher não encontrado neste orçamento.',
  noVouchers: 'Este orçamento ainda não tem vouchers para enviar.',
  noRecipient: 'O cliente não tem e-mail cadastrado: informe o destinatário.',
  linkInvalid: 'Link do voucher inválido ou expirado. Peça um novo link à agência.',
  queued: 'Vouchers enviados para a fila de e-mails.',
} as const;

/** The name a voucher of no particular service goes by. */
export const WHOLE_TRIP_LABEL = 'Viagem completa';

export const VOUCHER_LIMITS = { recipients: 10, message: 2000, vouchers: 50 } as const;

/**
 * POST /api/vouchers/upload: the text fields of the multipart body (its file, field `file`, follows
 * VOUCHER_UPLOAD). Without service_id the voucher is of the whole trip.
 */
export const uploadVoucherFieldsInput = z
  .object({
    budget_id: recordIdQuery(),
    /** A service of the budget's sold proposal. */
    service_id: recordIdQuery().optional(),
  })
  .strict();
export type UploadVoucherFields = z.infer<typeof uploadVoucherFieldsInput>;

/** GET /api/vouchers/file/{id}: the signed link's parameters (checked by the server, never trusted). */
export const voucherFileInput = idParam.extend({ expires: z.string().max(20), signature: z.string().max(128) }).strict();

export const voucherDeletedOutput = z.object({ id: z.number().int(), deleted: z.literal(true) });

/**
 * POST /api/vouchers/send: an e-mail to the client with the vouchers attached (all of the budget's
 * by default) and their links; `to` defaults to the client's e-mail.
 */
export const sendVouchersInput = z
  .object({
    budget_id: recordIdField(),
    voucher_ids: z.array(recordIdField()).min(1).max(VOUCHER_LIMITS.vouchers).optional(),
    to: z.array(z.email().max(254)).min(1).max(VOUCHER_LIMITS.recipients).optional(),
    message: z.string().trim().max(VOUCHER_LIMITS.message).nullable().optional(),
  })
  .strict();
export type SendVouchersInput = z.infer<typeof sendVouchersInput>;

export const sendVouchersOutput = z.object({
  mailing_id: z.number().int(),
  status: z.literal('queued'),
  voucher_ids: z.array(z.number().int()),
  recipients: z.array(z.string()),
  /**
   * WhatsApp's share of the same vouchers: a wa.me link to the client's phone (when it is one)
   * with a message listing links the client opens without logging in (valid for 30 days).
   */
  whatsapp_url: z.string(),
  message: z.string(),
});
export type SendVouchersOutput = z.infer<typeof sendVouchersOutput>;
