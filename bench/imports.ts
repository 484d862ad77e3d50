// Imports (issue 16): BENCH_ROWS (default 50,000) clients from one spreadsheet, through the real
// routes and job of the API started as its own process (embedded job queue, so the job runs in
// it). Wipes and re-migrates DATABASE_URL, writes one agency (its owner signs in) holding 1% of the
// file's people already, then times:
//   1. PUT /api/uploads/clients: a ';'-separated CSV in Windows-1252, as Brazilian Excel saves it
//      (name, CPF, e-mail, phone, birth date, a full address, notes; 1% bad CPFs, 0.5% repeated);
//   2. POST /api/imports/{id}/preview: the whole file checked, the agency looked up per 1,000 rows;
//   3. POST /api/imports/{id}/start, then GET /api/imports/{id} every 250 ms until done;
// and reads the API process's peak resident memory (VmHWM), against 30 s and 300 MB.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_imports npx tsx bench/imports.ts
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedReferenceData } from '@app/db/reference-seed';
import { isValidCpf } from '@app/shared';
import { BENCH } from './crm-data';
import { activateAllCompanies, fillCompany, freshBenchDatabase } from './fill';
import { startApi } from './lib';
import { loadAverage, signIn } from './load';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const TARGET = { seconds: 30, rssMb: 300 };

const { db, passwordHash, step } = await freshBenchDatabase('bench_imports');
// The reference lists are seeded before the API starts, as every start but a database's first finds
// them: the API then reads the seed's state and never loads its data packages (main.ts).
await seedReferenceData(db);
const agency = await db.company.create({ data: { name: 'Agência Importa', subdomain: 'importa' } });
await fillCompany(db, agency.id, { users: 1, clients: 0, attendances: 0 }, 'dono@importa.bench', passwordHash);
await activateAllCompanies(db);

/** A CPF with valid check digits from a 9-digit base (found by the product's own check). */
function cpf(base: number): string {
  const head = String(base).padStart(9, '0');
  for (let d = 0; d < 100; d++) {
    const candidate = head + String(d).padStart(2, '0');
    if (isValidCpf(candidate)) return candidate;
  }
  throw new Error(`no CPF for ${head}`);
}
const formatted = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;

const FIRST = ['Ana', 'João', 'Conceição', 'Mário', 'Lúcia', 'Sérgio', 'Fátima', 'André', 'Inês', 'Otávio'];
const LAST = ['Araújo', 'Gonçalves', 'Magalhães', 'Simões', 'Brandão', 'Assunção', 'Leão', 'Falcão'];
const CITIES = [
  ['São Paulo', 'SP'],
  ['Niterói', 'RJ'],
  ['Florianópolis', 'SC'],
  ['Maceió', 'AL'],
  ['Belém', 'PA'],
];
const header = [
  'Nome completo',
  'CPF',
  'E-mail',
  'Celular',
  'Data de nascimento',
  'CEP',
  'Endereço',
  'Número',
  'Complemento',
  'Bairro',
  'Cidade',
  'UF',
  'Observações',
];
const lines = [header.join(';')];
const existing: { name: string; cpf: string }[] = [];
for (let i = 1; i <= ROWS; i++) {
  const number = i % 200 === 0 ? cpf(400_000_000 + i - 1) : cpf(400_000_000 + i); // 0.5%: the row before's CPF
  const name = `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]} ${i}`;
  const [city, state] = CITIES[i % CITIES.length] as [string, string];
  if (i % 100 === 50) existing.push({ name, cpf: number });
  lines.push(
    [
      name,
      i % 100 === 1 ? '123.456.789-00' : formatted(number),
      `cliente${i}@importa.bench`,
      `(11) 9${String(i).padStart(4, '0').slice(-4)}-${String(i % 10_000).padStart(4, '0')}`,
      `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/${1950 + (i % 50)}`,
      `${String(10_000 + (i % 89_999)).padStart(5, '0')}-000`,
      `Rua São João ${i % 300}`,
      String(i % 2000),
      i % 3 === 0 ? 'Apto. 12' : '',
      'Centro',
      city,
      state,
      i % 7 === 0 ? '"Prefere voos à noite; ""cliente VIP"""' : '',
    ].join(';'),
  );
}
// Every accent here is in Latin-1, which Windows-1252 shares.
const file = Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
// 1% of the people are already clients of the agency (rejected as such: the import does not update).
for (let i = 0; i < existing.length; i += 1000) {
  const chunk = existing.slice(i, i + 1000);
  await db.$executeRaw`
    INSERT INTO clients (company_id, kind, name, cpf, updated_at)
    SELECT ${agency.id}::int, 'person', e.name, e.cpf, now()
    FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS e(name text, cpf text)`;
}
step(
  `${ROWS.toLocaleString('en')} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB of CSV (Windows-1252); ${existing.length} already clients`,
);

const server = await startApi(process.env.DATABASE_URL, process.env.BENCH_PORT ?? '39879', {
  DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-imports-')),
});
const [token] = await signIn(server.url, ['dono@importa.bench'], BENCH.password);
const auth = { authorization: `Bearer ${token}` };

/** The API process: the node process under the spawned tsx that holds the most memory. */
function apiPid(root: number | undefined): number {
  if (!root) throw new Error('the API was not spawned');
  const tree = (p: number): number[] => {
    const ids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return [p, ...ids.flatMap(tree)];
  };
  return tree(root).reduce((best, p) => (memoryMb(p, 'VmRSS') > memoryMb(best, 'VmRSS') ? p : best));
}
/** VmRSS: resident now; VmHWM: the most resident since the process started. */
const memoryMb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const api = apiPid(server.pid);
const idle = memoryMb(api, 'VmRSS');
const startup = memoryMb(api, 'VmHWM');
let peak = idle;
const sampler = setInterval(() => {
  peak = Math.max(peak, memoryMb(api, 'VmRSS'));
}, 50);
const say = (line: string) => console.log(line);
say(
  `\nload average at start ${loadAverage()}; the API (pid ${api}) idle: ${idle.toFixed(0)} MB resident, ${startup.toFixed(0)} MB at most since it started`,
);

const t0 = performance.now();
const form = new FormData();
form.append('file', new Blob([file], { type: 'text/csv' }), 'clientes.csv');
const uploaded = await fetch(`${server.url}/api/uploads/clients`, { method: 'PUT', body: form, headers: auth });
const imp = (await uploaded.json()) as { id: number; mapping: Record<string, number>; encoding: string; delimiter: string };
if (uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}: ${JSON.stringify(imp)}`);
const t1 = performance.now();

const preview = await fetch(`${server.url}/api/imports/${imp.id}/preview`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ mapping: imp.mapping, update_existing: false }),
});
const p = (await preview.json()) as { totals: Record<string, number> };
if (preview.status !== 200) throw new Error(`preview answered ${preview.status}: ${JSON.stringify(p)}`);
const t2 = performance.now();

const started = await fetch(`${server.url}/api/imports/${imp.id}/start`, { method: 'POST', headers: auth });
if (started.status !== 200) throw new Error(`start answered ${started.status}: ${await started.text()}`);
type Progress = {
  status: string;
  processed_rows: number;
  total_rows: number;
  created_count: number;
  rejected_count: number;
  error: string | null;
};
let progress: Progress;
for (;;) {
  progress = (await (await fetch(`${server.url}/api/imports/${imp.id}`, { headers: auth })).json()) as Progress;
  if (progress.status === 'done' || progress.status === 'failed') break;
  await new Promise((r) => setTimeout(r, 250));
}
const t3 = performance.now();
clearInterval(sampler);
peak = Math.max(peak, memoryMb(api, 'VmRSS'));
const saved = await db.client.count({ where: { companyId: agency.id, email: { endsWith: '@importa.bench' } } });
const addresses = await db.clientAddress.count({ where: { client: { companyId: agency.id } } });

const seconds = (t3 - t0) / 1000;
say(`\nimport of ${ROWS.toLocaleString('en')} clients (${imp.encoding}, '${imp.delimiter}'), load average ${loadAverage()}`);
say(`  upload ${((t1 - t0) / 1000).toFixed(1)} s  preview ${((t2 - t1) / 1000).toFixed(1)} s  job ${((t3 - t2) / 1000).toFixed(1)} s`);
say(`  preview totals ${JSON.stringify(p.totals)}`);
say(
  `  ${progress.status}: ${progress.processed_rows}/${progress.total_rows} rows, ${progress.created_count} created, ${progress.rejected_count} rejected` +
    `${progress.error ? ` (${progress.error})` : ''}; ${saved} clients and ${addresses} addresses in the database`,
);
say(`  total ${seconds.toFixed(1)} s ${seconds < TARGET.seconds ? 'ok' : 'OVER'} (< ${TARGET.seconds} s)`);
say(
  `  API resident memory: ${idle.toFixed(0)} MB idle before, ${peak.toFixed(0)} MB at most during the import (+${(peak - idle).toFixed(0)} MB, sampled every 50 ms) ` +
    `${peak < TARGET.rssMb ? 'ok' : 'OVER'} (< ${TARGET.rssMb} MB); VmHWM ${memoryMb(api, 'VmHWM').toFixed(0)} MB`,
);

server.stop();
await db.$disconnect();
