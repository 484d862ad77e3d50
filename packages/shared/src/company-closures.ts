// Closing the agency's account (LGPD: what happens to the agency's data when it leaves): the owner
// asks, every user keeps working for a grace period in which the owner may cancel, then a job
// deletes every row and file of the agency and confirms it by e-mail.
import { z } from './zod';

export const COMPANY_CLOSURE_GRACE_DAYS = 30;

export const COMPANY_CLOSURE_STATUSES = ['scheduled', 'cancelled', 'deleted'] as const;
export type CompanyClosureStatus = (typeof COMPANY_CLOSURE_STATUSES)[number];

export const COMPANY_CLOSURE_MESSAGES = {
  confirmationMismatch: 'Digite o nome da agência exatamente como aparece para confirmar o encerramento.',
  alreadyScheduled: 'O encerramento da conta já está agendado.',
  notScheduled: 'Não há encerramento agendado para cancelar.',
  scheduled: 'Encerramento agendado. Você pode cancelar até a data marcada.',
  cancelled: 'Encerramento cancelado: a conta continua ativa.',
} as const;

export const companyClosureSchema = z.object({
  id: z.number().int(),
  status: z.enum(COMPANY_CLOSURE_STATUSES),
  requested_at: z.string(),
  requested_by: z.string(),
  /** When the data is deleted, unless cancelled before. */
  scheduled_for: z.string(),
  cancelled_at: z.string().nullable(),
});
export type CompanyClosure = z.infer<typeof companyClosureSchema>;

export const companyClosureOutput = z.object({ closure: companyClosureSchema.nullable() });

export const requestCompanyClosureInput = z.strictObject({
  /** The agency's name, typed by the owner: nobody closes an account by a stray click. */
  confirmation: z.string().trim().min(1, COMPANY_CLOSURE_MESSAGES.confirmationMismatch).max(255),
});
export type RequestCompanyClosureInput = z.infer<typeof requestCompanyClosureInput>;
