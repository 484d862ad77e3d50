// Backfill and reconcile. The backfill sends the agency's open attendances that have no deal yet
// (offered on connect): one job walking them by id, its cursor saved after each one, so a run taken
// up again after its worker died resumes where it stopped and a repeated push finds its deal
// (idempotent). The nightly reconcile compares every linked deal with its attendance: a deal changed
// on Pipedrive after our last sync (a lost webhook) is brought here, an attendance changed since (a
// lost push) is sent, a deal deleted there is unlinked (as its delete webhook does), and attendances
// changed since connecting that never reached Pipedrive are sent; what it changed is kept for the
// owner's card.
import type { Db, Prisma } from '@app/db';
import type { PipedriveBackfillState, PipedriveReconcileReport } from '@app/shared';
import { PIPEDRIVE_BACKFILL_MESSAGES } from '@app/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { JOB_MAX_ATTEMPTS, type JobDefinition, type JobDeps, type JobRun, type JobSchedule } from '../../platform/jobs';
import { companyEntitlements } from '../access/entitlements';
import { alertTokenInvalid } from './pipedrive.alerts';
import { type PipedriveClient, PipedriveError } from './pipedrive.client';
import { connectionClient, findConnection, PIPEDRIVE, settingsOf } from './pipedrive.connection';
import { attendanceForPush, dealBody, markTokenInvalid, type PushOutcome, pushDeal, pushDealJob } from './pipedrive.push';
import { applyDeal } from './pipedrive.webhook';

/** Open attendances never sent (a deal deleted on Pipedrive, synced once, is not made again): what a backfill sends. */
const withoutDeal = (companyId: number): Prisma.AttendanceWhereInput => ({
  companyId,
  status: 'open',
  OR: [{ pipedriveDealLink: null }, { pipedriveDealLink: { dealId: null, syncedAt: null } }],
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A backfill waits out this many Pipedrive failures in a row (rate limit, outage) before leaving it to the queue's retry. */
const BACKFILL_TRIES = 5;
/** Items of a reconcile report kept for the card. */
const REPORT_ITEMS = 50;

export async function backfillState(db: Db, companyId: number): Promise<PipedriveBackfillState> {
  const row = await db.integrationConnection.findUnique({
    where: { companyId_provider: { companyId, provider: PIPEDRIVE } },
    select: { backfillTotal: true, backfillDone: true, backfillStartedAt: true, backfillFinishedAt: true, backfillError: true },
  });
  const pending = row ? await db.attendance.count({ where: withoutDeal(companyId) }) : 0;
  const started = !!row?.backfillStartedAt;
  return {
    pending,
    running: started && !row?.backfillFinishedAt && !row?.backfillError,
    total: started ? (row?.backfillTotal ?? 0) : null,
    done: started ? (row?.backfillDone ?? 0) : null,
    started_at: row?.backfillStartedAt?.toISOString() ?? null,
    finished_at: row?.backfillFinishedAt?.toISOString() ?? null,
    error: started ? (row?.backfillError ?? null) : null,
  };
}

export const backfillJob: JobDefinition<{ companyId: number }> = {
  name: 'pipedrive.backfill',
  payload: z.object({ companyId: z.number().int().positive() }),
  handle: (payload, deps, run) => runBackfill(deps, run, payload.companyId),
};

/** The owner starts sending the open attendances; one backfill at a time per agency. */
export async function startBackfill(s: Deps, companyId: number): Promise<PipedriveBackfillState> {
  await s.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`pipedrive-backfill:${companyId}`}))`;
    const row = await tx.integrationConnection.findUnique({
      where: { companyId_provider: { companyId, provider: PIPEDRIVE } },
      select: { id: true, status: true, backfillStartedAt: true, backfillFinishedAt: true, backfillError: true },
    });
    if (!row) throw new AppError('CONFLICT', { message: PIPEDRIVE_BACKFILL_MESSAGES.notConnected });
    if (row.status !== 'active') throw new AppError('CONFLICT', { message: PIPEDRIVE_BACKFILL_MESSAGES.tokenInvalid });
    if (row.backfillStartedAt && !row.backfillFinishedAt && !row.backfillError)
      throw new AppError('CONFLICT', { message: PIPEDRIVE_BACKFILL_MESSAGES.running });
    const newest = await tx.attendance.findFirst({ where: { companyId }, orderBy: { id: 'desc' }, select: { id: true } });
    const untilId = newest?.id ?? 0;
    const total = await tx.attendance.count({ where: { ...withoutDeal(companyId), id: { lte: untilId } } });
    const now = new Date();
    await tx.integrationConnection.update({
      where: { id: row.id },
      data: {
        backfillTotal: total,
        backfillDone: 0,
        backfillCursor: 0,
        backfillUntilId: untilId,
        backfillStartedAt: now,
        backfillFinishedAt: total === 0 ? now : null,
        backfillError: null,
      },
    });
    if (total > 0) await s.platform.jobs.enqueueIn(tx, backfillJob, { companyId });
  });
  await s.platform.jobs.flush();
  return backfillState(s.db, companyId);
}

/** One attendance of a backfill: Pipedrive's passing failures are waited out here, up to BACKFILL_TRIES. */
async function pushPatiently(deps: JobDeps, run: JobRun, attendanceId: number, client: PipedriveClient): Promise<PushOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pushDeal(deps, run, attendanceId, client);
    } catch (err) {
      if (!(err instanceof PipedriveError && err.retryable) || attempt >= BACKFILL_TRIES) throw err;
      await sleep(Math.min(60_000, 1000 * 2 ** attempt));
    }
  }
}

/** Why a backfill's last attempt failed, in the owner's words. */
function backfillFailure(err: unknown): string {
  const reason =
    err instanceof PipedriveError && err.kind === 'rate_limited'
      ? PIPEDRIVE_BACKFILL_MESSAGES.rateLimited
      : err instanceof PipedriveError && err.kind === 'unavailable'
        ? PIPEDRIVE_BACKFILL_MESSAGES.unavailable
        : PIPEDRIVE_BACKFILL_MESSAGES.unexpected;
  return PIPEDRIVE_BACKFILL_MESSAGES.failed(reason);
}

/**
 * The backfill job: a failure is left to the queue's retries (the run resumes at its cursor); the
 * last attempt's failure stops the run on the card with its reason, so it never shows running forever.
 */
export async function runBackfill(deps: JobDeps, run: JobRun, companyId: number): Promise<void> {
  const connection = await findConnection(deps.db, companyId);
  if (!connection) return;
  try {
    await sendOpenAttendances(deps, run, companyId, connection);
  } catch (err) {
    if (run.attempt >= JOB_MAX_ATTEMPTS) {
      await deps.db.integrationConnection.updateMany({
        where: { id: connection.id, backfillStartedAt: { not: null }, backfillFinishedAt: null },
        data: { backfillError: backfillFailure(err) },
      });
    }
    throw err;
  }
}

async function sendOpenAttendances(
  deps: JobDeps,
  run: JobRun,
  companyId: number,
  connection: NonNullable<Awaited<ReturnType<typeof findConnection>>>,
): Promise<void> {
  const client = connectionClient(deps.config, connection);
  // A run taken up again after it was marked stopped (the operator's retry on the queue screen) is running again.
  await deps.db.integrationConnection.updateMany({
    where: { id: connection.id, backfillError: { not: null }, backfillFinishedAt: null },
    data: { backfillError: null },
  });
  for (;;) {
    const row = await deps.db.integrationConnection.findUnique({
      where: { id: connection.id },
      select: { status: true, backfillCursor: true, backfillUntilId: true, backfillStartedAt: true, backfillFinishedAt: true },
    });
    // Disconnected, a refused token (the jobs stop), or already finished by another run.
    if (row?.status !== 'active' || !row.backfillStartedAt || row.backfillFinishedAt) return;
    const batch = await deps.db.attendance.findMany({
      where: { ...withoutDeal(companyId), id: { gt: row.backfillCursor, lte: row.backfillUntilId ?? 0 } },
      orderBy: { id: 'asc' },
      select: { id: true },
      take: 100,
    });
    if (!batch.length) {
      await deps.db.integrationConnection.update({ where: { id: connection.id }, data: { backfillFinishedAt: new Date() } });
      return;
    }
    for (const { id } of batch) {
      if ((await pushPatiently(deps, run, id, client)) === 'token_invalid') return;
      // Counted once even when two runs overlap (a stale lock taken over): only the one moving the cursor counts.
      await deps.db.$executeRaw`
        UPDATE integration_connections
        SET backfill_cursor = ${id}, backfill_done = LEAST(coalesce(backfill_total, 0), backfill_done + 1)
        WHERE id = ${connection.id} AND backfill_cursor < ${id}`;
    }
  }
}

type RemoteDeal = { id: number; update_time?: string | null; status?: string } & Record<string, unknown>;

/** Where the deal and the attendance disagree (the fields a push sets that a person can change on Pipedrive). */
function drift(expected: Record<string, unknown>, deal: RemoteDeal): string[] {
  const fields = ['title', 'value', 'status', 'stage_id', 'owner_id'] as const;
  return fields.filter((f) => expected[f] !== undefined && (expected[f] ?? null) !== (deal[f] ?? null));
}

type Report = PipedriveReconcileReport;
const note = (report: Report, item: Report['items'][number]) => {
  if (report.items.length < REPORT_ITEMS) report.items.push(item);
};

export const reconcileAgencyJob: JobDefinition<{ companyId: number }> = {
  name: 'pipedrive.reconcile_agency',
  payload: z.object({ companyId: z.number().int().positive() }),
  handle: async (payload, deps, run) => {
    await reconcileAgency(deps, run, payload.companyId);
  },
};

/** Nightly: every connected agency in turn; one agency's failure is logged and leaves the others' run. */
export const reconcileAllJob: JobDefinition<Record<string, never>> = {
  name: 'pipedrive.reconcile',
  payload: z.strictObject({}),
  async handle(_payload, deps, run) {
    const rows = await deps.db.integrationConnection.findMany({
      where: { provider: PIPEDRIVE, status: 'active' },
      select: { companyId: true },
      orderBy: { id: 'asc' },
    });
    for (const { companyId } of rows) {
      await reconcileAgency(deps, run, companyId).catch((err) => deps.log.error({ err, companyId }, 'pipedrive reconcile failed'));
    }
  },
};

export async function reconcileAgency(deps: JobDeps, run: JobRun, companyId: number): Promise<Report | null> {
  const row = await findConnection(deps.db, companyId);
  if (row?.status !== 'active') return null;
  const plan = await companyEntitlements(deps.db, companyId, 'owner');
  if (!plan.features.pipedrive_deals) return null;
  const connected = await deps.db.integrationConnection.findUniqueOrThrow({ where: { id: row.id }, select: { createdAt: true } });
  const settings = settingsOf(row);
  const client = connectionClient(deps.config, row);
  const report: Report = { checked: 0, pulled: 0, pushed: 0, unlinked: 0, sent: 0, failed: 0, items: [] };
  const stop = async () => {
    await markTokenInvalid(deps.db, row.id);
    await alertTokenInvalid(deps, run, row.id);
    return null;
  };
  const pushed = async (attendanceId: number) => {
    const outcome = await pushDeal(deps, run, attendanceId, client).catch(() => 'failed' as const);
    if (outcome === 'failed') report.failed++;
    return outcome;
  };

  for (let cursor = 0; ; ) {
    const links = await deps.db.pipedriveDealLink.findMany({
      where: { companyId, dealId: { not: null }, attendanceId: { gt: cursor } },
      orderBy: { attendanceId: 'asc' },
      select: { attendanceId: true, dealId: true, syncedAt: true, remoteAt: true },
      take: 100,
    });
    if (!links.length) break;
    for (const link of links) {
      cursor = link.attendanceId;
      report.checked++;
      let deal: RemoteDeal | null;
      try {
        deal = (await client.get<{ data: RemoteDeal }>(`/api/v2/deals/${link.dealId}`)).data;
      } catch (err) {
        if (!(err instanceof PipedriveError)) throw err;
        if (err.kind === 'unauthorized') return stop();
        if (err.kind !== 'not_found') {
          report.failed++;
          continue;
        }
        deal = null;
      }
      if (!deal || deal.status === 'deleted') {
        await deps.db.pipedriveDealLink.update({ where: { attendanceId: link.attendanceId }, data: { dealId: null } });
        report.unlinked++;
        note(report, { attendance_id: link.attendanceId, action: 'unlinked', fields: [] });
        continue;
      }
      const a = await deps.db.attendance.findUnique({ where: { id: link.attendanceId }, select: attendanceForPush });
      if (!a) continue;
      const differs = drift(dealBody(a, settings, {}), deal);
      if (!differs.length) continue;
      const remoteAt = deal.update_time ? new Date(deal.update_time) : null;
      const ours = Math.max(link.syncedAt?.getTime() ?? 0, link.remoteAt?.getTime() ?? 0);
      // Changed on Pipedrive after our last sync: a webhook we never got.
      if (remoteAt && remoteAt.getTime() > ours) {
        const applied = await deps.db.$transaction(async (tx) => {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`pipedrive-push:${a.id}`}))`;
          const fields = await applyDeal(tx, companyId, a.id, settings, deal);
          await tx.pipedriveDealLink.update({ where: { attendanceId: a.id }, data: { remoteAt } });
          return fields;
        });
        if (applied.length) {
          report.pulled++;
          note(report, { attendance_id: a.id, action: 'pulled', fields: applied });
        }
        continue;
      }
      const outcome = await pushed(a.id);
      if (outcome === 'token_invalid') return null;
      if (outcome === 'pushed') {
        report.pushed++;
        note(report, { attendance_id: a.id, action: 'pushed', fields: differs });
      }
    }
  }

  // Attendances changed since connecting that never reached Pipedrive (a push lost or refused); a
  // deal deleted on Pipedrive (synced once, unlinked since) is not made again.
  for (let cursor = 0; ; ) {
    const missing = await deps.db.attendance.findMany({
      where: {
        companyId,
        id: { gt: cursor },
        OR: [{ pipedriveDealLink: { dealId: null, syncedAt: null } }, { pipedriveDealLink: null, updatedAt: { gte: connected.createdAt } }],
      },
      orderBy: { id: 'asc' },
      select: { id: true },
      take: 100,
    });
    if (!missing.length) break;
    for (const { id } of missing) {
      cursor = id;
      const outcome = await pushed(id);
      if (outcome === 'token_invalid') return null;
      if (outcome === 'pushed') {
        report.sent++;
        note(report, { attendance_id: id, action: 'sent', fields: [] });
      }
    }
  }

  await deps.db.integrationConnection.update({
    where: { id: row.id },
    data: { reconciledAt: new Date(), reconcileReport: report as unknown as Prisma.InputJsonValue },
  });
  return report;
}

export const integrationsJobs = [pushDealJob, backfillJob, reconcileAgencyJob, reconcileAllJob] as JobDefinition<unknown>[];

/** The reconcile runs once a night at PIPEDRIVE_RECONCILE_AT in PIPEDRIVE_RECONCILE_TZ (empty turns it off). */
export function integrationsSchedules(config: Pick<Config, 'PIPEDRIVE_RECONCILE_AT' | 'PIPEDRIVE_RECONCILE_TZ'>): JobSchedule<unknown>[] {
  const [hour, minute] = config.PIPEDRIVE_RECONCILE_AT.split(':').map(Number);
  const daily = config.PIPEDRIVE_RECONCILE_AT ? { hour: hour ?? 0, minute: minute ?? 0, tz: config.PIPEDRIVE_RECONCILE_TZ } : null;
  return [{ job: reconcileAllJob, payload: {}, daily }] as JobSchedule<unknown>[];
}
