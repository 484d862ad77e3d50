// The spreadsheet of an import: stored as it streams in, recognised by its bytes (CSV in UTF-8,
// Windows-1252 or UTF-16; XLSX), and read back a row at a time (csv-parse over iconv-lite, exceljs's
// streaming reader): no file is ever whole in memory.
import { pipeline, type Readable, Transform } from 'node:stream';
import { IMPORT_MESSAGES, IMPORT_UPLOAD } from '@app/shared';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { AppError } from '../../errors';
import type { Storage } from '../../platform/storage';

export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
export type CsvDelimiter = ',' | ';' | '\t';
export type ImportFileFormat = { format: 'csv'; encoding: CsvEncoding; delimiter: CsvDelimiter } | { format: 'xlsx' };

/** A data row with something in it: its position under the header (blank rows keep their number) and its cells as text. */
export type FileRow = { rowNumber: number; cells: string[] };

const HEAD_BYTES = 64 * 1024;
/** A cell or row longer than this is a broken file (an unclosed quote swallowing the rest), not data. */
const MAX_RECORD_BYTES = 256 * 1024;

export const fileError = (message: string) => new AppError('VALIDATION', { message, errors: { file: [message] } });

/**
 * Writes an upload to storage as it arrives, watching it on the way: its size (past
 * IMPORT_UPLOAD.maxBytes it fails with 413 and nothing is kept), its first bytes, and whether it
 * is UTF-8 throughout (a Windows-1252 accent can sit on the last row).
 */
export async function storeUpload(storage: Storage, key: string, upload: Readable) {
  let size = 0;
  const head: Buffer[] = [];
  let headSize = 0;
  let utf8 = true;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const probe = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > IMPORT_UPLOAD.maxBytes) {
        done(new AppError('PAYLOAD_TOO_LARGE', { message: IMPORT_MESSAGES.tooLarge, errors: { file: [IMPORT_MESSAGES.tooLarge] } }));
        return;
      }
      if (headSize < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
      }
      if (utf8) {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          utf8 = false;
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (utf8) {
        try {
          decoder.decode();
        } catch {
          utf8 = false;
        }
      }
      done();
    },
  });
  // A failure on either side (the client's stream, the probe's refusal) ends both.
  await storage.putStream(
    key,
    pipeline(upload, probe, () => {}),
  );
  return { size, head: Buffer.concat(head), utf8 };
}

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

/** The format from the bytes (the name and declared type are not trusted); anything else is refused with a pt-BR message. */
export function detectFormat(head: Buffer, utf8: boolean): ImportFileFormat {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { format: 'xlsx' };
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) throw fileError(IMPORT_MESSAGES.legacyExcel);
  // Excel's "Texto Unicode" is UTF-16 with its byte order mark.
  let encoding: CsvEncoding;
  if (startsWith(head, [0xff, 0xfe])) encoding = 'utf-16le';
  else if (startsWith(head, [0xfe, 0xff])) encoding = 'utf-16be';
  else if (head.includes(0)) throw fileError(IMPORT_MESSAGES.unsupported);
  else encoding = utf8 ? 'utf-8' : 'windows-1252';
  const text = iconv.decode(head, encoding);
  if (!looksLikeText(text)) throw fileError(IMPORT_MESSAGES.unsupported);
  return { format: 'csv', encoding, delimiter: detectDelimiter(text) };
}

/** Text a person wrote: no control characters beyond tabs and line breaks, and not markup, JSON or a PDF. */
function looksLikeText(text: string): boolean {
  const start = text.trimStart();
  if (start === '' || /^[<{[]/.test(start) || start.startsWith('%PDF-')) return false;
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127 || code === 0xfffd) controls += 1;
  }
  return controls <= text.length / 100;
}

/** The separator the header line uses most (outside quotes); ';' wins a tie, as Brazilian Excel writes it. */
function detectDelimiter(text: string): CsvDelimiter {
  const counts = { ';': 0, '\t': 0, ',': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as CsvDelimiter] += 1;
  }
  const order: CsvDelimiter[] = [';', '\t', ','];
  return order.reduce((best, d) => (counts[d] > counts[best] ? d : best), order[0] as CsvDelimiter);
}

async function openStored(storage: Storage, key: string): Promise<Readable> {
  const stored = await storage.get(key);
  if (!stored) throw new AppError('VALIDATION', { message: IMPORT_MESSAGES.fileMissing });
  return stored.stream;
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * Every record of the file after the header, numbered from 1, blank ones skipped (their numbers
 * kept). The header comes first, as row 0. Breaking out of the loop closes the file.
 */
export async function* readRecords(storage: Storage, key: string, file: ImportFileFormat): AsyncGenerator<FileRow> {
  const source = await openStored(storage, key);
  if (file.format === 'xlsx') yield* xlsxRecords(source);
  else yield* csvRecords(source, file);
}

async function* csvRecords(source: Readable, file: { encoding: CsvEncoding; delimiter: CsvDelimiter }): AsyncGenerator<FileRow> {
  const parser = parse({ delimiter: file.delimiter, relax_column_count: true, relax_quotes: true, max_record_size: MAX_RECORD_BYTES });
  // iconv-lite drops the byte order mark; a failure anywhere ends the loop below with it.
  pipeline(source, iconv.decodeStream(file.encoding), parser, () => {});
  let index = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const cells = record.map(clean);
      if (index === 0 || !isBlank(cells)) yield { rowNumber: index, cells };
      index += 1;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The header is line 1 of the spreadsheet; the broken record follows the last good one.
    throw fileError(IMPORT_MESSAGES.unreadable(index + 1));
  } finally {
    source.destroy();
  }
}

async function* xlsxRecords(source: Readable): AsyncGenerator<FileRow> {
  // exceljs loads with the first spreadsheet, not with the process.
  const { default: Excel } = await import('exceljs');
  // Shared strings and styles (which cells are dates) are kept; rows stream by.
  const reader = new Excel.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  // Iterated by hand: a loop would close exceljs's generators when the caller stops early, and a
  // sheet stored before the shared strings waits in a temporary file deleted only once read.
  const sheets = reader[Symbol.asyncIterator]();
  let rows: AsyncIterator<ExcelJS.Row> | undefined;
  let headerRow: number | undefined;
  let readable = true;
  try {
    // The first sheet of the workbook only.
    const sheet = await sheets.next();
    if (sheet.done) throw fileError(IMPORT_MESSAGES.unsupported);
    rows = sheet.value[Symbol.asyncIterator]();
    for (let row = await rows.next(); !row.done; row = await rows.next()) {
      const values = row.value.values as ExcelJS.CellValue[];
      const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => clean(cellText(values[i + 1])));
      if (headerRow === undefined) {
        if (isBlank(cells)) continue;
        headerRow = row.value.number;
      }
      if (row.value.number === headerRow || !isBlank(cells)) yield { rowNumber: row.value.number - headerRow, cells };
    }
  } catch (error) {
    readable = false;
    if (error instanceof AppError) throw error;
    throw fileError(IMPORT_MESSAGES.unsupported);
  } finally {
    // A sheet past the first that cannot be read is not the import's business.
    if (readable) await readToTheEnd(sheets, rows).catch(() => {});
    source.destroy();
  }
}

/** The rest of a workbook read and dropped, so that exceljs deletes its temporary files. */
async function readToTheEnd(sheets: AsyncIterator<ExcelJS.stream.xlsx.WorksheetReader>, rows?: AsyncIterator<ExcelJS.Row>) {
  const drain = async (iterator: AsyncIterator<unknown>) => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next());
  };
  if (rows) await drain(rows);
  for (let sheet = await sheets.next(); !sheet.done; sheet = await sheets.next()) await drain(sheet.value[Symbol.asyncIterator]());
}

/** A cell as text: a date cell as its ISO day, a formula as its result, rich text and links as their text. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  return '';
}

/** NUL bytes cannot be stored in PostgreSQL text; spaces around a cell are never data. */
const clean = (cell: string) => cell.replaceAll('\0', '').trim();

/** The header row: the column names, trailing unnamed columns dropped. */
export async function readHeader(storage: Storage, key: string, file: ImportFileFormat): Promise<string[]> {
  for await (const row of readRecords(storage, key, file)) {
    const last = row.cells.findLastIndex((c) => c !== '');
    const headers = row.cells.slice(0, last + 1);
    if (headers.length === 0) break;
    if (headers.length > IMPORT_UPLOAD.maxColumns) throw fileError(IMPORT_MESSAGES.tooManyColumns);
    return headers;
  }
  throw fileError(IMPORT_MESSAGES.noHeader);
}

/** The data rows (non-blank, after the header), each cut or padded to the header's columns. */
export async function* readDataRows(storage: Storage, key: string, file: ImportFileFormat, columns: number): AsyncGenerator<FileRow> {
  for await (const row of readRecords(storage, key, file)) {
    if (row.rowNumber === 0) continue;
    const cells = row.cells.slice(0, columns);
    while (cells.length < columns) cells.push('');
    if (!isBlank(cells)) yield { rowNumber: row.rowNumber, cells };
  }
}
