// Ours → Pipedrive: an attendance created or changed becomes (or updates) its deal, in a job recorded
// in the write's transaction, never in the agent's request. The client becomes a person (PF) or an
// organization (PJ), matched on Pipedrive by e-mail, CPF or CNPJ before one is made. Idempotent: our
// attendance id is on the deal (a custom field) and the deal id on our row, so a retried or repeated
// job finds the deal it made. A 401 marks the connection token_invalid, stops the pushes and tells
// the owner once (pipedrive.alerts).
import type { Prisma } from '@app/db';
import { PIPEDRIVE_MESSAGES } from '@app/shared';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { JobDefinition, JobDeps, JobQueue, JobRun } from '../../platform/jobs';
import { companyEntitlements } from '../access/entitlements';
import { alertTokenInvalid } from './pipedrive.alerts';
import { type PipedriveClient, PipedriveError } from './pipedrive.client';
import {
  type ConnectionRow,
  connectionClient,
  findConnection,
  PIPEDRIVE,
  type PipedriveSettings,
  settingsOf,
} from './pipedrive.connection';

type Tx = Prisma.TransactionClient;

export const pushDealJob: JobDefinition<{ attendanceId: number }> = {
  name: 'pipedrive.push_deal',
  payload: z.object({ attendanceId: z.number().int().positive() }),
  handle: async (payload, deps, run) => {
    await pushDeal(deps, run, payload.attendanceId);
  },
};

/**
 * The hook of the attendances' writes: inside their transaction, records the push of the
 * attendance when the agency is connected (and its token still valid).
 */
export async function queueDealPush(jobs: JobQueue, tx: Tx, companyId: number, attendanceId: number) {
  const row = await tx.integrationConnection.findUnique({
    where: { companyId_provider: { companyId, provider: PIPEDRIVE } },
    select: { status: true },
  });
  if (row?.status === 'active') await jobs.enqueueIn(tx, pushDealJob, { attendanceId });
}

export const attendanceForPush = {
  id: true,
  companyId: true,
  title: true,
  valueCents: true,
  status: true,
  lostReason: true,
  startDate: true,
  ownerUserId: true,
  client: { select: { kind: true, name: true, email: true, phone: true, cpf: true, cnpj: true } },
  pipedriveDealLink: true,
} satisfies Prisma.AttendanceSelect;
export type AttendanceForPush = Prisma.AttendanceGetPayload<{ select: typeof attendanceForPush }>;

type SearchHit = { data: { items: { item: { id: number } }[] } };
type DealBody = Record<string, unknown>;

/**
 * The fields of a push that a webhook brings back (value, status, stage, owner), those it set only:
 * a change made through the API whose deal says all of them is our own echo.
 */
export function dealFingerprint(body: DealBody): string {
  const kept: Record<string, unknown> = {};
  for (const k of ['value', 'status', 'stage_id', 'owner_id']) if (body[k] !== undefined) kept[k] = body[k];
  return JSON.stringify(kept);
}

/** The first exact match of a search (v2 /search: an exact match takes a term of 1 character or more). */
async function firstHit(client: PipedriveClient, path: string, term: string | null | undefined, fields: string) {
  if (!term?.trim()) return null;
  const found = await client.get<SearchHit>(path, { term: term.trim(), fields, exact_match: true, limit: 1 });
  return found.data.items[0]?.item.id ?? null;
}

/** The deal's person or organization: the one already linked, one Pipedrive has with the same e-mail/CPF/CNPJ, or a new one. */
export async function ensureParty(client: PipedriveClient, a: AttendanceForPush, settings: PipedriveSettings) {
  const link = a.pipedriveDealLink;
  const c = a.client;
  if (c.kind === 'organization') {
    if (link?.orgId) return { org_id: link.orgId };
    const custom = settings.org_cnpj_field && c.cnpj ? { [settings.org_cnpj_field]: c.cnpj } : undefined;
    const found =
      (settings.org_cnpj_field ? await firstHit(client, '/api/v2/organizations/search', c.cnpj, 'custom_fields') : null) ??
      (await firstHit(client, '/api/v2/organizations/search', c.name, 'name'));
    if (found) return { org_id: found };
    const made = await client.post<{ data: { id: number } }>('/api/v2/organizations', {
      name: c.name,
      ...(custom ? { custom_fields: custom } : {}),
    });
    return { org_id: made.data.id };
  }
  if (link?.personId) return { person_id: link.personId };
  const found =
    (await firstHit(client, '/api/v2/persons/search', c.email, 'email')) ??
    (settings.person_cpf_field ? await firstHit(client, '/api/v2/persons/search', c.cpf, 'custom_fields') : null);
  if (found) return { person_id: found };
  const made = await client.post<{ data: { id: number } }>('/api/v2/persons', {
    name: c.name,
    ...(c.email ? { emails: [{ value: c.email, primary: true, label: 'work' }] } : {}),
    ...(c.phone ? { phones: [{ value: c.phone, primary: true, label: 'mobile' }] } : {}),
    ...(settings.person_cpf_field && c.cpf ? { custom_fields: { [settings.person_cpf_field]: c.cpf } } : {}),
  });
  return { person_id: made.data.id };
}

/** The deal as our attendance says it should be (API v2 field names). */
export function dealBody(a: AttendanceForPush, settings: PipedriveSettings, party: DealBody): DealBody {
  const target = settings.funnel[a.status];
  const ownerId = settings.user_map[String(a.ownerUserId)];
  return {
    title: a.title,
    value: a.valueCents / 100,
    currency: 'BRL',
    status: target.status,
    ...(target.stage_id ? { stage_id: target.stage_id } : settings.pipeline_id ? { pipeline_id: settings.pipeline_id } : {}),
    ...(ownerId ? { owner_id: ownerId } : {}),
    // Pipedrive takes a lost reason only on a lost deal.
    ...(target.status === 'lost' ? { lost_reason: a.lostReason ?? (a.status === 'canceled' ? 'Venda cancelada' : null) } : {}),
    expected_close_date: a.startDate ? a.startDate.toISOString().slice(0, 10) : null,
    ...party,
    ...(settings.deal_id_field ? { custom_fields: { [settings.deal_id_field]: String(a.id) } } : {}),
  };
}

type DealAnswer = {
  data: { id: number; update_time?: string | null; value?: number; status?: string; stage_id?: number; owner_id?: number };
};

/** Updates the linked deal, else adopts the deal carrying our id (a push that died before saving it), else creates it. */
async function upsertDeal(client: PipedriveClient, a: AttendanceForPush, settings: PipedriveSettings, body: DealBody) {
  let dealId = a.pipedriveDealLink?.dealId ?? null;
  if (!dealId && settings.deal_id_field) dealId = await firstHit(client, '/api/v2/deals/search', String(a.id), 'custom_fields');
  if (dealId) {
    try {
      return await client.patch<DealAnswer>(`/api/v2/deals/${dealId}`, body);
    } catch (err) {
      // Deleted on Pipedrive: the attendance gets a new deal.
      if (!(err instanceof PipedriveError && err.kind === 'not_found')) throw err;
    }
  }
  return client.post<DealAnswer>('/api/v2/deals', body);
}

async function recordError(deps: JobDeps, a: { id: number; companyId: number }, message: string) {
  const data = { lastError: message, lastErrorAt: new Date() };
  await deps.db.pipedriveDealLink.upsert({
    where: { attendanceId: a.id },
    create: { attendanceId: a.id, companyId: a.companyId, ...data },
    update: data,
  });
}

/** What a push came to: `token_invalid` stops whoever is pushing (a backfill, a reconcile). */
export type PushOutcome = 'pushed' | 'skipped' | 'failed' | 'token_invalid';

/**
 * Pushes one attendance. `client`: a backfill's or reconcile's own, so one run honours the rate
 * limit Pipedrive announced to its earlier calls.
 */
export async function pushDeal(deps: JobDeps, run: JobRun, attendanceId: number, client?: PipedriveClient): Promise<PushOutcome> {
  const a = await deps.db.attendance.findUnique({ where: { id: attendanceId }, select: attendanceForPush });
  if (!a) return 'skipped';
  const row = await findConnection(deps.db, a.companyId);
  if (!row) return 'skipped';
  if (row.status !== 'active') {
    await recordError(deps, a, PIPEDRIVE_MESSAGES.tokenInvalid);
    // The run that saw the 401 may have died before its e-mail: one of the next sends it (once).
    await alertTokenInvalid(deps, run, row.id);
    return 'token_invalid';
  }
  // A plan without the feature (any more) sends nothing.
  const plan = await companyEntitlements(deps.db, a.companyId, 'owner');
  if (!plan.features.pipedrive_deals) return 'skipped';
  const outcome = await deps.db.$transaction(
    async (tx) => {
      // One push per attendance at a time: two would both make a deal.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`pipedrive-push:${attendanceId}`}))`;
      const fresh = await tx.attendance.findUnique({ where: { id: attendanceId }, select: attendanceForPush });
      return fresh ? push(deps, tx, row, fresh, client) : 'skipped';
    },
    { timeout: 5 * 60_000, maxWait: 60_000 },
  );
  if (outcome === 'token_invalid') await alertTokenInvalid(deps, run, row.id);
  return outcome;
}

/** The credential was refused: the connection stops (its first refusal dates it, for the owner's one e-mail). */
export async function markTokenInvalid(db: JobDeps['db'], connectionId: number) {
  await db.integrationConnection.updateMany({
    where: { id: connectionId, status: 'active' },
    data: { status: 'token_invalid', lastError: PIPEDRIVE_MESSAGES.tokenInvalid, tokenInvalidAt: new Date() },
  });
}

async function refused(deps: JobDeps, row: ConnectionRow, a: AttendanceForPush): Promise<PushOutcome> {
  await markTokenInvalid(deps.db, row.id);
  await recordError(deps, a, PIPEDRIVE_MESSAGES.tokenInvalid);
  return 'token_invalid';
}

async function push(deps: JobDeps, tx: Tx, row: ConnectionRow, a: AttendanceForPush, shared?: PipedriveClient): Promise<PushOutcome> {
  const settings = settingsOf(row);
  let client: PipedriveClient;
  try {
    client = shared ?? connectionClient(deps.config, row);
  } catch (err) {
    // A token the key no longer opens (PIPEDRIVE_TOKEN_KEY changed): the owner reconnects.
    if (err instanceof AppError) throw err;
    return refused(deps, row, a);
  }
  try {
    const party = await ensureParty(client, a, settings);
    const body = dealBody(a, settings, party);
    const deal = (await upsertDeal(client, a, settings, body)).data;
    const remoteAt = deal.update_time ? new Date(deal.update_time) : new Date();
    const previous = a.pipedriveDealLink?.remoteAt;
    const data = {
      dealId: deal.id,
      personId: (party.person_id as number | undefined) ?? null,
      orgId: (party.org_id as number | undefined) ?? null,
      syncedAt: new Date(),
      lastError: null,
      lastErrorAt: null,
      remoteAt: previous && previous > remoteAt ? previous : remoteAt,
      pushedFingerprint: dealFingerprint(body),
    };
    await tx.pipedriveDealLink.upsert({
      where: { attendanceId: a.id },
      create: { attendanceId: a.id, companyId: a.companyId, ...data },
      update: data,
    });
    return 'pushed';
  } catch (err) {
    if (!(err instanceof PipedriveError)) throw err;
    // The token was revoked: nothing more is sent until the owner reconnects.
    if (err.kind === 'unauthorized') return refused(deps, row, a);
    if (err.retryable) {
      await recordError(deps, a, err.kind === 'rate_limited' ? PIPEDRIVE_MESSAGES.rateLimited : PIPEDRIVE_MESSAGES.unavailable);
      // The queue tries the job again with its backoff.
      throw err;
    }
    await recordError(deps, a, PIPEDRIVE_MESSAGES.rejected(err.message));
    return 'failed';
  }
}
