// A spreadsheet cannot take the server down: workbooks that inflate past WORKBOOK_BOUNDS (a shared
// strings part of 230 MB in a few hundred kilobytes, a part that lies about its size, too many
// parts) are refused with 400 before any parser reads them, nothing is kept, and two at once leave
// the process serving with its memory where it was.
import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_MESSAGES, WORKBOOK_BOUNDS } from '@app/shared';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';

const dataDir = mkdtempSync(join(tmpdir(), 'workbook-bounds-'));
const t = useTestApp({ DATA_DIR: dataDir });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Clientes" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const SHEET = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>1</v></c></row></sheetData></worksheet>`;

/** The shared strings of the sheet above (Nome, E-mail, a client) and `filler` strings more. */
function sharedStrings(filler: number, fillerText = 'x'.repeat(100)): Uint8Array {
  const head = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${3 + filler}" uniqueCount="${3 + filler}"><si><t>Nome</t></si><si><t>E-mail</t></si><si><t>Ana Lima</t></si>`;
  const item = strToU8(`<si><t>${fillerText}</t></si>`);
  const start = strToU8(head);
  const end = strToU8('</sst>');
  const out = new Uint8Array(start.length + item.length * filler + end.length);
  out.set(start, 0);
  for (let i = 0; i < filler; i++) out.set(item, start.length + i * item.length);
  out.set(end, start.length + item.length * filler);
  return out;
}

function workbook(strings: Uint8Array, extraParts: Record<string, Uint8Array> = {}): Buffer {
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': strToU8(CONTENT_TYPES),
        '_rels/.rels': strToU8(ROOT_RELS),
        'xl/workbook.xml': strToU8(WORKBOOK),
        'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
        'xl/sharedStrings.xml': strings,
        'xl/worksheets/sheet1.xml': strToU8(SHEET),
        ...extraParts,
      },
      { level: 9 },
    ),
  );
}

/** The same zip with every local header of `part` declaring `size` inflated bytes (a lie the reader must not trust). */
function lyingAbout(zip: Buffer, part: string, size: number): Buffer {
  const copy = Buffer.from(zip);
  for (let at = copy.indexOf('PK\x03\x04'); at >= 0; at = copy.indexOf('PK\x03\x04', at + 4)) {
    const nameLength = copy.readUInt16LE(at + 26);
    if (copy.toString('latin1', at + 30, at + 30 + nameLength) === part) copy.writeUInt32LE(size, at + 22);
  }
  return copy;
}

async function upload(data: Buffer, filename = 'clientes.xlsx') {
  const token = await t.tokenFor(DEMO.users.colaborador);
  const form = multipart({}, [{ filename, contentType: XLSX, data }]);
  return t.app.inject({
    method: 'PUT',
    url: '/api/uploads/clients',
    payload: form.body,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
}

const storedImports = async () => (await readdir(join(dataDir, 'uploads/imports'), { recursive: true }).catch(() => [])).length;

describe('workbooks past their bounds', () => {
  // 230 MB of shared strings that compress to well under a megabyte.
  const bomb = workbook(sharedStrings(2_300_000));

  it('a normal workbook of the same shape is read: its header mapped', async () => {
    const res = await upload(workbook(sharedStrings(10)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'xlsx', headers: ['Nome', 'E-mail'] });
  });

  it('a few hundred kilobytes that inflate to 230 MB of shared strings: 400 with the message, nothing stored', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = { imports: await t.deps.db.import.count(), files: await storedImports() };
    const res = await upload(bomb);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: IMPORT_MESSAGES.inflatesTooMuch, errors: { file: [IMPORT_MESSAGES.inflatesTooMuch] } });
    expect({ imports: await t.deps.db.import.count(), files: await storedImports() }).toEqual(before);
  });

  it('a part whose header declares a few bytes is measured as it inflates, not believed', async () => {
    const lying = lyingAbout(workbook(sharedStrings(200_000)), 'xl/sharedStrings.xml', 1000);
    const res = await upload(lying);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(IMPORT_MESSAGES.inflatesTooMuch);
  });

  it('more shared strings declared than the bound, or more parts than a workbook has: 400', async () => {
    const declared = workbook(sharedStrings(WORKBOOK_BOUNDS.sharedStrings + 1, ''));
    expect((await upload(declared)).json().message).toBe(IMPORT_MESSAGES.inflatesTooMuch);
    const parts = Object.fromEntries(
      Array.from({ length: WORKBOOK_BOUNDS.parts }, (_, i) => [`xl/media/p${i}.xml`, strToU8('<x/>')] as const),
    );
    const many = await upload(workbook(sharedStrings(1), parts));
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe(IMPORT_MESSAGES.inflatesTooMuch);
  });

  it('two at once: both refused, the server keeps answering and its heap stays where it was', async () => {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = heapBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 20);
    const [a, b] = await Promise.all([upload(bomb), upload(bomb)]);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    clearInterval(sampler);
    expect([a.statusCode, b.statusCode]).toEqual([400, 400]);
    expect(health.statusCode).toBe(200);
    // Reading the bomb's strings whole took gigabytes; counting its bytes as they inflate takes a few megabytes.
    expect(peak - heapBefore).toBeLessThan(100 * 1024 * 1024);
  });
});
