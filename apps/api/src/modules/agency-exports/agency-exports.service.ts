// The whole agency as one zip: each of its tables as a CSV (the tables with company_id, and the
// tables whose rows hang from one of them by a foreign key, such as a client's documents), and
// every stored file those rows point at. Made by a job that reads each table in key order, a batch
// at a time, streaming the zip into the storage, with the tables done kept on the row for the screen.
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { type Db, Prisma } from '@app/db';
import { AGENCY_EXPORT_MESSAGES, type AgencyExport, csvLine, UTF8_BOM } from '@app/shared';
import { Zip, ZipDeflate } from 'fflate';
import { z } from 'zod';
import { type DocumentCipher, documentCipherOf } from '../../document-numbers';
import { AppError } from '../../errors';
import type { JobDefinition, JobQueue } from '../../platform/jobs';
import { type Column, FILE_COLUMN, readSchemaGraph } from '../../platform/schema-graph';
import { isStorageKey, type Storage } from '../../platform/storage';
import { recordPersonalDataAccess } from '../personal-data/personal-data.service';

type Caller = { companyId: number; userId: number; ip: string };
type ExportRow = Prisma.AgencyExportGetPayload<object>;

const BATCH = 2_000;
/** Rows of the product's machinery, not the agency's data. */
const SKIPPED_TABLES = new Set(['auth_tokens', 'agency_exports', 'job_outbox', 'embedded_jobs', 'mail_deliveries']);
/** Secrets never leave, even to their owner: the hashes and tokens the product keeps. */
const SECRET_COLUMN = /password|token|secret|hash/i;
/** Document numbers sealed at rest (document-numbers.ts): the agency gets them opened, named without the suffix. */
const SEALED_COLUMN = /_sealed$/;

function toDto(r: ExportRow): AgencyExport {
  return {
    id: r.id,
    status: r.status,
    tables_total: r.tablesTotal,
    tables_done: r.tablesDone,
    size: r.size,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

export const agencyExportJob: JobDefinition<{ export_id: number }> = {
  name: 'agency-exports.build',
  payload: z.strictObject({ export_id: z.number().int().positive() }),
  async handle({ export_id }, { db, storage, log, config }) {
    const row = await db.agencyExport.findUnique({ where: { id: export_id } });
    // Done already (a retry after the commit): nothing to redo.
    if (!row || row.status === 'done') return;
    try {
      await buildExport(db, storage, documentCipherOf(config), row);
    } catch (error) {
      log.error({ err: error, export_id }, 'agency export failed');
      await db.agencyExport.update({
        where: { id: export_id },
        data: { status: 'failed', error: 'A exportação falhou: tente de novo.', finishedAt: new Date() },
      });
    }
  },
};

export const agencyExportsJobs = [agencyExportJob] as JobDefinition<unknown>[];

export async function startAgencyExport(deps: { db: Db; jobs: JobQueue }, caller: Caller): Promise<AgencyExport> {
  const row = await deps.db.$transaction(async (tx) => {
    // One at a time per agency: the lock orders two clicks.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`agency-export:${caller.companyId}`}))`;
    const running = await tx.agencyExport.count({ where: { companyId: caller.companyId, status: { in: ['queued', 'running'] } } });
    if (running) throw new AppError('CONFLICT', { message: AGENCY_EXPORT_MESSAGES.alreadyRunning });
    const created = await tx.agencyExport.create({ data: { companyId: caller.companyId, userId: caller.userId } });
    await recordPersonalDataAccess(tx, {
      companyId: caller.companyId,
      userId: caller.userId,
      action: 'agency_export',
      recordType: 'agency_export',
      recordId: created.id,
      detail: 'Todas as tabelas e arquivos da agência',
      ipAddress: caller.ip,
    });
    await deps.jobs.enqueueIn(tx, agencyExportJob, { export_id: created.id });
    return created;
  });
  await deps.jobs.flush();
  return toDto(row);
}

export async function listAgencyExports(db: Db, companyId: number): Promise<{ exports: AgencyExport[] }> {
  const rows = await db.agencyExport.findMany({ where: { companyId }, orderBy: { id: 'desc' }, take: 10 });
  return { exports: rows.map(toDto) };
}

export async function agencyExportFile(deps: { db: Db; storage: Storage }, companyId: number, id: number) {
  // Security-critical: the agency's own export only.
  const row = await deps.db.agencyExport.findFirst({ where: { id, companyId } });
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'done' || !row.fileKey) throw new AppError('CONFLICT', { message: AGENCY_EXPORT_MESSAGES.notReady });
  const file = await deps.storage.get(row.fileKey);
  if (!file) throw new AppError('NOT_FOUND');
  return { ...file, contentType: 'application/zip', filename: `dados-da-agencia-${row.createdAt.toISOString().slice(0, 10)}.zip` };
}

type Table = { name: string; columns: Column[]; key: Column[]; scope: Prisma.Sql };

/** The agency's tables, each with how its rows are found: by company_id, or by the parent they hang from. */
async function tenantTables(db: Db, companyId: number): Promise<Table[]> {
  const { columns: byTable, primaryKeys, foreignKeys: parents } = await readSchemaGraph(db);
  const owned = new Set([...byTable].filter(([, cols]) => cols.some((c) => c.name === 'company_id')).map(([name]) => name));
  const tables: Table[] = [];
  for (const [name, cols] of byTable) {
    if (SKIPPED_TABLES.has(name) || name === 'companies') continue;
    const key = primaryKeys.get(name) ?? [];
    if (!key.length) continue;
    const id = (column: string) => Prisma.raw(`"${column}"`);
    if (owned.has(name)) {
      tables.push({ name, columns: cols, key, scope: Prisma.sql`company_id = ${companyId}` });
      continue;
    }
    const parent = parents.find((p) => p.table === name && owned.has(p.parent));
    if (!parent) continue;
    tables.push({
      name,
      columns: cols,
      key,
      scope: Prisma.sql`${id(parent.column)} IN (SELECT ${id(parent.parent_column)} FROM ${id(parent.parent)} WHERE company_id = ${companyId})`,
    });
  }
  // The agency's own row, alone.
  const companyColumns = byTable.get('companies') ?? [];
  tables.unshift({
    name: 'companies',
    columns: companyColumns,
    key: [{ name: 'id', type: 'int4', nullable: false }],
    scope: Prisma.sql`id = ${companyId}`,
  });
  return tables.sort((a, b) => (a.name === 'companies' ? -1 : b.name === 'companies' ? 1 : a.name.localeCompare(b.name)));
}

function cell(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  return String(value);
}

async function buildExport(db: Db, storage: Storage, cipher: DocumentCipher, row: ExportRow) {
  const tables = await tenantTables(db, row.companyId);
  await db.agencyExport.update({ where: { id: row.id }, data: { status: 'running', tablesTotal: tables.length, tablesDone: 0 } });
  const fileKey = `exports/${row.companyId}/${randomUUID()}.zip`;
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const upload = storage.putStream(fileKey, out);
  const encoder = new TextEncoder();
  const files = new Set<string>();

  for (const [done, table] of tables.entries()) {
    const columns = table.columns.filter((c) => !SECRET_COLUMN.test(c.name));
    const entry = new ZipDeflate(`${table.name}.csv`, { level: 6 });
    zip.add(entry);
    entry.push(encoder.encode(UTF8_BOM + csvLine(columns.map((c) => c.name.replace(SEALED_COLUMN, '')))));
    const list = Prisma.raw(columns.map((c) => `"${c.name}"`).join(', '));
    const keyList = Prisma.raw(table.key.map((c) => `"${c.name}"`).join(', '));
    let after: unknown[] | null = null;
    for (;;) {
      // Keyset over the primary key: each batch starts after the last row of the one before.
      const from: Prisma.Sql = after
        ? Prisma.sql`AND (${keyList}) > (${Prisma.join(table.key.map((c, i) => Prisma.sql`${cell(after?.[i])}::${Prisma.raw(c.type)}`))})`
        : Prisma.empty;
      const rows = await db.$queryRaw<Record<string, unknown>[]>`
        SELECT ${list}, ${keyList} FROM ${Prisma.raw(`"${table.name}"`)} WHERE ${table.scope} ${from} ORDER BY ${keyList} LIMIT ${BATCH}`;
      if (!rows.length) break;
      let text = '';
      for (const r of rows) {
        text += csvLine(
          columns.map((c) => {
            const value = r[c.name];
            return SEALED_COLUMN.test(c.name) && typeof value === 'string' ? cipher.open(value) : cell(value);
          }),
        );
        for (const c of columns) {
          const value = r[c.name];
          if (FILE_COLUMN.test(c.name) && typeof value === 'string' && isStorageKey(value)) files.add(value);
        }
      }
      entry.push(encoder.encode(text));
      const last = rows.at(-1) as Record<string, unknown>;
      after = table.key.map((c) => last[c.name]);
      if (rows.length < BATCH) break;
    }
    entry.push(new Uint8Array(0), true);
    await db.agencyExport.update({ where: { id: row.id }, data: { tablesDone: done + 1 } });
  }

  for (const key of files) {
    const file = await storage.get(key);
    if (!file) continue;
    const entry = new ZipDeflate(`arquivos/${key}`, { level: 1 });
    zip.add(entry);
    for await (const chunk of file.stream) entry.push(chunk as Uint8Array);
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  await upload;
  const stored = await storage.get(fileKey);
  stored?.stream.destroy();
  await db.agencyExport.update({
    where: { id: row.id },
    data: { status: 'done', fileKey, size: stored?.size ?? null, finishedAt: new Date() },
  });
}
