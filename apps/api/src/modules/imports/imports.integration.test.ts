import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_FIELDS, IMPORT_MESSAGES, type ImportKind, isValidCnpj, isValidCpf } from '@app/shared';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';
import { runImport } from './import-run';
import { importJob } from './imports.jobs';

const dataDir = mkdtempSync(join(tmpdir(), 'imports-test-'));
const t = useTestApp({ DATA_DIR: dataDir });

/** A CPF with valid check digits from a 9-digit base (the digits found by the product's own check). */
function cpf(base: number): string {
  const head = String(base).padStart(9, '0');
  for (let d = 0; d < 100; d++) {
    const candidate = head + String(d).padStart(2, '0');
    if (isValidCpf(candidate)) return candidate;
  }
  throw new Error(`no CPF for ${head}`);
}
function cnpj(base: number): string {
  const head = String(base).padStart(12, '0');
  for (let d = 0; d < 100; d++) {
    const candidate = head + String(d).padStart(2, '0');
    if (isValidCnpj(candidate)) return candidate;
  }
  throw new Error(`no CNPJ for ${head}`);
}
const formatCpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;

/** A CSV as spreadsheets write it: cells with the delimiter, quotes or line breaks quoted. */
const csv = (rows: string[][], delimiter = ';') =>
  `${rows.map((r) => r.map((c) => (c.includes(delimiter) || /["\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(delimiter)).join('\r\n')}\r\n`;

async function upload(token: string, kind: ImportKind, filename: string, data: Buffer, contentType = 'text/csv') {
  const form = multipart({}, [{ filename, contentType, data }]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/uploads/${kind}`,
    payload: form.body,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
}

async function uploaded(token: string, kind: ImportKind, filename: string, data: Buffer, contentType?: string) {
  const res = await upload(token, kind, filename, data, contentType);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function preview(token: string, id: number, body: Record<string, unknown>) {
  return t.call('POST', `/api/imports/${id}/preview`, { token, body });
}

/** Starts the import and waits for its job; answers the import as GET shows it then. */
async function run(token: string, id: number, mapping: Record<string, number>, updateExisting = false) {
  const p = await preview(token, id, { mapping, update_existing: updateExisting });
  expect(p.statusCode, p.body).toBe(200);
  const started = await t.call('POST', `/api/imports/${id}/start`, { token });
  expect(started.statusCode, started.body).toBe(200);
  await t.platform.jobs.drain();
  return (await t.call('GET', `/api/imports/${id}`, { token })).json();
}

const importFiles = async () =>
  (await readdir(join(dataDir, 'uploads', 'imports'), { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((f) => f.isFile())
    .map((f) => f.name);

const clientsWith = (field: 'cpf' | 'email' | 'cnpj', values: string[]) =>
  t.deps.db.client.findMany({ where: { [field]: { in: values } }, orderBy: { id: 'asc' } });

const HEADER = ['Nome completo', 'CPF', 'E-mail', 'Celular', 'Data de nascimento', 'Cidade', 'Observações'];
const MAPPING = { name: 0, cpf: 1, email: 2, phone: 3, birth_date: 4, notes: 6 };

describe('PUT /api/uploads/{kind}: formats and encodings', () => {
  // Nothing is written by a preview, so every case can use the same people.
  const rows = [
    HEADER,
    ['João Conceição', formatCpf(cpf(310_000_001)), 'joao@exemplo.com.br', '(11) 98888-7777', '05/03/1980', 'São Paulo', 'Ação rápida'],
    ['Ângela Muñoz', cpf(310_000_002), 'ANGELA@Exemplo.com.br', '11 3333-4444', '1979-12-31', 'Niterói', ''],
  ];

  it.each([
    {
      label: "';' in Windows-1252, as Brazilian Excel saves it",
      delimiter: ';',
      encode: (s: string) => iconv.encode(s, 'win1252'),
      encoding: 'windows-1252',
    },
    { label: "',' in UTF-8 with BOM", delimiter: ',', encode: (s: string) => Buffer.from(`\ufeff${s}`), encoding: 'utf-8' },
    { label: 'tab in UTF-8 without BOM', delimiter: '\t', encode: (s: string) => Buffer.from(s), encoding: 'utf-8' },
    {
      label: "';' in UTF-16 (Excel's Unicode text)",
      delimiter: ';',
      encode: (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(s, 'utf-16le')]),
      encoding: 'utf-16le',
    },
  ])('$label: detected, headers read, mapped by their names, accents kept', async ({ delimiter, encode, encoding }) => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const imp = await uploaded(token, 'clients', 'clientes.csv', encode(csv(rows, delimiter)));
    expect(imp).toMatchObject({
      status: 'uploaded',
      format: 'csv',
      encoding,
      delimiter,
      headers: HEADER,
      mapping: { ...MAPPING, city: 5 },
    });
    expect(imp.fields.map((f: { key: string }) => f.key)).toEqual(IMPORT_FIELDS.clients.map((f) => f.key));
    const p = await preview(token, imp.id, { mapping: imp.mapping, update_existing: false });
    expect(p.statusCode, p.body).toBe(200);
    // A city alone is no address: the row is refused for the parts it lacks (the user unmaps the column).
    expect(p.json().rows[0].reasons).toContain('Logradouro: Preencha este campo');
    const q = await preview(token, imp.id, { mapping: MAPPING, update_existing: false });
    const { rows: shown, totals } = q.json();
    expect(totals).toEqual({ rows: 2, create: 2, update: 0, reject: 0 });
    expect(shown[0]).toMatchObject({
      row_number: 1,
      line: 2,
      action: 'create',
      values: {
        name: 'João Conceição',
        cpf: cpf(310_000_001),
        email: 'joao@exemplo.com.br',
        birth_date: '1980-03-05',
        notes: 'Ação rápida',
      },
    });
    expect(shown[1].values).toMatchObject({ name: 'Ângela Muñoz', email: 'angela@exemplo.com.br', birth_date: '1979-12-31', notes: null });
  });

  it('XLSX (sniffed by its bytes, whatever its name): text, numbers that lost their leading zeros, date cells', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clientes');
    sheet.addRow(['Nome', 'CPF', 'Email', 'Nascimento', 'CEP', 'Endereço', 'Número', 'Bairro', 'Cidade', 'UF']);
    const leadingZero = cpf(12_345_678); // '012345678..': Excel keeps it as a number
    sheet.addRow([
      'Conceição Araújo',
      Number(leadingZero),
      'conceicao@exemplo.com.br',
      new Date(Date.UTC(1985, 6, 14)),
      1001000,
      'Praça da Sé',
      100,
      'Sé',
      'São Paulo',
      'sp',
    ]);
    sheet.addRow([]);
    sheet.addRow([
      { richText: [{ text: 'Bento ' }, { text: 'Gonçalves' }] },
      '',
      { text: 'bento@exemplo.com.br', hyperlink: 'mailto:bento@exemplo.com.br' },
    ]);
    sheet.getColumn(4).numFmt = 'dd/mm/yyyy';
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const imp = await uploaded(token, 'clients', 'planilha.csv', data, 'text/csv');
    expect(imp).toMatchObject({ format: 'xlsx', encoding: null, delimiter: null });
    expect(imp.mapping).toEqual({
      name: 0,
      cpf: 1,
      email: 2,
      birth_date: 3,
      postal_code: 4,
      street: 5,
      number: 6,
      neighborhood: 7,
      city: 8,
      state: 9,
    });
    const done = await run(token, imp.id, imp.mapping);
    expect(done).toMatchObject({ status: 'done', total_rows: 2, processed_rows: 2, created_count: 2, rejected_count: 0 });
    // Who started it hears of the end on the bell.
    const bell = (await t.call('GET', '/api/notifications', { token })).json() as {
      notifications: { kind: string; title: string; link: string }[];
    };
    expect(bell.notifications[0]).toEqual(
      expect.objectContaining({
        kind: 'import_finished',
        title: 'Importação de “planilha.csv” concluída: 2 novos, 0 atualizados, 0 recusados',
        link: '/clientes/import',
      }),
    );
    const [saved] = await clientsWith('cpf', [leadingZero]);
    expect(saved).toMatchObject({ name: 'Conceição Araújo', email: 'conceicao@exemplo.com.br' });
    expect(saved?.birthDate?.toISOString().slice(0, 10)).toBe('1985-07-14');
    const address = await t.deps.db.clientAddress.findFirst({ where: { clientId: saved?.id } });
    expect(address).toMatchObject({ postalCode: '01001000', street: 'Praça da Sé', number: '100', state: 'SP' });
    const [bento] = await clientsWith('email', ['bento@exemplo.com.br']);
    expect(bento?.name).toBe('Bento Gonçalves');
  });

  it('refuses anything that is not a CSV or XLSX, or has no header row, with a pt-BR message, keeping nothing', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const before = { imports: await t.deps.db.import.count(), files: await importFiles() };
    const cases = [
      { name: 'documento.csv', data: FILES.pdf, message: IMPORT_MESSAGES.unsupported },
      { name: 'foto.csv', data: FILES.png, message: IMPORT_MESSAGES.unsupported },
      { name: 'pagina.csv', data: Buffer.from('<!doctype html><html><body>Nome;CPF</body></html>'), message: IMPORT_MESSAGES.unsupported },
      {
        name: 'antiga.xls',
        data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]),
        message: IMPORT_MESSAGES.legacyExcel,
      },
      {
        name: 'quebrada.xlsx',
        data: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]),
        message: IMPORT_MESSAGES.unsupported,
      },
      { name: 'vazia.csv', data: Buffer.from(''), message: IMPORT_MESSAGES.unsupported },
      { name: 'sem-cabecalho.csv', data: Buffer.from(';;;\r\n;;\r\n'), message: IMPORT_MESSAGES.noHeader },
      {
        name: 'larga.csv',
        data: Buffer.from(`${Array.from({ length: 101 }, (_, i) => `C${i}`).join(';')}\r\n`),
        message: IMPORT_MESSAGES.tooManyColumns,
      },
    ];
    for (const c of cases) {
      const res = await upload(token, 'clients', c.name, c.data);
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(400);
      expect(res.json(), c.name).toMatchObject({ message: c.message, errors: { file: [c.message] } });
    }
    const big = await upload(
      token,
      'suppliers',
      'grande.csv',
      Buffer.concat([Buffer.from('Nome;CPF\r\n'), Buffer.alloc(20 * 1024 * 1024, 'a')]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(IMPORT_MESSAGES.tooLarge);
    const form = multipart({ kind: 'clients' }, [{ filename: 'c.csv', contentType: 'text/csv', data: Buffer.from('Nome\r\n') }]);
    const other = await t.app.inject({
      method: 'PUT',
      url: '/api/uploads/clients',
      payload: form.body,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ kind: ['não é permitido'] });
    expect(await t.deps.db.import.count()).toBe(before.imports);
    expect(await importFiles()).toEqual(before.files);
    // The control: a valid file is kept.
    await uploaded(token, 'clients', 'clientes.csv', Buffer.from('Nome\r\nAna\r\n'));
    expect((await importFiles()).length).toBe(before.files.length + 1);
    expect((await t.call('PUT', '/api/uploads/clients', { body: {} })).statusCode).toBe(401);
  });
});

describe('POST /api/imports/{id}/preview', () => {
  it('checks the mapping: known fields, existing columns, one field per column, required fields mapped', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const imp = await uploaded(
      token,
      'clients',
      'c.csv',
      Buffer.from(
        csv([
          ['Cliente', 'Documento', 'Contato'],
          ['Ana Lima', '', ''],
        ]),
      ),
    );
    expect(imp.mapping).toEqual({ name: 0, cpf: 1 });
    const res = await preview(token, imp.id, { mapping: { cpf: 1, cnpj: 0, email: 7, phone: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'mapping.cnpj': ['não é permitido'],
      'mapping.email': [IMPORT_MESSAGES.columnMissing],
      'mapping.phone': [IMPORT_MESSAGES.columnTwice],
      'mapping.name': [IMPORT_MESSAGES.unmapped],
    });
    expect((await t.call('POST', `/api/imports/${imp.id}/start`, { token: await t.tokenFor(DEMO.users.owner) })).statusCode).toBe(200);
    await t.platform.jobs.drain();
    const late = await preview(token, imp.id, { mapping: { name: 0 } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(IMPORT_MESSAGES.notEditable);
  });

  it('shows the first rows as they will be saved and every invalid row with its reasons, without writing a record', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const known = cpf(320_000_001);
    const knownEmail = 'cadastrada@exemplo.com.br';
    for (const body of [
      { kind: 'person', name: 'Já Cadastrada', cpf: known },
      { kind: 'person', name: 'Sem Documento', email: knownEmail },
    ]) {
      expect((await t.call('POST', '/api/clients', { token, body })).statusCode).toBe(200);
    }
    const good = cpf(320_000_002);
    const twice = cpf(320_000_003);
    const file = [
      ['Nome', 'CPF', 'E-mail', 'Nascimento', 'CEP', 'Logradouro'],
      ['Boa Pessoa', good, 'boa@exemplo.com.br', '1/2/1990', '', ''],
      ['', cpf(320_000_004), '', '', '', ''],
      ['CPF Errado', '123.456.789-00', '', '', '', ''],
      ['Email Errado', '', 'maria@', '', '', ''],
      ['Data Errada', '', '', '31/02/1990', '', ''],
      ['Primeira Vez', twice, '', '', '', ''],
      ['Segunda Vez', twice, '', '', '', ''],
      ['Sem CPF', '', 'igual@exemplo.com.br', '', '', ''],
      ['Outro Sem CPF', '', 'IGUAL@exemplo.com.br', '', '', ''],
      ['Já Cadastrada', formatCpf(known), '', '', '', ''],
      ['Mesmo E-mail', '', knownEmail, '', '', ''],
      ['Endereço Pela Metade', '', '', '', '01001-000', 'Praça da Sé'],
    ];
    const imp = await uploaded(token, 'clients', 'c.csv', Buffer.from(csv(file)));
    const clientsBefore = await t.deps.db.client.count();
    const res = await preview(token, imp.id, { mapping: imp.mapping, update_existing: false, per_page: 20 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({ rows: 12, create: 3, update: 0, reject: 9 });
    expect(body.rows[0]).toEqual({
      row_number: 1,
      line: 2,
      action: 'create',
      values: { name: 'Boa Pessoa', cpf: good, email: 'boa@exemplo.com.br', birth_date: '1990-02-01', postal_code: null, street: null },
      reasons: [],
    });
    const reasons = Object.fromEntries(body.invalid.rows.map((r: { line: number; reasons: string[] }) => [r.line, r.reasons]));
    expect(reasons).toEqual({
      3: ['Nome: Preencha este campo'],
      4: ['CPF não é válido'],
      5: ['E-mail: Formato de email inválido'],
      6: ['Data de nascimento: Este campo não é válido (dd/mm/aaaa)'],
      8: ['CPF: repetido no arquivo (linha 7)'],
      10: ['E-mail: repetido no arquivo (linha 9)'],
      11: ['CPF: já cadastrado na agência'],
      12: ['E-mail: já cadastrado na agência'],
      13: ['Número: Preencha este campo', 'Bairro: Preencha este campo', 'Cidade: Preencha este campo', 'UF: Preencha este campo'],
    });
    expect(body.invalid.rows[0].data).toEqual(['', cpf(320_000_004), '', '', '', '']);
    expect(body.invalid.pagination).toMatchObject({ total_count: 9, current_page: 1 });
    // A page of the invalid rows; asking to update turns "already in the agency" into updates.
    const page = (await preview(token, imp.id, { mapping: imp.mapping, update_existing: true, page: 2, per_page: 2 })).json();
    expect(page.totals).toEqual({ rows: 12, create: 3, update: 2, reject: 7 });
    expect(page.invalid.rows.map((r: { line: number }) => r.line)).toEqual([5, 6]);
    expect(page.invalid.pagination).toMatchObject({ total_count: 7, total_pages: 4, current_page: 2 });
    expect(page.rows.filter((r: { action: string }) => r.action === 'update').map((r: { line: number }) => r.line)).toEqual([11, 12]);
    expect(await t.deps.db.client.count()).toBe(clientsBefore);
    expect((await t.call('GET', `/api/imports/${imp.id}`, { token })).json()).toMatchObject({
      update_existing: true,
      total_rows: 12,
      status: 'uploaded',
    });
  });
});

describe('the import job', () => {
  it('saves the valid rows and reports the rest; the rejects CSV has the original columns and the reasons; importing again creates nothing twice, updates when asked', async () => {
    const token = await t.tokenFor(DEMO.users.admin);
    const [a, b] = [cpf(330_000_001), cpf(330_000_002)];
    const file = [
      ['Nome', 'CPF', 'E-mail', 'Telefone', 'Observações'],
      ['Ana "Aninha" Souza', formatCpf(a), 'ana@exemplo.com.br', '11 90000-0001', 'Prefere janela; viaja em julho'],
      ['Bruno Dias', b, '', '', ''],
      ['Carla Sem Documento', '', 'carla@exemplo.com.br', '', ''],
      ['Só O Nome', '', '', '', ''],
      ['Ruim', '111.111.111-11', 'ruim@', '', ''],
    ];
    const data = Buffer.from(csv(file));
    const first = await uploaded(token, 'clients', 'Base antiga.csv', data);
    const done = await run(token, first.id, first.mapping);
    expect(done).toMatchObject({
      status: 'done',
      total_rows: 5,
      processed_rows: 5,
      created_count: 4,
      updated_count: 0,
      rejected_count: 1,
      error: null,
    });
    expect(done.finished_at).toEqual(expect.any(String));
    // The rejected rows keep their cells: the finished import's file is deleted.
    const { fileKey } = await t.deps.db.import.findUniqueOrThrow({ where: { id: first.id } });
    expect(await t.platform.storage.exists(fileKey)).toBe(false);

    const rejects = await t.call('GET', `/api/imports/${first.id}/rejects.csv`, { token });
    expect(rejects.statusCode).toBe(200);
    expect(rejects.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(rejects.headers['content-disposition']).toContain('Base antiga-rejeitadas.csv');
    expect(rejects.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(rejects.body.slice(1)).toBe(
      'Nome;CPF;E-mail;Telefone;Observações;Motivo\r\nRuim;111.111.111-11;ruim@;;;"CPF não é válido; E-mail: Formato de email inválido"\r\n',
    );
    const saved = await clientsWith('cpf', [a, b]);
    expect(saved.map((c) => [c.name, c.kind, c.notes])).toEqual([
      ['Ana "Aninha" Souza', 'person', 'Prefere janela; viaja em julho'],
      ['Bruno Dias', 'person', null],
    ]);

    // The same file again: everything is already there.
    const again = await uploaded(token, 'clients', 'Base antiga.csv', data);
    expect(await run(token, again.id, again.mapping)).toMatchObject({
      status: 'done',
      created_count: 0,
      updated_count: 0,
      rejected_count: 5,
    });
    const reasons = await t.deps.db.importRejection.findMany({ where: { importId: again.id }, orderBy: { rowNumber: 'asc' } });
    expect(reasons.map((r) => r.reasons)).toEqual([
      ['CPF: já cadastrado na agência'],
      ['CPF: já cadastrado na agência'],
      ['E-mail: já cadastrado na agência'],
      ['Nome: já cadastrado na agência'],
      ['CPF não é válido', 'E-mail: Formato de email inválido'],
    ]);

    // Again, asking to update: filled cells replace, blank ones keep.
    const edited = file.map((row) => [...row]);
    (edited[2] as string[])[3] = '21 3000-0000';
    (edited[1] as string[])[4] = '';
    const updating = await uploaded(token, 'clients', 'Base nova.csv', Buffer.from(csv(edited)));
    expect(await run(token, updating.id, updating.mapping, true)).toMatchObject({ created_count: 0, updated_count: 4, rejected_count: 1 });
    const after = await clientsWith('cpf', [a, b]);
    expect(after.map((c) => [c.id, c.phone, c.notes])).toEqual([
      [saved[0]?.id, '11 90000-0001', 'Prefere janela; viaja em julho'],
      [saved[1]?.id, '21 3000-0000', null],
    ]);
    expect(await t.deps.db.client.count({ where: { name: { in: ['Carla Sem Documento', 'Só O Nome'] } } })).toBe(2);
    expect((await t.call('POST', `/api/imports/${updating.id}/start`, { token })).statusCode).toBe(409);
  });

  it("never matches nor touches another agency's records: same CPF there, created here; its imports answer 404", async () => {
    const outra = await t.tokenFor(DEMO.users.outraOwner);
    const demo = await t.tokenFor(DEMO.users.owner);
    const shared = cpf(340_000_001);
    const theirs = await t.call('POST', '/api/clients', {
      token: outra,
      body: { kind: 'person', name: 'Cliente da Outra', cpf: shared, email: 'igual@outra.test' },
    });
    expect(theirs.statusCode).toBe(200);
    const before = await t.deps.db.client.findUniqueOrThrow({ where: { id: theirs.json().id } });
    const file = Buffer.from(
      csv([
        ['Nome', 'CPF', 'E-mail'],
        ['Cliente da Demo', shared, 'igual@outra.test'],
        ['Nome Igual', '', 'igual@outra.test'],
      ]),
    );
    const imp = await uploaded(demo, 'clients', 'c.csv', file);
    const p = (await preview(demo, imp.id, { mapping: imp.mapping, update_existing: true })).json();
    expect(p.totals).toMatchObject({ create: 1, update: 0, reject: 1 });
    const done = await run(demo, imp.id, imp.mapping, true);
    expect(done).toMatchObject({ created_count: 1, updated_count: 0, rejected_count: 1 });
    const both = await clientsWith('cpf', [shared]);
    expect(both.map((c) => c.name).sort()).toEqual(['Cliente da Demo', 'Cliente da Outra']);
    expect(await t.deps.db.client.findUniqueOrThrow({ where: { id: before.id } })).toEqual(before);
    for (const url of [`/api/imports/${imp.id}`, `/api/imports/${imp.id}/rejects.csv`]) {
      expect((await t.call('GET', url, { token: outra })).statusCode, url).toBe(404);
    }
    expect((await t.call('POST', `/api/imports/${imp.id}/start`, { token: outra })).statusCode).toBe(404);
    expect((await preview(outra, imp.id, { mapping: { name: 0 } })).statusCode).toBe(404);
    const list = (await t.call('GET', '/api/imports', { token: outra })).json();
    expect(list.imports.map((i: { id: number }) => i.id)).not.toContain(imp.id);
  });

  it('a job killed between batches resumes after the last committed one: nothing duplicated, nothing skipped', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const deps = { db: t.deps.db, storage: t.platform.storage };
    for (const [n, resumeBy] of (['the queue picking the job up again', 'a new start after a failure'] as const).entries()) {
      const rows = Array.from({ length: 1_234 }, (_, i) => [
        `Retomada ${i + 1}`,
        cpf(350_000_000 + n * 10_000 + i),
        i % 100 === 0 ? 'errado@' : '',
      ]);
      const imp = await uploaded(token, 'clients', 'grande.csv', Buffer.from(csv([['Nome', 'CPF', 'E-mail'], ...rows])));
      expect((await preview(token, imp.id, { mapping: imp.mapping })).statusCode).toBe(200);
      await t.deps.db.import.update({ where: { id: imp.id }, data: { status: 'queued' } });
      // A worker that dies after its first batch: its transaction committed, the rest never ran.
      await runImport(deps, imp.id, { signal: AbortSignal.abort() });
      const cut = (await t.call('GET', `/api/imports/${imp.id}`, { token })).json();
      expect(cut).toMatchObject({ status: 'running', processed_rows: 500, created_count: 495, rejected_count: 5, total_rows: 1_234 });
      if (resumeBy === 'the queue picking the job up again') {
        await t.platform.jobs.enqueue(importJob, { import_id: imp.id });
        await t.platform.jobs.drain();
      } else {
        await t.deps.db.import.update({ where: { id: imp.id }, data: { status: 'failed', error: IMPORT_MESSAGES.unexpected } });
        expect((await t.call('POST', `/api/imports/${imp.id}/start`, { token })).statusCode).toBe(200);
        await t.platform.jobs.drain();
      }
      const done = (await t.call('GET', `/api/imports/${imp.id}`, { token })).json();
      expect(done, resumeBy).toMatchObject({
        status: 'done',
        processed_rows: 1_234,
        created_count: 1_221,
        updated_count: 0,
        rejected_count: 13,
        error: null,
      });
      expect(await t.deps.db.importRejection.count({ where: { importId: imp.id } })).toBe(13);
    }
    const saved = await t.deps.db.client.groupBy({ by: ['cpf'], where: { name: { startsWith: 'Retomada ' } }, _count: true });
    expect(saved).toHaveLength(2 * 1_221);
    expect(saved.every((g) => g._count === 1)).toBe(true);
    // A rerun of a finished import changes nothing.
    const last = await t.deps.db.import.findFirstOrThrow({ where: { filename: 'grande.csv' }, orderBy: { id: 'desc' } });
    await runImport(deps, last.id);
    expect(await t.deps.db.import.findUniqueOrThrow({ where: { id: last.id } })).toEqual(last);
  });

  it('imports 5,000 rows in batches with exact totals', { timeout: 60_000 }, async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const rows = Array.from({ length: 5_000 }, (_, i) => [
      `Cliente ${i + 1}`,
      i % 250 === 7 ? '000.000.000-00' : formatCpf(cpf(360_000_000 + i)),
      `cliente${i + 1}@exemplo.com.br`,
      '01/01/1990',
    ]);
    const imp = await uploaded(
      token,
      'clients',
      'cinco-mil.csv',
      Buffer.from(csv([['Nome', 'CPF', 'E-mail', 'Data de nascimento'], ...rows])),
    );
    const done = await run(token, imp.id, imp.mapping);
    expect(done).toMatchObject({ status: 'done', total_rows: 5_000, processed_rows: 5_000, created_count: 4_980, rejected_count: 20 });
    expect(await t.deps.db.client.count({ where: { email: { endsWith: '@exemplo.com.br' }, name: { startsWith: 'Cliente ' } } })).toBe(
      4_980,
    );
  });

  it('organizations by CNPJ and suppliers by CPF or CNPJ, with service types by their names and a trade name', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const org = cnpj(370_000_000_001);
    const orgs = await uploaded(
      token,
      'organizations',
      'empresas.csv',
      Buffer.from(
        csv([
          ['Razão social', 'CNPJ', 'E-mail'],
          ['Viagens Alfa Ltda', org, 'contato@alfa.com.br'],
        ]),
      ),
    );
    expect(orgs.mapping).toEqual({ name: 0, cnpj: 1, email: 2 });
    expect(await run(token, orgs.id, orgs.mapping)).toMatchObject({ created_count: 1 });
    expect((await clientsWith('cnpj', [org]))[0]).toMatchObject({ kind: 'organization', name: 'Viagens Alfa Ltda' });

    const [company, person] = [cnpj(370_000_000_002), cpf(370_000_003)];
    const file = [
      ['Razão social', 'Nome fantasia', 'CPF/CNPJ', 'Tipos de serviço', 'UF'],
      ['Hotel Beira Mar S.A.', 'Beira Mar', company, 'Hospedagem, aéreo', 'ba'],
      ['Guia Marcos', '', person, '', ''],
      ['Fornecedor Ruim', '', '123', 'Teleporte', ''],
    ];
    const sup = await uploaded(token, 'suppliers', 'fornecedores.csv', Buffer.from(csv(file)));
    expect(sup.mapping).toEqual({ name: 0, trade_name: 1, document: 2, service_types: 3, state: 4 });
    const p = (await preview(token, sup.id, { mapping: sup.mapping })).json();
    expect(p.invalid.rows[0].reasons).toEqual([
      'CPF/CNPJ não é válido',
      'Tipos de serviço: Este campo não é válido (separados por vírgula, ex.: Aéreo, Hospedagem; vazio: Outros)',
    ]);
    expect(await run(token, sup.id, sup.mapping)).toMatchObject({ created_count: 2, rejected_count: 1 });
    const suppliers = await t.deps.db.supplier.findMany({ where: { OR: [{ cnpj: company }, { cpf: person }] }, orderBy: { id: 'asc' } });
    expect(suppliers.map((s) => [s.kind, s.name, s.tradeName, s.serviceTypes, s.state])).toEqual([
      ['organization', 'Hotel Beira Mar S.A.', 'Beira Mar', ['air', 'accommodation'], 'BA'],
      ['person', 'Guia Marcos', null, ['other'], null],
    ]);
  });
});

describe('templates and the list', () => {
  it('GET /api/imports/template/{kind}: a CSV with the pt-BR columns, which map back to every field on upload', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    for (const kind of ['clients', 'organizations', 'suppliers'] as const) {
      const res = await t.call('GET', `/api/imports/template/${kind}`, { token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.body).toBe(`\ufeff${IMPORT_FIELDS[kind].map((f) => f.label).join(';')}\r\n`);
      const imp = await uploaded(token, kind, 'modelo.csv', res.rawPayload);
      expect(Object.keys(imp.mapping).sort()).toEqual(IMPORT_FIELDS[kind].map((f) => f.key).sort());
    }
    expect((await t.call('GET', '/api/imports/template/clients')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/imports/template/outros', { token })).statusCode).toBe(400);
  });

  it("GET /api/imports: the agency's imports, newest first, by kind", async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const s = await uploaded(token, 'suppliers', 'f.csv', Buffer.from('Nome\r\nX Ltda\r\n'));
    const c = await uploaded(token, 'clients', 'c.csv', Buffer.from('Nome\r\nX\r\n'));
    const all = (await t.call('GET', '/api/imports?per_page=2', { token })).json();
    expect(all.imports.map((i: { id: number }) => i.id)).toEqual([c.id, s.id]);
    expect(all.imports[0]).toMatchObject({ kind: 'clients', status: 'uploaded', filename: 'c.csv', processed_rows: 0 });
    const suppliers = (await t.call('GET', '/api/imports?kind=suppliers', { token })).json();
    expect(suppliers.imports.every((i: { kind: string }) => i.kind === 'suppliers')).toBe(true);
    expect(suppliers.imports[0].id).toBe(s.id);
  });
});
