// The Pipedrive integration (plan feature pipedrive_deals): the owner connects the agency with an
// API token and maps the funnel; attendances become deals and changes made on Pipedrive come back.
import { z } from 'zod';

/** A deal's status on Pipedrive (API v2 deals: open, won, lost). */
export const PIPEDRIVE_DEAL_STATUSES = ['open', 'won', 'lost'] as const;
export type PipedriveDealStatus = (typeof PIPEDRIVE_DEAL_STATUSES)[number];

/** Where one of our statuses lands on Pipedrive: a stage of the chosen pipeline (null: leave the stage) and a deal status. */
export const pipedriveStageMapSchema = z.object({
  stage_id: z.number().int().positive().nullable(),
  status: z.enum(PIPEDRIVE_DEAL_STATUSES),
});

/** Our funnel (open, won, lost, canceled) mapped to Pipedrive. */
export const pipedriveFunnelSchema = z.object({
  open: pipedriveStageMapSchema,
  won: pipedriveStageMapSchema,
  lost: pipedriveStageMapSchema,
  canceled: pipedriveStageMapSchema,
});
export type PipedriveFunnel = z.infer<typeof pipedriveFunnelSchema>;

/** Until the owner maps stages, each status keeps the deal's stage and sets the matching deal status. */
export const DEFAULT_PIPEDRIVE_FUNNEL: PipedriveFunnel = {
  open: { stage_id: null, status: 'open' },
  won: { stage_id: null, status: 'won' },
  lost: { stage_id: null, status: 'lost' },
  canceled: { stage_id: null, status: 'lost' },
};

/** A Pipedrive custom field key (the 40-character hash of API v2 custom_fields). */
const fieldKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,64}$/, 'Chave de campo personalizado inválida.');

/**
 * PUT /api/integrations/pipedrive: connects (api_token required the first time; sent again it
 * replaces the token) and saves the mapping. Omitted fields keep their value.
 */
export const savePipedriveInput = z.object({
  api_token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{20,100}$/, 'Token de API do Pipedrive inválido.')
    .optional(),
  pipeline_id: z.number().int().positive().nullable().optional(),
  funnel: pipedriveFunnelSchema.optional(),
  /** Our agents to Pipedrive users; an agent left out is matched by e-mail. */
  users: z
    .array(z.object({ user_id: z.number().int().positive(), pipedrive_user_id: z.number().int().positive().nullable() }))
    .max(1000)
    .optional(),
  /** The person custom field holding the CPF, and the organization one holding the CNPJ (matching and creation). */
  person_cpf_field: fieldKey.nullable().optional(),
  org_cnpj_field: fieldKey.nullable().optional(),
});
export type SavePipedriveInput = z.infer<typeof savePipedriveInput>;

export const PIPEDRIVE_CONNECTION_STATUSES = ['active', 'token_invalid'] as const;

/** The sending of the open attendances offered on connect: `pending` open attendances still without a deal; the last run's progress. */
export const pipedriveBackfillStateSchema = z.object({
  pending: z.number().int(),
  running: z.boolean(),
  total: z.number().int().nullable(),
  done: z.number().int().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Why the last run stopped before its end (out of retries); sending again resumes it. */
  error: z.string().nullable(),
});
export type PipedriveBackfillState = z.infer<typeof pipedriveBackfillStateSchema>;

/** What a reconcile changed: brought from Pipedrive (pulled), sent to it (pushed, sent: never sent before), unlinked (deal deleted there). */
export const pipedriveReconcileReportSchema = z.object({
  checked: z.number().int(),
  pulled: z.number().int(),
  pushed: z.number().int(),
  unlinked: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  items: z.array(
    z.object({
      attendance_id: z.number().int(),
      action: z.enum(['pulled', 'pushed', 'unlinked', 'sent']),
      fields: z.array(z.string()),
    }),
  ),
});
export type PipedriveReconcileReport = z.infer<typeof pipedriveReconcileReportSchema>;

/** What GET /api/integrations/pipedrive answers: never the token. */
export const pipedriveIntegrationSchema = z.object({
  connected: z.boolean(),
  status: z.enum(PIPEDRIVE_CONNECTION_STATUSES).nullable(),
  last_error: z.string().nullable(),
  /** The Pipedrive user the token belongs to, and the account's company domain. */
  account: z.object({ user_id: z.number().int(), email: z.string().nullable(), company_domain: z.string().nullable() }).nullable(),
  pipeline_id: z.number().int().nullable(),
  funnel: pipedriveFunnelSchema,
  users: z.array(
    z.object({ user_id: z.number().int(), name: z.string(), email: z.string(), pipedrive_user_id: z.number().int().nullable() }),
  ),
  person_cpf_field: z.string().nullable(),
  org_cnpj_field: z.string().nullable(),
  /** The deal custom field holding our attendance id (made on connect). */
  deal_id_field: z.string().nullable(),
  webhook_registered: z.boolean(),
  backfill: pipedriveBackfillStateSchema,
  /** The last nightly reconcile (null: none yet). */
  reconcile: z.object({ at: z.string(), report: pipedriveReconcileReportSchema }).nullable(),
  /** Pipedrive's pipelines, stages and users for the mapping form; null when Pipedrive could not be read. */
  options: z
    .object({
      pipelines: z.array(z.object({ id: z.number().int(), name: z.string() })),
      stages: z.array(z.object({ id: z.number().int(), name: z.string(), pipeline_id: z.number().int() })),
      users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
    })
    .nullable(),
});
export type PipedriveIntegration = z.infer<typeof pipedriveIntegrationSchema>;

/** An attendance's deal on Pipedrive, as the agent sees it. */
export const attendanceDealSyncSchema = z.object({
  /** none: not pushed yet (or no integration); synced; error: the last push failed (`error` says why). */
  state: z.enum(['none', 'synced', 'error']),
  deal_id: z.number().int().nullable(),
  deal_url: z.string().nullable(),
  synced_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type AttendanceDealSync = z.infer<typeof attendanceDealSyncSchema>;

export const PIPEDRIVE_MESSAGES = {
  synced: 'Sincronizado com o Pipedrive',
  tokenInvalid: 'Token do Pipedrive inválido: peça ao proprietário para reconectar',
  tokenRejected: 'O Pipedrive recusou este token. Copie-o de novo em Configurações pessoais > API, no Pipedrive.',
  tokenRequired: 'Informe o token de API do Pipedrive.',
  unavailable: 'O Pipedrive não respondeu. Tente de novo em alguns minutos.',
  rateLimited: 'Limite de requisições do Pipedrive atingido: nova tentativa em instantes.',
  rejected: (detail: string) => `O Pipedrive recusou o negócio: ${detail}`,
  notConfigured: 'A integração com o Pipedrive não está configurada neste servidor (PIPEDRIVE_TOKEN_KEY).',
  unknownUser: 'Agente que não é da agência.',
} as const;

export const PIPEDRIVE_BACKFILL_MESSAGES = {
  notConnected: 'Conecte a agência ao Pipedrive antes de enviar os atendimentos.',
  tokenInvalid: 'O token do Pipedrive não vale mais: reconecte antes de enviar os atendimentos.',
  running: 'Os atendimentos já estão sendo enviados.',
  /** The backfill's job gave up after its retries. */
  failed: (reason: string) => `O envio parou: ${reason} Envie de novo para continuar de onde parou.`,
  rateLimited: 'o Pipedrive continuou limitando as requisições.',
  unavailable: 'o Pipedrive não respondeu.',
  unexpected: 'um erro inesperado no servidor.',
} as const;
