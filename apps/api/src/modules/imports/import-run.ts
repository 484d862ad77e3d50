// The import job's work: the file read again from the row after `processed_rows`, in batches, each
// batch one transaction that writes its records and rejections and moves the cursor. A run killed
// anywhere leaves the last committed batch behind it, and the next run goes on from there.
import type { Db, Prisma } from '@app/db';
import { IMPORT_MESSAGES, type ImportKind } from '@app/shared';
import { AppError } from '../../errors';
import type { Storage } from '../../platform/storage';
import { notify } from '../notifications/notifications.service';
import { type ImportFileFormat, readDataRows } from './import-file';
import { findExisting, rowOutcomes } from './import-match';
import { type CheckedRow, checkMapping, type ImportRecord, rowChecker } from './import-rows';
import { addRejections, writeRecords } from './import-write';

export const IMPORT_BATCH_ROWS = 500;

/** Another run of the same import moved the cursor first: this one stops, its batch rolled back. */
class Superseded extends Error {}

export function fileFormatOf(imp: { format: string; encoding: string | null; delimiter: string | null }): ImportFileFormat {
  if (imp.format === 'xlsx') return { format: 'xlsx' };
  return { format: 'csv', encoding: imp.encoding as 'utf-8', delimiter: imp.delimiter as ';' };
}

const importSelect = {
  id: true,
  companyId: true,
  kind: true,
  fileKey: true,
  format: true,
  encoding: true,
  delimiter: true,
  headers: true,
  mapping: true,
  updateExisting: true,
  totalRows: true,
  processedRows: true,
} as const;

type RunningImport = { id: number; companyId: number; kind: ImportKind; updateExisting: boolean };

/**
 * Runs a queued import, or goes on with one a crash left running or an unexpected error left
 * failed (the queue's retry). A done import, or one never started, is left alone. A file that
 * cannot be read fails the import with the reason; any other error fails it too and is thrown,
 * so the queue tries again and the retry resumes. `signal`: stop between batches, as a killed
 * worker would (status left running).
 */
export async function runImport(deps: { db: Db; storage: Storage }, importId: number, opts: { signal?: AbortSignal } = {}) {
  const { db, storage } = deps;
  const claimed = await db.$executeRaw`
    UPDATE imports SET status = 'running', error = NULL, started_at = coalesce(started_at, now()), updated_at = now()
    WHERE id = ${importId}::int AND status IN ('queued', 'running', 'failed')`;
  if (claimed === 0) return;
  const imp = await db.import.findUniqueOrThrow({ where: { id: importId }, select: importSelect });
  try {
    const file = fileFormatOf(imp);
    const mapping = checkMapping(imp.kind, imp.headers, imp.mapping);
    const rows = () => readDataRows(storage, imp.fileKey, file, imp.headers.length);
    if (imp.totalRows === null) {
      let total = 0;
      for await (const _ of rows()) total += 1;
      await db.import.update({ where: { id: imp.id }, data: { totalRows: total } });
    }
    const check = rowChecker(imp.kind, mapping);
    const statistics = await plannerStatistics(db, imp.kind);
    let cursor = imp.processedRows;
    let seen = 0;
    let batch: CheckedRow[] = [];
    for await (const row of rows()) {
      // Rows already done are checked again, unsaved: later rows are compared with them for duplicates.
      const checked = check(row);
      seen += 1;
      if (seen <= cursor) continue;
      batch.push(checked);
      if (batch.length < IMPORT_BATCH_ROWS) continue;
      const committed = await commitBatch(db, imp, cursor, batch);
      cursor = committed.cursor;
      await statistics.grew(committed.created);
      batch = [];
      if (opts.signal?.aborted) return;
    }
    if (batch.length) cursor = (await commitBatch(db, imp, cursor, batch)).cursor;
    const finished = await db.$transaction(async (tx) => {
      const done = await tx.import.updateMany({
        where: { id: imp.id, status: 'running', processedRows: cursor },
        data: { status: 'done', finishedAt: new Date(), totalRows: cursor },
      });
      if (done.count) await notifyImportDone(tx, imp.id);
      return done;
    });
    // The rejected rows keep their cells: the file is no longer needed.
    if (finished.count) await storage.delete(imp.fileKey);
  } catch (error) {
    if (error instanceof Superseded) return;
    const known = error instanceof AppError ? error.userMessage : undefined;
    await db.import.updateMany({
      where: { id: imp.id, status: 'running' },
      data: { status: 'failed', error: known ?? IMPORT_MESSAGES.unexpected },
    });
    if (!known) throw error;
  }
}

/**
 * The planner's statistics of the tables an import fills, refreshed (ANALYZE) each time the rows
 * created since they were taken outnumber the rows they counted. Without it, a table that grew
 * from a few rows to thousands within the import (autovacuum comes later, if at all) is still
 * planned as tiny: each batch's lookups and inserts then read the whole agency, and the import
 * slows down as it goes.
 */
/** The bell of who started the import: what it made of the file, and where to see it. */
async function notifyImportDone(tx: Prisma.TransactionClient, importId: number) {
  const row = await tx.import.findUniqueOrThrow({
    where: { id: importId },
    select: { companyId: true, userId: true, kind: true, filename: true, createdCount: true, updatedCount: true, rejectedCount: true },
  });
  if (row.userId === null) return;
  const counts = [`${row.createdCount} novos`, `${row.updatedCount} atualizados`, `${row.rejectedCount} recusados`].join(', ');
  await notify(tx, {
    companyId: row.companyId,
    userId: row.userId,
    kind: 'import_finished',
    title: `Importação de “${row.filename}” concluída: ${counts}`,
    link: row.kind === 'suppliers' ? '/fornecedores/import' : '/clientes/import',
  });
}

async function plannerStatistics(db: Db, kind: ImportKind) {
  const tables = kind === 'suppliers' ? ['suppliers'] : ['clients', 'client_addresses'];
  const main = tables[0] as string;
  const counted = async () => {
    const [row] = await db.$queryRaw<
      { rows: number }[]
    >`SELECT greatest(reltuples, 0)::int AS rows FROM pg_class WHERE oid = ${main}::regclass`;
    return row?.rows ?? 0;
  };
  let base = await counted();
  let created = 0;
  return {
    async grew(rows: number) {
      created += rows;
      if (created < Math.max(base, 2 * IMPORT_BATCH_ROWS)) return;
      await db.$executeRawUnsafe(`ANALYZE ${tables.join(', ')}`);
      base = await counted();
      created = 0;
    },
  };
}

/** One batch in one transaction, after checking no other run moved the cursor; returns the new cursor. */
async function commitBatch(db: Db, imp: RunningImport, cursor: number, rows: CheckedRow[]) {
  return db.$transaction(
    async (tx) => {
      const [current] = await tx.$queryRaw<{ processed_rows: number; status: string }[]>`
        SELECT processed_rows, status::text FROM imports WHERE id = ${imp.id}::int FOR UPDATE`;
      if (current?.status !== 'running' || current.processed_rows !== cursor) throw new Superseded();
      const records = rows.flatMap((r) => (r.record ? [r.record] : []));
      const existing = await findExisting(tx, imp.companyId, imp.kind, records);
      // Records matched in earlier batches were written by them: a set per batch is enough.
      const outcomes = rowOutcomes(imp.kind, rows, existing, { updateExisting: imp.updateExisting, claimed: new Set() });
      const creates: ImportRecord[] = [];
      const updates: { id: number; record: ImportRecord }[] = [];
      const rejections: { row_number: number; data: string[]; reasons: string[] }[] = [];
      outcomes.forEach((outcome, i) => {
        const row = rows[i] as CheckedRow;
        if (outcome.action === 'reject') rejections.push({ row_number: row.rowNumber, data: row.cells, reasons: outcome.reasons });
        else if (outcome.action === 'update') updates.push({ id: outcome.id, record: row.record as ImportRecord });
        else creates.push(row.record as ImportRecord);
      });
      await writeRecords(tx, imp.companyId, imp.kind, creates, updates);
      await addRejections(tx, imp, rejections);
      await tx.import.update({
        where: { id: imp.id },
        data: {
          processedRows: cursor + rows.length,
          createdCount: { increment: creates.length },
          updatedCount: { increment: updates.length },
          rejectedCount: { increment: rejections.length },
        },
      });
      return { cursor: cursor + rows.length, created: creates.length };
    },
    { timeout: 120_000 },
  );
}
