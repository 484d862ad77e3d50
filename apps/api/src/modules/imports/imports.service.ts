import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '@app/db';
import {
  buildPagination,
  csvLine,
  guessImportMapping,
  IMPORT_FIELDS,
  IMPORT_KIND_LABELS,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  IMPORT_REASON_HEADER,
  type Import,
  type ImportKind,
  type ImportPreview,
  importRejectsFileName,
  importTemplateFileName,
  type ListImportsInput,
  type PreviewImportInput,
  UTF8_BOM,
} from '@app/shared';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { findPage } from '../../paging';
import { withEagerCollection } from '../../platform/heap-growth';
import type { Storage } from '../../platform/storage';
import { recordPersonalDataAccess } from '../personal-data/personal-data.service';
import { detectFormat, fileError, readDataRows, readHeader, storeUpload } from './import-file';
import { findExisting, rowOutcomes } from './import-match';
import { type CheckedRow, checkMapping, lineOf, rowChecker } from './import-rows';
import { fileFormatOf } from './import-run';
import { importSelect, toImportDto, toImportListItem } from './imports.dto';
import { importJob } from './imports.jobs';
import { importRejectionWhere, importWhere } from './imports.where';
import { checkWorkbookBounds } from './workbook-bounds';

/** Rows checked against the agency per lookup in a preview. */
const PREVIEW_CHUNK_ROWS = 1000;

export type ReceivedFile = { key: string; filename: string; size: number; head: Buffer; utf8: boolean };

/** A name to show (the client's own, without paths or control characters). */
function displayName(name: string | undefined): string {
  const printable = [...(name ?? '')].filter((c) => c >= ' ' && c !== '\u007f' && !'"\\/'.includes(c));
  return printable.join('').trim().slice(0, 160) || 'planilha';
}

/**
 * The file part of an upload, stored as it streams in (over the size limit: 413, nothing kept).
 * What it is is decided by createImport, once the whole form has been read.
 */
export async function receiveImportFile(storage: Storage, companyId: number, filename: string | undefined, file: Readable) {
  const key = `imports/${companyId}/${randomUUID()}`;
  const probe = await storeUpload(storage, key, file);
  return { key, filename: displayName(filename), ...probe } satisfies ReceivedFile;
}

/**
 * PUT /api/uploads/{clients|organizations|suppliers}: a CSV or XLSX recognised by its bytes, its
 * header row read and the columns mapped from their names. Anything else is refused (400) and the
 * file deleted.
 */
export async function createImport(deps: Deps, actor: { companyId: number; userId: number }, kind: ImportKind, file: ReceivedFile) {
  const { storage } = deps.platform;
  try {
    const format = detectFormat(file.head, file.utf8);
    if (format.format === 'xlsx') {
      const stored = await storage.get(file.key);
      if (!stored) throw fileError(IMPORT_MESSAGES.fileMissing);
      await checkWorkbookBounds(stored.stream);
    }
    const headers = await readHeader(storage, file.key, format);
    const created = await deps.db.import.create({
      data: {
        companyId: actor.companyId,
        userId: actor.userId,
        kind,
        filename: file.filename,
        fileKey: file.key,
        fileSize: file.size,
        format: format.format,
        encoding: format.format === 'csv' ? format.encoding : null,
        delimiter: format.format === 'csv' ? format.delimiter : null,
        headers,
        mapping: guessImportMapping(kind, headers),
      },
      select: importSelect,
    });
    return toImportDto(created);
  } catch (error) {
    await storage.delete(file.key);
    throw error;
  }
}

export async function getImport(db: Db, companyId: number, id: number): Promise<Import> {
  const found = await db.import.findFirst({ where: importWhere(companyId, id), select: importSelect });
  if (!found) throw notFound();
  return toImportDto(found);
}

/** The agency's imports, newest first. */
export async function listImports(db: Db, companyId: number, input: ListImportsInput) {
  const where = { ...importWhere(companyId), ...(input.kind ? { kind: input.kind } : {}) };
  const { rows, pagination } = await findPage(
    input,
    (page) => db.import.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...page, select: importSelect }),
    () => db.import.count({ where }),
  );
  return { imports: rows.map(toImportListItem), pagination };
}

const notEditable = () => new AppError('CONFLICT', { message: IMPORT_MESSAGES.notEditable });

/**
 * Saves the mapping and the update choice, then reads the whole file as the job will (row checks,
 * duplicates, one lookup of the agency per PREVIEW_CHUNK_ROWS rows) without writing a record:
 * the first rows as they will be saved, a page of the rejected ones, the totals.
 */
export async function previewImport(
  deps: { db: Db; storage: Storage },
  companyId: number,
  input: PreviewImportInput,
): Promise<ImportPreview> {
  const { db } = deps;
  const imp = await db.import.findFirst({
    where: importWhere(companyId, input.id),
    select: { id: true, kind: true, status: true, headers: true, fileKey: true, format: true, encoding: true, delimiter: true },
  });
  if (!imp) throw notFound();
  if (imp.status !== 'uploaded') throw notEditable();
  const mapping = checkMapping(imp.kind, imp.headers, input.mapping);
  const saved = await db.import.updateMany({
    where: { ...importWhere(companyId, imp.id), status: 'uploaded' },
    data: { mapping, updateExisting: input.update_existing },
  });
  if (saved.count === 0) throw notEditable();

  const check = rowChecker(imp.kind, mapping);
  // Nothing is written, so a record matched once stays matched for the rest of the file.
  const claimed = new Set<number>();
  const first: ImportPreview['rows'] = [];
  const invalid: ImportPreview['invalid']['rows'] = [];
  const totals = { rows: 0, create: 0, update: 0, reject: 0 };
  const skipInvalid = (input.page - 1) * input.per_page;
  let chunk: CheckedRow[] = [];
  const flush = async () => {
    const existing = await findExisting(
      db,
      companyId,
      imp.kind,
      chunk.flatMap((r) => (r.record ? [r.record] : [])),
    );
    const outcomes = rowOutcomes(imp.kind, chunk, existing, { updateExisting: input.update_existing, claimed });
    outcomes.forEach((outcome, i) => {
      const row = chunk[i] as CheckedRow;
      const reasons = outcome.action === 'reject' ? outcome.reasons : [];
      totals.rows += 1;
      totals[outcome.action] += 1;
      const position = { row_number: row.rowNumber, line: lineOf(row.rowNumber) };
      if (first.length < IMPORT_PREVIEW_ROWS) first.push({ ...position, action: outcome.action, values: row.values, reasons });
      if (outcome.action === 'reject' && totals.reject > skipInvalid && invalid.length < input.per_page) {
        invalid.push({ ...position, data: row.cells, reasons });
      }
    });
    chunk = [];
  };
  await withEagerCollection(async () => {
    for await (const row of readDataRows(deps.storage, imp.fileKey, fileFormatOf(imp), imp.headers.length)) {
      chunk.push(check(row));
      if (chunk.length === PREVIEW_CHUNK_ROWS) await flush();
    }
    if (chunk.length) await flush();
  });
  await db.import.updateMany({ where: { ...importWhere(companyId, imp.id), status: 'uploaded' }, data: { totalRows: totals.rows } });
  return {
    import: await getImport(db, companyId, imp.id),
    rows: first,
    invalid: { rows: invalid, pagination: buildPagination(input.page, input.per_page, totals.reject) },
    totals,
  };
}

/**
 * Queues the import's job (the job carries the id only). A failed import starts again from where
 * it stopped, with the mapping it had.
 */
/** Recorded as a personal-data entry (people entering the agency's records), with who started it and from where. */
export async function startImport(deps: Deps, actor: { companyId: number; userId: number; ip: string }, id: number): Promise<Import> {
  const { companyId } = actor;
  const imp = await deps.db.import.findFirst({
    where: importWhere(companyId, id),
    select: { id: true, kind: true, status: true, headers: true, mapping: true, filename: true },
  });
  if (!imp) throw notFound();
  if (imp.status === 'uploaded') checkMapping(imp.kind, imp.headers, imp.mapping);
  await deps.db.$transaction(async (tx) => {
    const queued = await tx.import.updateMany({
      where: { ...importWhere(companyId, imp.id), status: { in: ['uploaded', 'failed'] } },
      data: { status: 'queued', error: null },
    });
    if (queued.count === 0) throw new AppError('CONFLICT', { message: IMPORT_MESSAGES.notStartable });
    await recordPersonalDataAccess(tx, {
      companyId,
      userId: actor.userId,
      action: 'people_import',
      recordType: 'import',
      recordId: imp.id,
      detail: `${IMPORT_KIND_LABELS[imp.kind]}: ${imp.filename}`,
      ipAddress: actor.ip,
    });
    await deps.platform.jobs.enqueueIn(tx, importJob, { import_id: imp.id });
  });
  await deps.platform.jobs.flush();
  return getImport(deps.db, companyId, imp.id);
}

const REJECTS_PAGE = 1000;

/** GET /api/imports/{id}/rejects.csv: the rejected rows with the file's columns and the reasons, read a page at a time. */
export async function importRejectsCsv(db: Db, companyId: number, id: number) {
  const imp = await db.import.findFirst({ where: importWhere(companyId, id), select: { id: true, headers: true, filename: true } });
  if (!imp) throw notFound();
  async function* lines() {
    yield UTF8_BOM + csvLine([...(imp?.headers ?? []), IMPORT_REASON_HEADER]);
    for (let after = 0; ; ) {
      const page = await db.importRejection.findMany({
        where: { ...importRejectionWhere(companyId, id), rowNumber: { gt: after } },
        orderBy: { rowNumber: 'asc' },
        take: REJECTS_PAGE,
        select: { rowNumber: true, data: true, reasons: true },
      });
      for (const r of page) yield csvLine([...r.data, r.reasons.join('; ')]);
      const last = page.at(-1);
      if (!last || page.length < REJECTS_PAGE) return;
      after = last.rowNumber;
    }
  }
  return { filename: importRejectsFileName(imp.filename), stream: Readable.from(lines()) };
}

/** GET /api/imports/template/{kind}: the kind's columns by their labels, which map back to them on upload. */
export function importTemplate(kind: ImportKind) {
  return {
    filename: importTemplateFileName(kind),
    content: UTF8_BOM + csvLine(IMPORT_FIELDS[kind].map((f) => f.label)),
  };
}
