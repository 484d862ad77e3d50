// The whole agency's data as one zip (LGPD: what an agency takes with it when it leaves): every table
// of the agency as CSV and every file it stored, made by a job with its progress. The owner only.
import type { AgencyExportStatus } from '@app/db/browser';
import { z } from './zod';

export type { AgencyExportStatus };

export const AGENCY_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const satisfies readonly AgencyExportStatus[];

export const AGENCY_EXPORT_STATUS_LABELS: Record<AgencyExportStatus, string> = {
  queued: 'Na fila',
  running: 'Exportando',
  done: 'Pronta',
  failed: 'Falhou',
};

export const AGENCY_EXPORT_MESSAGES = {
  started: 'Exportação iniciada: avisamos aqui quando o arquivo estiver pronto.',
  alreadyRunning: 'Já há uma exportação em andamento: aguarde o fim dela.',
  notReady: 'Esta exportação ainda não terminou.',
} as const;

/** Where the download of a finished export is served (a plain route: a file, with the bearer token). */
export const agencyExportDownloadPath = (id: number) => `/api/companies/exports/${id}/download`;

export const agencyExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(AGENCY_EXPORT_STATUSES),
  tables_total: z.number().int(),
  tables_done: z.number().int(),
  /** Bytes of the zip, once done. */
  size: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AgencyExport = z.infer<typeof agencyExportSchema>;

export const agencyExportsOutput = z.object({ exports: z.array(agencyExportSchema) });
