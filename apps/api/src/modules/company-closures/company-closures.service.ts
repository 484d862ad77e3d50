// Closing the agency's account. The owner asks (typing the agency's name), everyone keeps working for
// COMPANY_CLOSURE_GRACE_DAYS in which the owner may cancel, then the hourly sweep deletes the agency:
// its card subscription is cancelled, its stored files deleted, then every row of every table that
// belongs to it (found through the foreign keys, not a list kept by hand) in one transaction that also
// marks the closure done; then the sweep mails the confirmation to the owners' addresses it kept. A
// sweep killed half-way leaves the closure due (or its confirmation unsent), and the next one does the rest.
import { createHash } from 'node:crypto';
import { type Db, Prisma } from '@app/db';
import { COMPANY_CLOSURE_GRACE_DAYS, COMPANY_CLOSURE_MESSAGES, type CompanyClosure, type RequestCompanyClosureInput } from '@app/shared';
import { z } from 'zod';
import { AppError, fieldError } from '../../errors';
import type { JobDefinition, JobDeps, JobQueue, JobRun, JobSchedule } from '../../platform/jobs';
import { deliverOnce } from '../../platform/mail-deliveries';
import { ENDED_STATUSES } from '../../platform/payments';
import { FILE_COLUMN, readSchemaGraph } from '../../platform/schema-graph';
import { isStorageKey } from '../../platform/storage';

type Caller = { companyId: number; userId: number };
type ClosureRow = Prisma.CompanyClosureGetPayload<object>;
type MailKind = 'scheduled' | 'cancelled' | 'deleted';

const DAY_MS = 86_400_000;
/** The record that the deletion was asked for and done: kept, not the agency's data. */
const KEPT_TABLES = new Set(['company_closures']);

function toDto(r: ClosureRow): CompanyClosure {
  return {
    id: r.id,
    status: r.deletedAt ? 'deleted' : r.cancelledAt ? 'cancelled' : 'scheduled',
    requested_at: r.requestedAt.toISOString(),
    requested_by: r.requestedByName,
    scheduled_for: r.scheduledFor.toISOString(),
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
  };
}

const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR') === b.trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');

const pending = (companyId: number) => ({ companyId, cancelledAt: null, deletedAt: null });

/** Serialises the owner's clicks (two tabs) and the sweep on one agency's closure. */
const lockClosure = (tx: Prisma.TransactionClient, companyId: number) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`company-closure:${companyId}`}))`;

/** The agency's latest request, whatever became of it (null: never asked). */
export async function currentClosure(db: Db, companyId: number): Promise<{ closure: CompanyClosure | null }> {
  const row = await db.companyClosure.findFirst({ where: { companyId }, orderBy: { id: 'desc' } });
  return { closure: row ? toDto(row) : null };
}

export async function requestClosure(
  deps: { db: Db; jobs: JobQueue },
  caller: Caller,
  input: RequestCompanyClosureInput,
): Promise<{ closure: CompanyClosure }> {
  const row = await deps.db.$transaction(async (tx) => {
    await lockClosure(tx, caller.companyId);
    const [company, user] = await Promise.all([
      tx.company.findUniqueOrThrow({ where: { id: caller.companyId }, select: { name: true } }),
      tx.user.findUniqueOrThrow({ where: { id: caller.userId }, select: { name: true } }),
    ]);
    if (!sameName(input.confirmation, company.name)) throw fieldError('confirmation', COMPANY_CLOSURE_MESSAGES.confirmationMismatch);
    if (await tx.companyClosure.count({ where: pending(caller.companyId) }))
      throw new AppError('CONFLICT', { message: COMPANY_CLOSURE_MESSAGES.alreadyScheduled });
    const now = new Date();
    const created = await tx.companyClosure.create({
      data: {
        companyId: caller.companyId,
        companyName: company.name,
        requestedByUserId: caller.userId,
        requestedByName: user.name,
        requestedAt: now,
        scheduledFor: new Date(now.getTime() + COMPANY_CLOSURE_GRACE_DAYS * DAY_MS),
      },
    });
    await deps.jobs.enqueueIn(tx, closureMailJob, { closure_id: created.id, kind: 'scheduled' });
    return created;
  });
  await deps.jobs.flush();
  return { closure: toDto(row) };
}

export async function cancelClosure(deps: { db: Db; jobs: JobQueue }, caller: Caller): Promise<{ closure: CompanyClosure }> {
  const row = await deps.db.$transaction(async (tx) => {
    await lockClosure(tx, caller.companyId);
    const open = await tx.companyClosure.findFirst({ where: pending(caller.companyId) });
    if (!open) throw new AppError('CONFLICT', { message: COMPANY_CLOSURE_MESSAGES.notScheduled });
    const cancelled = await tx.companyClosure.update({
      where: { id: open.id },
      data: { cancelledAt: new Date(), cancelledByUserId: caller.userId },
    });
    await deps.jobs.enqueueIn(tx, closureMailJob, { closure_id: cancelled.id, kind: 'cancelled' });
    return cancelled;
  });
  await deps.jobs.flush();
  return { closure: toDto(row) };
}

type DeletionStep = { table: string; scope: Prisma.Sql; cleared: string[]; fileColumns: string[] };

const quoted = (name: string) => Prisma.raw(`"${name.replaceAll('"', '""')}"`);

/**
 * Every table holding the agency's rows, children before parents: the tables pointing at companies
 * (or with a company_id), then, to a fixed point, those pointing at one of them. The agency's rows
 * point at each other in circles (a company's users, their budgets, the quotes they set...): every
 * nullable reference inside the agency, other than the one a table is found by, is cleared first, so
 * only the required ones order the deletes.
 */
async function deletionPlan(db: Db, companyId: number): Promise<DeletionStep[]> {
  const graph = await readSchemaGraph(db);
  const scopes = new Map<string, { sql: Prisma.Sql; column: string | null }>([
    ['companies', { sql: Prisma.sql`id = ${companyId}`, column: null }],
  ]);
  for (const [table, columns] of graph.columns) {
    if (KEPT_TABLES.has(table) || scopes.has(table)) continue;
    const toCompany = graph.foreignKeys.find((fk) => fk.table === table && fk.parent === 'companies');
    const column = toCompany?.column ?? (columns.some((c) => c.name === 'company_id') ? 'company_id' : null);
    if (column) scopes.set(table, { sql: Prisma.sql`${quoted(column)} = ${companyId}`, column });
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const fk of graph.foreignKeys) {
      const parent = scopes.get(fk.parent);
      if (scopes.has(fk.table) || KEPT_TABLES.has(fk.table) || !parent) continue;
      scopes.set(fk.table, {
        sql: Prisma.sql`${quoted(fk.column)} IN (SELECT ${quoted(fk.parent_column)} FROM ${quoted(fk.parent)} WHERE ${parent.sql})`,
        column: fk.column,
      });
      grew = true;
    }
  }
  const nullable = (table: string, column: string) => graph.columns.get(table)?.find((c) => c.name === column)?.nullable ?? false;
  const cleared = (table: string) =>
    graph.foreignKeys
      .filter((fk) => fk.table === table && scopes.has(fk.parent) && fk.column !== scopes.get(table)?.column && nullable(table, fk.column))
      .map((fk) => fk.column);
  const binding = graph.foreignKeys.filter(
    (fk) => scopes.has(fk.table) && scopes.has(fk.parent) && fk.table !== fk.parent && !cleared(fk.table).includes(fk.column),
  );
  const left = new Set(scopes.keys());
  const ordered: DeletionStep[] = [];
  while (left.size) {
    const ready = [...left].filter((table) => !binding.some((fk) => fk.parent === table && left.has(fk.table)));
    if (!ready.length) throw new Error(`company deletion: required foreign keys form a cycle among ${[...left].join(', ')}`);
    for (const table of ready.sort()) {
      left.delete(table);
      ordered.push({
        table,
        scope: (scopes.get(table) as { sql: Prisma.Sql }).sql,
        cleared: [
          ...new Set([
            ...cleared(table),
            ...graph.foreignKeys
              .filter((fk) => fk.table === table && fk.parent === table && nullable(table, fk.column))
              .map((fk) => fk.column),
          ]),
        ],
        fileColumns: (graph.columns.get(table) ?? []).filter((c) => FILE_COLUMN.test(c.name) && c.type === 'text').map((c) => c.name),
      });
    }
  }
  return ordered;
}

async function storedFiles(db: Db, plan: DeletionStep[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const step of plan) {
    for (const column of step.fileColumns) {
      const rows = await db.$queryRaw<{ key: string }[]>`
        SELECT DISTINCT ${quoted(column)} AS key FROM ${quoted(step.table)} WHERE ${step.scope} AND ${quoted(column)} IS NOT NULL`;
      for (const { key } of rows) if (isStorageKey(key)) keys.add(key);
    }
  }
  return keys;
}

/** Deletes the agency of a due closure; nothing when it was cancelled or done meanwhile. */
export async function purgeCompany(deps: Pick<JobDeps, 'db' | 'storage' | 'payments'>, closureId: number) {
  const { db } = deps;
  const closure = await db.companyClosure.findUnique({ where: { id: closureId } });
  if (!closure || closure.cancelledAt || closure.deletedAt || closure.scheduledFor > new Date()) return;
  const companyId = closure.companyId;
  const company = await db.company.findUnique({
    where: { id: companyId },
    select: {
      subscription: { select: { stripeSubscriptionId: true } },
      users: { where: { role: 'owner' }, select: { email: true } },
    },
  });
  if (company) {
    // The addresses the confirmation goes to, kept before the users are deleted.
    if (!closure.notifyEmails.length)
      await db.companyClosure.update({ where: { id: closureId }, data: { notifyEmails: company.users.map((u) => u.email) } });
    const subscriptionId = company.subscription?.stripeSubscriptionId;
    if (subscriptionId) {
      const live = await deps.payments.retrieveSubscription(subscriptionId);
      if (live && !ENDED_STATUSES.includes(live.status)) await deps.payments.cancelSubscription(subscriptionId);
    }
  }
  const plan = await deletionPlan(db, companyId);
  // Files first: once the rows are gone nothing would say which files were the agency's.
  for (const key of await storedFiles(db, plan)) await deps.storage.delete(key);
  await db.$transaction(
    async (tx) => {
      await lockClosure(tx, companyId);
      const still = await tx.companyClosure.findUnique({ where: { id: closureId }, select: { cancelledAt: true, deletedAt: true } });
      if (still?.cancelledAt || still?.deletedAt) return;
      for (const step of plan)
        if (step.cleared.length)
          await tx.$executeRaw`UPDATE ${quoted(step.table)} SET ${Prisma.join(step.cleared.map((c) => Prisma.sql`${quoted(c)} = NULL`))} WHERE ${step.scope}`;
      // Twice: deleting attendances and budgets makes triggers write the counters they keep (the *_stats tables) again.
      for (const _pass of [1, 2]) for (const step of plan) await tx.$executeRaw`DELETE FROM ${quoted(step.table)} WHERE ${step.scope}`;
      await tx.companyClosure.update({ where: { id: closureId }, data: { deletedAt: new Date() } });
    },
    { timeout: 30 * 60_000, maxWait: 60_000 },
  );
}

async function mailClosure(deps: Pick<JobDeps, 'db' | 'mailer' | 'config'>, run: JobRun, closure: ClosureRow, kind: MailKind) {
  const { db, mailer, config } = deps;
  const owners =
    kind === 'deleted'
      ? closure.notifyEmails.map((email) => ({ email, name: null }))
      : await db.user.findMany({
          where: { companyId: closure.companyId, role: 'owner', status: 'active' },
          select: { email: true, name: true },
        });
  const { companyClosureMail } = await import('./company-closures.mails');
  for (const owner of owners)
    await deliverOnce(
      { db, mailer },
      run,
      `company-closure:${closure.id}:${kind}:${createHash('sha256').update(owner.email).digest('hex').slice(0, 16)}`,
      () => companyClosureMail(config.appUrl, kind, owner, { ...toDto(closure), company_name: closure.companyName }),
    );
}

/** Tells the owners that the closure was scheduled or cancelled. */
export const closureMailJob: JobDefinition<{ closure_id: number; kind: 'scheduled' | 'cancelled' }> = {
  name: 'company-closures.mail',
  payload: z.strictObject({ closure_id: z.number().int().positive(), kind: z.enum(['scheduled', 'cancelled']) }),
  async handle({ closure_id, kind }, deps, run) {
    const closure = await deps.db.companyClosure.findUnique({ where: { id: closure_id } });
    if (closure) await mailClosure(deps, run, closure, kind);
  },
};

/** Every closure due: each agency deleted in turn (one at a time: a deletion is a long transaction). */
export const closureSweepJob: JobDefinition<Record<string, never>> = {
  name: 'company-closures.sweep',
  payload: z.strictObject({}),
  async handle(_payload, deps, run) {
    const due = await deps.db.companyClosure.findMany({
      where: { cancelledAt: null, deletedAt: null, scheduledFor: { lte: new Date() } },
      select: { id: true },
      orderBy: { scheduledFor: 'asc' },
    });
    for (const { id } of due) await purgeCompany(deps, id);
    // The confirmations: of this run's deletions, and of any whose run died before mailing.
    const unconfirmed = await deps.db.companyClosure.findMany({ where: { deletedAt: { not: null }, notifyEmails: { isEmpty: false } } });
    for (const closure of unconfirmed) {
      await mailClosure(deps, run, closure, 'deleted');
      // The owners' addresses were kept only for this confirmation.
      await deps.db.companyClosure.update({ where: { id: closure.id }, data: { notifyEmails: [] } });
    }
  },
};

export const companyClosuresJobs = [closureMailJob, closureSweepJob] as JobDefinition<unknown>[];
export const companyClosuresSchedules = [{ job: closureSweepJob, payload: {}, everyMs: 3_600_000 }] as JobSchedule<unknown>[];
