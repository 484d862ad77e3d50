// An agency's Pipedrive connection as the integration reads it: the row, its decrypted token, its
// mapping (settings) and a client for its account.
import type { Db, Prisma } from '@app/db';
import { DEFAULT_PIPEDRIVE_FUNNEL, pipedriveFunnelSchema } from '@app/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import { type PipedriveClient, pipedriveClient } from './pipedrive.client';
import { integrationBox } from './secret-box';

export const PIPEDRIVE = 'pipedrive';

/** The mapping kept in integration_connections.settings. */
export const pipedriveSettingsSchema = z.object({
  pipeline_id: z.number().int().nullable().default(null),
  funnel: pipedriveFunnelSchema.default(DEFAULT_PIPEDRIVE_FUNNEL),
  /** The owner's explicit choices per agent (null: none); the others are matched by e-mail when saved. */
  user_overrides: z.record(z.string(), z.number().int().nullable()).default({}),
  /** Our user id to the Pipedrive user id, resolved when the mapping is saved. */
  user_map: z.record(z.string(), z.number().int()).default({}),
  person_cpf_field: z.string().nullable().default(null),
  org_cnpj_field: z.string().nullable().default(null),
  deal_id_field: z.string().nullable().default(null),
});
export type PipedriveSettings = z.infer<typeof pipedriveSettingsSchema>;

export const connectionSelect = {
  id: true,
  companyId: true,
  authKind: true,
  accessTokenEnc: true,
  apiDomain: true,
  externalUserId: true,
  externalUserEmail: true,
  externalCompany: true,
  settings: true,
  webhookId: true,
  personWebhookId: true,
  webhookPath: true,
  webhookUser: true,
  webhookPasswordEnc: true,
  status: true,
  lastError: true,
} satisfies Prisma.IntegrationConnectionSelect;

export type ConnectionRow = Prisma.IntegrationConnectionGetPayload<{ select: typeof connectionSelect }>;

export function findConnection(db: Db | Prisma.TransactionClient, companyId: number) {
  return db.integrationConnection.findUnique({
    where: { companyId_provider: { companyId, provider: PIPEDRIVE } },
    select: connectionSelect,
  });
}

export const settingsOf = (row: { settings: unknown }): PipedriveSettings => pipedriveSettingsSchema.parse(row.settings ?? {});

/** A client for a token: the account's own domain when an OAuth grant gave one, else PIPEDRIVE_API_URL. */
export function clientFor(config: Config, token: string, apiDomain?: string | null): PipedriveClient {
  return pipedriveClient({ baseUrl: apiDomain ?? config.PIPEDRIVE_API_URL, token, timeoutMs: config.PIPEDRIVE_TIMEOUT_MS });
}

export function connectionClient(config: Config, row: ConnectionRow): PipedriveClient {
  return clientFor(config, integrationBox(config).open(row.accessTokenEnc), row.apiDomain);
}

/** The deal's page on Pipedrive, for the agent's link. */
export function dealUrl(companyDomain: string | null, dealId: number): string {
  return companyDomain ? `https://${companyDomain}.pipedrive.com/deal/${dealId}` : `https://app.pipedrive.com/deal/${dealId}`;
}
