// Personal data under the LGPD: a document's full number revealed on purpose (everything else shows
// it masked), and the owner's "Dados pessoais" report of who read or moved personal data, kept for
// the period the agency sets.
import { accessReportInput } from './access-logs';
import { idParam, recordIdQuery } from './pagination';
import { z } from './zod';

export const PERSONAL_DATA_ACTIONS = ['document_revealed', 'data_subject_export', 'agency_export', 'list_export', 'people_import'] as const;
export type PersonalDataAction = (typeof PERSONAL_DATA_ACTIONS)[number];

export const PERSONAL_DATA_ACTION_LABELS: Record<PersonalDataAction, string> = {
  document_revealed: 'Documento completo exibido',
  data_subject_export: 'Exportação de dados do titular',
  agency_export: 'Exportação dos dados da agência',
  list_export: 'Exportação de lista',
  people_import: 'Importação de pessoas',
};

export const PERSONAL_DATA_RETENTION = { min: 30, max: 3650, default: 365 } as const;

/** POST /api/clients/{id}/documents/{document_id}/reveal: the full number, recorded as read. */
export const revealClientDocumentInput = idParam.extend({ document_id: recordIdQuery() }).strict();
export const revealedDocumentOutput = z.object({ id: z.number().int(), number: z.string() });

/** GET /api/personal-data/report: the same period rules as the access report. */
export const personalDataReportInput = accessReportInput;
export type PersonalDataReportInput = z.infer<typeof personalDataReportInput>;

export const personalDataEntrySchema = z.object({
  id: z.string(),
  user_id: z.number().int(),
  /** Null for a user no longer in the agency. */
  user_name: z.string().nullable(),
  action: z.enum(PERSONAL_DATA_ACTIONS),
  /** What was read: client, import, agency_export, finance_list... */
  record_type: z.string(),
  record_id: z.number().int().nullable(),
  /** In pt-BR: the document's type, the client's name, the list's name. */
  detail: z.string().nullable(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
});
export type PersonalDataEntry = z.infer<typeof personalDataEntrySchema>;

export const personalDataReportOutput = z.object({
  entries: z.array(personalDataEntrySchema),
  retention_days: z.number().int(),
});
export type PersonalDataReport = z.infer<typeof personalDataReportOutput>;

/** PUT /api/personal-data/retention: the owner's period for these entries, in days. */
export const personalDataRetentionInput = z
  .object({ retention_days: z.number().int().min(PERSONAL_DATA_RETENTION.min).max(PERSONAL_DATA_RETENTION.max) })
  .strict();
export const personalDataRetentionOutput = z.object({ retention_days: z.number().int() });
