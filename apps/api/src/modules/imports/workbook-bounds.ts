// What an XLSX may inflate to, checked before any spreadsheet parser reads it. The upload limit
// counts compressed bytes, and a workbook of a few hundred kilobytes can inflate to gigabytes (a
// shared-strings part that exceljs keeps whole in memory). The stored file is streamed through
// unzipper once: each part's inflated bytes are counted as they come (zlib, off the event loop),
// whatever its header declares, and the walk stops at the first bound passed.
import type { Readable } from 'node:stream';
import { IMPORT_MESSAGES, WORKBOOK_BOUNDS } from '@app/shared';
import type { Entry } from 'unzipper';
import { fileError } from './import-file';

/** The parts exceljs keeps whole while it reads: their inflated size is what an import's memory follows. */
const KEPT_PARTS = /^xl\/(sharedStrings|styles|workbook)\.xml$/i;
const SHARED_STRINGS = /^xl\/sharedStrings\.xml$/i;

class Passed extends Error {}

/** The declared count of distinct strings, from the first bytes of sharedStrings.xml. */
function declaredStrings(head: string): number {
  const match = /<sst\b[^>]*\buniqueCount="(\d+)"/.exec(head) ?? /<sst\b[^>]*\bcount="(\d+)"/.exec(head);
  return match ? Number(match[1]) : 0;
}

/**
 * Refuses (400, the file's message) a workbook past WORKBOOK_BOUNDS: more parts than a workbook
 * has, a part kept in memory or the whole past their inflated bytes (declared or actual), or more
 * shared strings than declared allowed. `source` is read to its end or destroyed.
 */
export async function checkWorkbookBounds(source: Readable): Promise<void> {
  // Loaded with the first spreadsheet import, not at boot.
  const { default: unzipper } = await import('unzipper');
  const zip = source.pipe(unzipper.Parse({ forceStream: true }));
  let parts = 0;
  let total = 0;
  try {
    for await (const item of zip) {
      const entry = item as Entry;
      parts += 1;
      if (parts > WORKBOOK_BOUNDS.parts) throw new Passed();
      const kept = KEPT_PARTS.test(entry.path);
      const partLimit = kept ? WORKBOOK_BOUNDS.keptPartBytes : WORKBOOK_BOUNDS.totalBytes;
      // Declared in the local header (0 when a data descriptor follows the data): read at run time,
      // the type package leaves it out.
      const declared = (entry.vars as { uncompressedSize?: number }).uncompressedSize ?? 0;
      if (declared > partLimit || total + declared > WORKBOOK_BOUNDS.totalBytes) throw new Passed();
      let size = 0;
      let head = '';
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        size += chunk.length;
        total += chunk.length;
        if (size > partLimit || total > WORKBOOK_BOUNDS.totalBytes) throw new Passed();
        if (SHARED_STRINGS.test(entry.path) && head.length < 1024) {
          head += chunk.subarray(0, 1024).toString('latin1');
          if (declaredStrings(head) > WORKBOOK_BOUNDS.sharedStrings) throw new Passed();
        }
      }
    }
  } catch (error) {
    if (error instanceof Passed) throw fileError(IMPORT_MESSAGES.inflatesTooMuch);
    throw fileError(IMPORT_MESSAGES.unsupported);
  } finally {
    source.destroy();
    zip.destroy();
  }
}
