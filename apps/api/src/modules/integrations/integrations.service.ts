// The owner connects the agency to Pipedrive (a token verified on GET /v1/users/me, kept encrypted),
// maps the funnel and the agents, and disconnects. On connect the integration makes the deal field
// that carries our attendance id and registers webhooks v2 subscriptions for deals and persons.
import { randomBytes } from 'node:crypto';
import type { Db } from '@app/db';
import {
  type AttendanceDealSync,
  PIPEDRIVE_MESSAGES,
  type PipedriveIntegration,
  pipedriveReconcileReportSchema,
  type SavePipedriveInput,
} from '@app/shared';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { PipedriveError } from './pipedrive.client';
import {
  type ConnectionRow,
  clientFor,
  connectionClient,
  dealUrl,
  findConnection,
  PIPEDRIVE,
  type PipedriveSettings,
  settingsOf,
} from './pipedrive.connection';
import { backfillJob, backfillState } from './pipedrive.sync';
import { integrationBox, type SecretBox } from './secret-box';

export const WEBHOOK_PATH_PREFIX = '/api/webhooks/pipedrive';
const DEAL_ID_FIELD_NAME = 'ID do atendimento (Agência CRM)';

type PdUser = { id: number; name: string; email: string; active_flag?: boolean };
type Me = { id: number; email?: string; company_domain?: string };

/** A Pipedrive failure while the owner waits: a refused token is their input's fault, the rest the provider's. */
function ownerError(err: unknown): never {
  if (err instanceof PipedriveError) {
    if (err.kind === 'unauthorized') throw new AppError('VALIDATION', { errors: { api_token: [PIPEDRIVE_MESSAGES.tokenRejected] } });
    throw new AppError('UPSTREAM', { message: err.retryable ? PIPEDRIVE_MESSAGES.unavailable : PIPEDRIVE_MESSAGES.rejected(err.message) });
  }
  throw err;
}

async function ourUsers(db: Db, companyId: number) {
  return db.user.findMany({
    where: { companyId, status: 'active' },
    select: { id: true, name: true, email: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

/** Each agent's Pipedrive user: the owner's choice, else the active Pipedrive user with the same e-mail. */
function resolveUsers(ours: { id: number; email: string }[], theirs: PdUser[], overrides: PipedriveSettings['user_overrides']) {
  const byEmail = new Map(theirs.filter((u) => u.active_flag !== false).map((u) => [u.email.toLowerCase(), u.id]));
  const map: Record<string, number> = {};
  for (const u of ours) {
    const chosen = Object.hasOwn(overrides, String(u.id)) ? overrides[String(u.id)] : byEmail.get(u.email.toLowerCase());
    if (chosen) map[String(u.id)] = chosen;
  }
  return map;
}

async function readOptions(s: Deps, row: ConnectionRow) {
  const client = connectionClient(s.config, row);
  const [pipelines, stages, users] = await Promise.all([
    client.get<{ data: { id: number; name: string }[] }>('/api/v2/pipelines'),
    client.get<{ data: { id: number; name: string; pipeline_id: number }[] }>('/api/v2/stages'),
    client.get<{ data: PdUser[] }>('/api/v1/users'),
  ]);
  return {
    pipelines: pipelines.data.map(({ id, name }) => ({ id, name })),
    stages: stages.data.map(({ id, name, pipeline_id }) => ({ id, name, pipeline_id })),
    users: users.data.filter((u) => u.active_flag !== false).map(({ id, name, email }) => ({ id, name, email })),
  };
}

export async function getPipedrive(s: Deps, companyId: number): Promise<PipedriveIntegration> {
  const row = await findConnection(s.db, companyId);
  const settings = settingsOf(row ?? { settings: {} });
  const users = (await ourUsers(s.db, companyId)).map((u) => ({
    user_id: u.id,
    name: u.name,
    email: u.email,
    pipedrive_user_id: settings.user_map[String(u.id)] ?? null,
  }));
  // The form's choices come from Pipedrive itself; a token Pipedrive refuses shows the error instead.
  const options = row && row.status === 'active' ? await readOptions(s, row).catch(() => null) : null;
  const sync = row
    ? await s.db.integrationConnection.findUniqueOrThrow({ where: { id: row.id }, select: { reconciledAt: true, reconcileReport: true } })
    : null;
  return {
    connected: !!row,
    status: (row?.status as PipedriveIntegration['status']) ?? null,
    last_error: row?.lastError ?? null,
    account: row?.externalUserId
      ? { user_id: row.externalUserId, email: row.externalUserEmail, company_domain: row.externalCompany }
      : null,
    pipeline_id: settings.pipeline_id,
    funnel: settings.funnel,
    users,
    person_cpf_field: settings.person_cpf_field,
    org_cnpj_field: settings.org_cnpj_field,
    deal_id_field: settings.deal_id_field,
    webhook_registered: !!row?.webhookId && !!row.personWebhookId,
    backfill: await backfillState(s.db, companyId),
    reconcile:
      sync?.reconciledAt && sync.reconcileReport
        ? { at: sync.reconciledAt.toISOString(), report: pipedriveReconcileReportSchema.parse(sync.reconcileReport) }
        : null,
    options,
  };
}

/** Removes our webhooks (deals, persons) from Pipedrive; one already gone (or a token no longer valid) is not an error here. */
async function dropWebhook(s: Deps, row: ConnectionRow) {
  for (const webhookId of [row.webhookId, row.personWebhookId]) {
    if (!webhookId) continue;
    await Promise.resolve()
      .then(() => connectionClient(s.config, row).delete(`/api/v1/webhooks/${webhookId}`))
      .catch(() => undefined);
  }
}

/** The kept token; one the key no longer opens (PIPEDRIVE_TOKEN_KEY changed) must be given again. */
function storedToken(box: SecretBox, row: ConnectionRow): string {
  try {
    return box.open(row.accessTokenEnc);
  } catch {
    throw new AppError('VALIDATION', { errors: { api_token: [PIPEDRIVE_MESSAGES.tokenRequired] } });
  }
}

export async function savePipedrive(
  s: Deps,
  companyId: number,
  actor: { id: number },
  input: SavePipedriveInput,
): Promise<PipedriveIntegration> {
  const box = integrationBox(s.config);
  const existing = await findConnection(s.db, companyId);
  if (!existing && !input.api_token) throw new AppError('VALIDATION', { errors: { api_token: [PIPEDRIVE_MESSAGES.tokenRequired] } });
  const token = input.api_token ?? storedToken(box, existing as ConnectionRow);
  const client = clientFor(s.config, token, input.api_token ? null : existing?.apiDomain);

  const me = await client.get<{ data: Me }>('/api/v1/users/me').catch(ownerError);
  const sameAccount = !!existing && existing.externalUserId === me.data.id;
  const prior = sameAccount || !existing ? settingsOf(existing ?? { settings: {} }) : settingsOf({ settings: {} });

  const overrides = { ...prior.user_overrides };
  const ours = await ourUsers(s.db, companyId);
  for (const u of input.users ?? []) {
    if (!ours.some((o) => o.id === u.user_id)) throw new AppError('VALIDATION', { errors: { users: [PIPEDRIVE_MESSAGES.unknownUser] } });
    overrides[String(u.user_id)] = u.pipedrive_user_id;
  }
  const theirs = await client.get<{ data: PdUser[] }>('/api/v1/users').catch(ownerError);

  // Our attendance id travels on the deal in a custom field of its own, made once per account.
  const dealIdField =
    prior.deal_id_field ??
    (
      await client
        .post<{ data: { field_code: string } }>('/api/v2/dealFields', { field_name: DEAL_ID_FIELD_NAME, field_type: 'varchar' })
        .catch(ownerError)
    ).data.field_code;

  const settings: PipedriveSettings = {
    pipeline_id: input.pipeline_id !== undefined ? input.pipeline_id : prior.pipeline_id,
    funnel: input.funnel ?? prior.funnel,
    user_overrides: overrides,
    user_map: resolveUsers(ours, theirs.data, overrides),
    person_cpf_field: input.person_cpf_field !== undefined ? input.person_cpf_field : prior.person_cpf_field,
    org_cnpj_field: input.org_cnpj_field !== undefined ? input.org_cnpj_field : prior.org_cnpj_field,
    deal_id_field: dealIdField,
  };

  // The webhook lives on the token's account: a new account gets its own, the old one is removed.
  const webhookPath = existing?.webhookPath ?? randomBytes(24).toString('base64url');
  const webhookUser = existing?.webhookUser ?? `agencia-${companyId}`;
  const webhookPassword = existing ? box.open(existing.webhookPasswordEnc) : randomBytes(24).toString('base64url');
  if (existing && !sameAccount) await dropWebhook(s, existing);
  // One subscription per object, both to the same address: deals (the attendances) and persons (the clients).
  const subscribe = async (object: 'deal' | 'person', name: string) =>
    (
      await client
        .post<{ data: { id: number } }>('/api/v1/webhooks', {
          subscription_url: `${s.config.appUrl}${WEBHOOK_PATH_PREFIX}/${webhookPath}`,
          event_action: '*',
          event_object: object,
          name,
          http_auth_user: webhookUser,
          http_auth_password: webhookPassword,
          version: '2.0',
        })
        .catch(ownerError)
    ).data.id;
  const webhookId = (sameAccount ? existing?.webhookId : null) ?? (await subscribe('deal', 'Agência CRM: atendimentos'));
  const personWebhookId = (sameAccount ? existing?.personWebhookId : null) ?? (await subscribe('person', 'Agência CRM: clientes'));

  const data = {
    authKind: 'api_token',
    accessTokenEnc: box.seal(token),
    refreshTokenEnc: null,
    tokenExpiresAt: null,
    apiDomain: null,
    externalUserId: me.data.id,
    externalUserEmail: me.data.email ?? null,
    externalCompany: me.data.company_domain ?? null,
    settings,
    webhookId,
    personWebhookId,
    webhookPath,
    webhookUser,
    webhookPasswordEnc: box.seal(webhookPassword),
    status: 'active',
    lastError: null,
    tokenInvalidAt: null,
    connectedById: actor.id,
  };
  const saved = await s.db.integrationConnection.upsert({
    where: { companyId_provider: { companyId, provider: PIPEDRIVE } },
    create: { companyId, provider: PIPEDRIVE, ...data },
    update: data,
    select: { backfillStartedAt: true, backfillFinishedAt: true },
  });
  // A backfill a refused token stopped goes on from its cursor once the owner reconnects.
  if (existing?.status === 'token_invalid' && saved.backfillStartedAt && !saved.backfillFinishedAt) {
    await s.platform.jobs.enqueue(backfillJob, { companyId });
  }
  return getPipedrive(s, companyId);
}

export async function disconnectPipedrive(s: Deps, companyId: number): Promise<PipedriveIntegration> {
  const row = await findConnection(s.db, companyId);
  if (row) {
    await dropWebhook(s, row);
    await s.db.integrationConnection.delete({ where: { id: row.id } });
  }
  return getPipedrive(s, companyId);
}

/** The attendance's deal as the agent sees it: synced with a link, or the last error in plain words. */
export async function attendanceDealSync(db: Db, companyId: number, attendanceId: number): Promise<AttendanceDealSync> {
  const [attendance, row, link] = await Promise.all([
    db.attendance.findFirst({ where: { id: attendanceId, companyId }, select: { id: true } }),
    findConnection(db, companyId),
    db.pipedriveDealLink.findFirst({ where: { companyId, attendanceId } }),
  ]);
  if (!attendance) throw notFound();
  const none: AttendanceDealSync = { state: 'none', deal_id: null, deal_url: null, synced_at: null, error: null };
  if (!row) return none;
  const dealId = link?.dealId ?? null;
  // A refused token concerns every attendance of the agency, sent already or not (none is sent until the owner reconnects).
  const error = row.status === 'token_invalid' ? PIPEDRIVE_MESSAGES.tokenInvalid : (link?.lastError ?? null);
  if (!dealId && !error) return none;
  return {
    state: error ? 'error' : 'synced',
    deal_id: dealId,
    deal_url: dealId ? dealUrl(row.externalCompany, dealId) : null,
    synced_at: link?.syncedAt?.toISOString() ?? null,
    error,
  };
}
