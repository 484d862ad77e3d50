// Pipedrive → ours: the webhooks v2 subscriptions registered on connect post every deal and person
// change to POST /api/webhooks/pipedrive/{secret path} with the HTTP basic auth we gave it. A deal
// change updates its attendance; a person change (name, e-mail, phone) updates the client whose
// attendances' deals carry that person. An event is
// verified (path and credentials), deduplicated (a redelivery carries the same entity, correlation
// id and timestamp), applied in order (an event older than the newest state applied, on either
// side, never overwrites it) and dropped when it is the echo of our own push.
import { timingSafeEqual } from 'node:crypto';
import type { AttendanceStatus, Prisma } from '@app/db';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { claimVersion } from '../../versions';
import { type PipedriveSettings, settingsOf } from './pipedrive.connection';
import { integrationBox } from './secret-box';

type Tx = Prisma.TransactionClient;

/** Webhooks v2: meta (action, entity, entity_id, timestamp, correlation_id, change_source...), data (the deal now), previous. */
const webhookBody = z.object({
  meta: z.object({
    action: z.string(),
    entity: z.string(),
    entity_id: z.coerce.string().optional(),
    id: z.coerce.string().optional(),
    timestamp: z.union([z.number(), z.string()]),
    correlation_id: z.string().nullish(),
    change_source: z.string().nullish(),
    user_id: z.coerce.number().nullish(),
  }),
  data: z.record(z.string(), z.unknown()).nullish(),
  previous: z.record(z.string(), z.unknown()).nullish(),
});
type WebhookBody = z.infer<typeof webhookBody>;

export type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'echo' | 'ignored' | 'unknown_deal' | 'unlinked' | 'unknown_person';

/** The event's time: epoch seconds or milliseconds, or an ISO date. */
function eventTime(ts: number | string): Date | null {
  const n = typeof ts === 'number' ? ts : /^\d+(\.\d+)?$/.test(ts) ? Number(ts) : Number.NaN;
  if (Number.isFinite(n)) return new Date(n < 1e12 ? n * 1000 : n);
  const parsed = Date.parse(String(ts));
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function basicAuth(header: string | undefined): { user: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Our push's fields, as Pipedrive echoes them back: every one we set is what the deal now says. */
function isEcho(fingerprint: string | null, deal: Record<string, unknown>) {
  if (!fingerprint) return false;
  const pushed = JSON.parse(fingerprint) as Record<string, unknown>;
  return Object.entries(pushed).every(([k, v]) => (typeof v === 'number' ? Number(deal[k]) === v : (deal[k] ?? null) === v));
}

/** The status a deal's status and stage stand for in our funnel. */
function ourStatus(settings: PipedriveSettings, deal: Record<string, unknown>, current: AttendanceStatus): AttendanceStatus | null {
  const { funnel } = settings;
  switch (deal.status) {
    case 'open':
      return 'open';
    case 'won':
      return 'won';
    case 'lost': {
      // A canceled sale is a lost deal on its own stage; only a won sale can be canceled here.
      const canceledStage =
        funnel.canceled.status === 'lost' && funnel.canceled.stage_id && funnel.canceled.stage_id !== funnel.lost.stage_id;
      if (current === 'canceled') return 'canceled';
      return canceledStage && deal.stage_id === funnel.canceled.stage_id && current === 'won' ? 'canceled' : 'lost';
    }
    default:
      return null;
  }
}

const LOG_ACTION = { open: 'reopened', won: 'won', lost: 'lost', canceled: 'canceled' } as const;

/** Brings the deal's value, status (and lost reason) and owner to the attendance; the fields it changed. */
export async function applyDeal(
  tx: Tx,
  companyId: number,
  attendanceId: number,
  settings: PipedriveSettings,
  deal: Record<string, unknown>,
): Promise<string[]> {
  const before = await tx.attendance.findFirst({
    where: { id: attendanceId, companyId },
    select: { status: true, valueCents: true, presaleValueCents: true, ownerUserId: true, lostReason: true, closedAt: true },
  });
  if (!before) return [];
  const data: Prisma.AttendanceUncheckedUpdateInput = {};
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const set = (field: string, column: keyof typeof before, from: unknown, to: unknown) => {
    if (from === to) return;
    (data as Record<string, unknown>)[column] = to;
    changes[field] = { from, to };
  };

  const status = ourStatus(settings, deal, before.status);
  if (status && status !== before.status) {
    set('status', 'status', before.status, status);
    data.closedAt = status === 'open' ? null : status === 'canceled' ? before.closedAt : new Date();
  }
  const finalStatus = status ?? before.status;
  const lostReason =
    finalStatus === 'lost'
      ? ((deal.lost_reason as string | null | undefined) ?? before.lostReason)
      : finalStatus === 'canceled'
        ? before.lostReason
        : null;
  set('lost_reason', 'lostReason', before.lostReason, lostReason);
  // While sales stand, the attendance's value is theirs, not the deal's.
  if (typeof deal.value === 'number' && before.presaleValueCents === null) {
    set('value_cents', 'valueCents', before.valueCents, Math.max(0, Math.round(deal.value * 100)));
  }
  if (typeof deal.owner_id === 'number') {
    const ours = Object.entries(settings.user_map).find(([, theirs]) => theirs === deal.owner_id)?.[0];
    const owner = ours ? await tx.user.findFirst({ where: { id: Number(ours), companyId, status: 'active' }, select: { id: true } }) : null;
    if (owner) set('owner_user_id', 'ownerUserId', before.ownerUserId, owner.id);
  }
  if (!Object.keys(changes).length) return [];
  await claimVersion(tx, { table: 'attendances', companyId, id: attendanceId, userId: null });
  await tx.attendance.update({ where: { id: attendanceId }, data, select: { id: true } });
  const action = changes.status
    ? LOG_ACTION[status as AttendanceStatus]
    : changes.owner_user_id && Object.keys(changes).length === 1
      ? 'owner_changed'
      : 'updated';
  await tx.attendanceLog.create({ data: { companyId, attendanceId, userId: null, action, changes: changes as Prisma.InputJsonValue } });
  return Object.keys(changes);
}

/** How long applied event keys are kept for deduplication: Pipedrive's redeliveries come within hours. */
const EVENT_KEY_DAYS = 7;

/** Records the event's key once: false when it was seen already (a redelivery); old keys are pruned. */
async function firstDelivery(tx: Tx, companyId: number, key: string) {
  const fresh = await tx.pipedriveWebhookEvent.createMany({ data: [{ companyId, key }], skipDuplicates: true });
  if (fresh.count === 0) return false;
  await tx.pipedriveWebhookEvent.deleteMany({
    where: { companyId, receivedAt: { lt: new Date(Date.now() - EVENT_KEY_DAYS * 86_400_000) } },
  });
  return true;
}

/** A person's primary (else first) e-mail or phone, as API v2 lists them: [{ value, primary, label }]. */
function primaryValue(list: unknown): string | null | undefined {
  if (!Array.isArray(list)) return undefined;
  const items = list.filter((i): i is { value: string; primary?: boolean } => typeof i?.value === 'string' && i.value.trim() !== '');
  return (items.find((i) => i.primary) ?? items[0])?.value.trim() ?? null;
}

/**
 * A person changed on Pipedrive: the client of the attendances whose deals carry this person gets
 * its name, e-mail and phone. A field the event does not carry is left; an event older than the
 * newest one applied to the person is stale.
 */
async function applyPerson(
  tx: Tx,
  companyId: number,
  personId: number,
  at: Date,
  person: Record<string, unknown>,
): Promise<WebhookOutcome> {
  const links = await tx.pipedriveDealLink.findMany({
    where: { companyId, personId },
    select: { attendanceId: true, personRemoteAt: true, attendance: { select: { clientId: true } } },
  });
  const clientIds = [...new Set(links.map((l) => l.attendance.clientId))];
  if (!clientIds.length) return 'unknown_person';
  if (links.some((l) => l.personRemoteAt && l.personRemoteAt > at)) return 'stale';
  const name = typeof person.name === 'string' && person.name.trim() ? person.name.trim().slice(0, 200) : undefined;
  const email = primaryValue(person.emails);
  const phone = primaryValue(person.phones);
  for (const clientId of clientIds) {
    const before = await tx.client.findFirst({ where: { id: clientId, companyId }, select: { name: true, email: true, phone: true } });
    if (!before) continue;
    const data: Prisma.ClientUpdateInput = {};
    if (name !== undefined && name !== before.name) data.name = name;
    if (email !== undefined && email !== before.email) data.email = email?.slice(0, 254) ?? null;
    if (phone !== undefined && phone !== before.phone) data.phone = phone?.slice(0, 30) ?? null;
    if (!Object.keys(data).length) continue;
    await claimVersion(tx, { table: 'clients', companyId, id: clientId, userId: null });
    await tx.client.update({ where: { id: clientId }, data, select: { id: true } });
  }
  await tx.pipedriveDealLink.updateMany({ where: { companyId, personId }, data: { personRemoteAt: at } });
  return 'applied';
}

export async function receivePipedriveWebhook(
  s: Deps,
  secretPath: string,
  authorization: string | undefined,
  rawBody: unknown,
): Promise<WebhookOutcome> {
  const row = await s.db.integrationConnection.findUnique({
    where: { webhookPath: secretPath },
    select: { id: true, companyId: true, settings: true, webhookUser: true, webhookPasswordEnc: true },
  });
  if (!row) throw notFound();
  const given = basicAuth(authorization);
  const password = integrationBox(s.config).open(row.webhookPasswordEnc);
  if (!given || !sameSecret(given.user, row.webhookUser) || !sameSecret(given.password, password)) throw new AppError('UNAUTHORIZED');

  const parsed = webhookBody.safeParse(rawBody);
  if (!parsed.success) throw new AppError('VALIDATION', { message: 'Evento do Pipedrive inválido.' });
  const { meta, data }: WebhookBody = parsed.data;
  const at = eventTime(meta.timestamp);
  if (!at) return 'ignored';
  const companyId = row.companyId;
  if (meta.entity === 'person') {
    if (!['change', 'create'].includes(meta.action) || !data) return 'ignored';
    const personId = Number(data.id ?? meta.entity_id);
    if (!Number.isInteger(personId)) return 'ignored';
    const personKey = `person:${personId}:${meta.correlation_id ?? meta.id ?? ''}:${at.getTime()}`;
    return s.db.$transaction(
      async (tx) => {
        if (!(await firstDelivery(tx, companyId, personKey))) return 'duplicate';
        // Serializes the events of one person (its links' applied time is read, then set).
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`pipedrive-person:${companyId}:${personId}`}))`;
        return applyPerson(tx, companyId, personId, at, data);
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
  }
  if (meta.entity !== 'deal') return 'ignored';
  if (meta.action === 'delete') {
    // The deal is gone on Pipedrive: the attendance stays, unlinked; its next change makes a new deal.
    const deleted = Number(parsed.data.previous?.id ?? meta.entity_id);
    if (!Number.isInteger(deleted)) return 'ignored';
    const unlinked = await s.db.pipedriveDealLink.updateMany({ where: { companyId, dealId: deleted }, data: { dealId: null } });
    return unlinked.count ? 'unlinked' : 'unknown_deal';
  }
  if (!['change', 'create'].includes(meta.action) || !data) return 'ignored';
  const dealId = Number(data.id ?? meta.entity_id);
  if (!Number.isInteger(dealId)) return 'ignored';
  const key = `${dealId}:${meta.correlation_id ?? meta.id ?? ''}:${at.getTime()}`;

  return s.db.$transaction(
    async (tx) => {
      if (!(await firstDelivery(tx, companyId, key))) return 'duplicate';
      const link = await tx.pipedriveDealLink.findFirst({ where: { companyId, dealId } });
      if (!link) return 'unknown_deal';
      // Serializes with pushes and other events of the same attendance.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`pipedrive-push:${link.attendanceId}`}))`;
      const current = await tx.pipedriveDealLink.findUniqueOrThrow({ where: { attendanceId: link.attendanceId } });
      if (meta.change_source === 'api' && isEcho(current.pushedFingerprint, data)) return 'echo';
      if (current.remoteAt && at < current.remoteAt) return 'stale';
      await applyDeal(tx, companyId, link.attendanceId, settingsOf(row), data);
      await tx.pipedriveDealLink.update({ where: { attendanceId: link.attendanceId }, data: { remoteAt: at } });
      return 'applied';
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
