// Issue 34's keyboard bench: the reference budget built from an attendance by keyboard alone, in
// Debian's Chromium (through playwright-core), counting every key press and timing it. Two
// proposals: (1) a flight with two segments, read by "Colar reserva" from an Amadeus itinerary,
// and a hotel with two rooms; (2) a cruise, from an agency template ("De um modelo"), and a car.
// Target: under 150 key presses and under 90 s; exits with 1 when over, or when a step cannot be
// done by keyboard (it prints the steps reached).
//
//   psql -U postgres -h 127.0.0.1 -c 'CREATE DATABASE bench_kbd'      # once (any bench_* database)
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_kbd npx tsx bench/keyboard-quote.ts
//
// Starts the API (apps/api/dist/main.mjs, with the demo agency) on BENCH_PORT (39877) unless
// BENCH_URL points at a running one; BENCH_WEB_DIST (a built apps/web, built into a temporary
// directory otherwise), CHROMIUM_PATH, BENCH_TRACE=1 (the focused element after every key),
// BENCH_SCREENSHOT (a file: the page where a run stopped).
//
// Counted: a key (or a chord such as Ctrl+S, Shift+Tab) is 1 press, a typed string its characters,
// the pasted itinerary 1 (the Ctrl+V it stands for). Not counted nor timed (setup): the client, the
// attendance and the cruise template made through the API, the sign-in and the first load of the
// attendance screen. Every Tab is counted: the script tabs until the control it wants has the focus,
// as an agent would. No mouse at all. Timed with the rest: the waits for the screen's answers and a
// 200 ms look at each menu N opens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { buildWeb, launchChromium, startApi } from './lib';
import { loadAverage } from './load';

const TARGET = { presses: 150, seconds: 90 };
const OWNER = { email: 'dono@demo.test', password: 'demo12345' };
const TRACE = process.env.BENCH_TRACE === '1';
const WAIT = { timeout: 15_000 };

// ---- The trip: out 60 days from today, back 14 days later (São Paulo dates), as Amadeus writes them.
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
function dayFromToday(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const iso = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return { iso, amadeus: `${iso.slice(8)}${MONTHS[Number(iso.slice(5, 7)) - 1]}` };
}
const out = dayFromToday(60);
const back = dayFromToday(74);
const ITINERARY = [
  `  1  LA8084 Y ${out.amadeus} 5 GRULIS HK4  2210 1150+1  E  LA/PQ7R2K`,
  `  2  LA8085 Y ${back.amadeus} 6 LISGRU HK4  1340 2015  E  LA/PQ7R2K`,
].join('\n');

// ---- The server.
const temp = mkdtempSync(join(tmpdir(), 'bench-kbd-'));
const databaseUrl = process.env.DATABASE_URL;
if (!process.env.BENCH_URL && !databaseUrl?.match(/\/bench_[a-z0-9_]+$/))
  throw new Error('Set DATABASE_URL to a bench_* database (see the top of this file)');
const server = process.env.BENCH_URL
  ? undefined
  : await startApi(databaseUrl, process.env.BENCH_PORT ?? '39877', {
      WEB_DIST: buildWeb(temp),
      SEED_DEMO: 'true',
      LOGIN_RATE_LIMIT: '100000',
    });
const base = process.env.BENCH_URL ?? (server as NonNullable<typeof server>).url;

async function api<T>(path: string, token: string | null, body?: unknown, method = 'POST'): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method: body === undefined ? 'GET' : method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Proposal = { id: number; title: string; version?: number; services: Service[] };
type Service = {
  type: string;
  title: string;
  start_date: string | null;
  supplier: { id: number } | null;
  details: { segments?: unknown[]; rooms?: unknown[] };
};

// ---- Setup through the API (not counted): the client and attendance, and the agency's cruise package.
const stamp = Date.now().toString(36);
const { token } = await api<{ token: string }>('/login', null, OWNER);
const client = await api<{ id: number }>('/clients', token, { kind: 'person', name: `Família Teclado ${stamp}` });
const attendanceTitle = `Lisboa e cruzeiro ${stamp}`;
const attendance = await api<{ id: number }>('/attendances', token, {
  client_id: client.id,
  title: attendanceTitle,
  destination: 'Lisboa',
  start_date: out.iso,
  end_date: back.iso,
  adults: 4,
});
// One package of that name in the agency, as in a real one (earlier runs on this database made theirs).
const TEMPLATE_PREFIX = 'Cruzeiro Mediterrâneo 7 noites';
const templateName = `${TEMPLATE_PREFIX} ${stamp}`;
{
  const earlier = await api<{ budget_templates: { id: number; name: string }[] }>(
    `/budget-templates?search=${encodeURIComponent(TEMPLATE_PREFIX)}&page=1&per_page=100`,
    token,
  );
  for (const t of earlier.budget_templates)
    if (t.name.startsWith(TEMPLATE_PREFIX)) await api(`/budget-templates/${t.id}`, token, {}, 'DELETE');
  const source = await api<{ id: number; proposals: Proposal[] }>('/budgets/', token, {
    attendance_id: attendance.id,
    title: `Pacote cruzeiro ${stamp}`,
    currency: 'BRL',
    start_date: '2027-05-01',
    end_date: '2027-05-10',
  });
  const proposal = source.proposals[0] as Proposal;
  await api(`/proposals/${proposal.id}`, token, { title: 'Cruzeiro + carro', version: proposal.version }, 'PATCH');
  await api('/services', token, {
    proposal_id: proposal.id,
    type: 'cruise',
    title: 'Cruzeiro pelo Mediterrâneo',
    start_date: '2027-05-02',
    end_date: '2027-05-09',
    currency: 'BRL',
    adult_number: 4,
    child_number: 0,
    infant_number: 0,
    adult_cents: 720_000,
    details: { itinerary: 'Lisboa, Cádiz, Málaga, Cartagena, Palma, Barcelona' },
  });
  await api('/budget-templates', token, { name: templateName, budget_id: source.id, proposal_id: proposal.id });
}
// The agency's favourite hotel in Lisbon, sold by its supplier: picked in the hotel field, it brings both.
const HOTEL = `Pestana Palace ${stamp}`;
const hotelSupplier = await api<{ id: number }>('/suppliers', token, {
  kind: 'organization',
  name: `Pestana Hotels ${stamp}`,
  service_types: ['accommodation'],
});
await api('/favorite-hotels', token, { name: HOTEL, location: 'Lisboa, Portugal', supplier_id: hotelSupplier.id });

// ---- The keyboard, counted.
let presses = 0;
/** Where the presses went: moving the focus (Tab, Shift+Tab, arrows), typing, the rest (Enter, shortcuts, the paste). */
const byKind = { moving: 0, typing: 0, other: 0 };
const reached: string[] = [];
const notes: string[] = [];

const browser = await launchChromium();
const page: Page = await browser.newPage({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1366, height: 900 } });
page.setDefaultTimeout(WAIT.timeout);

const focused = () =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    if (!e) return '(nothing)';
    const label =
      e.getAttribute('aria-label') || (e.id && document.querySelector(`label[for="${e.id}"]`)?.textContent) || e.textContent || '';
    return `${e.tagName.toLowerCase()}${e.getAttribute('role') ? `[${e.getAttribute('role')}]` : ''} "${label.trim().slice(0, 60).replace(/\s+/g, ' ')}"`;
  });

const keys = {
  async press(key: string, times = 1) {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key);
      presses += 1;
      byKind[/^(Shift\+)?Tab$|^Arrow/.test(key) ? 'moving' : 'other'] += 1;
      if (TRACE) console.log(`  ${presses}\t${key}\t→ ${await focused()}`);
    }
  },
  async type(text: string) {
    await page.keyboard.type(text);
    presses += [...text].length;
    byKind.typing += [...text].length;
    if (TRACE) console.log(`  ${presses}\t"${text}"\t→ ${await focused()}`);
  },
  /** What Ctrl+V of a copied text does: one press. */
  async paste(text: string) {
    await page.keyboard.insertText(text);
    presses += 1;
    byKind.other += 1;
    if (TRACE) console.log(`  ${presses}\tCtrl+V (${text.length} characters)`);
  },
};

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Waits (no key) until `target` has the focus a dialog gives its first field: the agent sees the cursor there. */
async function expectFocus(target: Locator, what: string) {
  await target.waitFor();
  for (let i = 0; i < 50; i++) {
    if (await isFocused(target)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`${what} did not take the focus (${await focused()})`);
}

/** Tab (or Shift+Tab) until `target` has the focus, as an agent would; every press counted. */
async function tabTo(target: Locator, direction: 'forward' | 'back' = 'forward', limit = 60) {
  await target.waitFor();
  for (let i = 0; i < limit; i++) {
    if (await isFocused(target)) return;
    await keys.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
  }
  throw new Error(`${limit} presses of ${direction === 'forward' ? 'Tab' : 'Shift+Tab'} did not reach the control (${await focused()})`);
}

async function step(name: string, run: () => Promise<void>) {
  const before = presses;
  const started = performance.now();
  await run();
  reached.push(`${name}: ${presses - before} presses, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (TRACE) console.log(`✓ ${reached.at(-1)}`);
}

const toast = (text: string) => page.getByText(text).last().waitFor();
const serviceDialog = (type: string) => page.getByRole('dialog', { name: `Novo serviço: ${type}` });

/**
 * N, then the type's first letter (the menu's type-ahead: 'a' Aéreo, 'h' Hospedagem, 'l' Locação de
 * veículo), then Enter: the new service's form, its title focused (the title then follows the
 * service's own fields, so it is not typed). A menu that does not stay open (it was hidden when a section loading late pushed its
 * button out of view) is noted and N pressed again, as the agent would: counted.
 */
async function newService(type: string) {
  const menu = page.getByRole('menu');
  const items = menu.getByRole('menuitem');
  for (let attempt = 1; ; attempt++) {
    await keys.press('n');
    const shown = await items
      .first()
      .waitFor({ timeout: 2000 })
      .then(
        () => true,
        () => false,
      );
    await page.waitForTimeout(200);
    if (shown && (await menu.isVisible())) break;
    notes.push(`The service types' menu (N) closed by itself right after opening (${type}); N pressed again.`);
    if (attempt === 3) throw new Error('the menu of service types (N) closes by itself');
  }
  const item = menu.getByRole('menuitem', { name: type });
  await keys.press(type.normalize('NFD').charAt(0).toLowerCase());
  if (!(await isFocused(item))) throw new Error(`the letter did not reach "${type}" in the service types (${await focused()})`);
  await keys.press('Enter');
  const dialog = serviceDialog(type);
  await expectFocus(dialog.getByLabel('Título'), `the title of the new "${type}"`);
  return dialog;
}

/** Ctrl+S in the form, then the form closes. */
async function saveService(dialog: Locator) {
  await keys.press('Control+s');
  await toast('Serviço adicionado.');
  await dialog.waitFor({ state: 'detached' });
}

let seconds = Number.NaN;
let budgetId: number | null = null;
let failure: unknown = null;
try {
  // ---- Setup in the browser (not counted): signed in, the attendance on screen.
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(OWNER.password);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(`${base}/atendimento/${attendance.id}`);
  await page.getByRole('region', { name: 'Orçamentos' }).getByRole('link', { name: 'Novo orçamento' }).waitFor();
  presses = 0;

  const started = performance.now();
  await step('the budget, made from the attendance', async () => {
    await keys.press('Tab');
    await keys.press('Enter'); // "Pular para o conteúdo"
    await tabTo(page.getByRole('region', { name: 'Orçamentos' }).getByRole('link', { name: 'Novo orçamento' }));
    await keys.press('Enter');
    const form = page.getByRole('form', { name: 'Novo orçamento' });
    const title = form.getByLabel('Título');
    await expectFocus(page.getByRole('heading', { name: 'Novo orçamento', level: 1 }), 'the new budget screen heading');
    if ((await title.inputValue()) !== attendanceTitle) throw new Error('the new budget did not take the attendance');
    await tabTo(title);
    await keys.press('Enter');
    await page.waitForURL(/\/novo-orcamento\/\d+$/);
    budgetId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('tablist').waitFor();
  });

  await step('proposal 1: the flights, pasted (Colar reserva)', async () => {
    const dialog = await newService('Aéreo');
    await tabTo(dialog.getByRole('button', { name: 'Colar reserva' }));
    await keys.press('Enter');
    const paste = page.getByRole('dialog', { name: 'Colar reserva' });
    await expectFocus(paste.getByLabel('Texto da reserva'), 'the text of "Colar reserva"');
    await keys.paste(ITINERARY);
    await tabTo(paste.getByRole('button', { name: 'Ler reserva' }));
    await keys.press('Enter');
    await dialog.getByTestId('pasted-notice').waitFor();
    await expectFocus(dialog.getByRole('button', { name: 'Colar reserva' }), '"Colar reserva", after the reading,');
    await dialog.getByRole('group', { name: 'Trecho 2' }).waitFor();
    await tabTo(dialog.getByLabel('Tarifa adulto'), 'back');
    await keys.type('3850');
    await saveService(dialog);
  });

  await step('proposal 1: the hotel, two rooms', async () => {
    const dialog = await newService('Hospedagem');
    await tabTo(dialog.getByRole('combobox', { name: 'Hotel' }));
    await keys.type('pestana');
    await page.getByRole('option', { name: new RegExp(HOTEL) }).waitFor();
    await keys.press('ArrowDown');
    await keys.press('Enter');
    await tabTo(dialog.getByRole('group', { name: 'Quarto 1' }).getByLabel('Valor do quarto'));
    await keys.type('5200');
    await tabTo(dialog.getByRole('button', { name: 'Adicionar quarto' }));
    await keys.press('Enter');
    await tabTo(dialog.getByRole('group', { name: 'Quarto 2' }).getByLabel('Valor do quarto'), 'back');
    await keys.type('4600');
    await saveService(dialog);
  });

  await step('proposal 2: the cruise, from a template (De um modelo)', async () => {
    await keys.press('m'); // "De um modelo"'s shortcut
    const apply = page.getByRole('dialog', { name: 'Nova proposta de um modelo' });
    const picker = apply.getByRole('textbox', { name: 'Modelo' });
    await expectFocus(picker, 'the template field');
    await keys.type('cruzeiro');
    await page.getByRole('option', { name: new RegExp(templateName) }).waitFor();
    await keys.press('Enter');
    await tabTo(apply.getByRole('button', { name: 'Usar modelo' }));
    await keys.press('Enter');
    await toast('Proposta criada a partir do modelo.');
    await page.getByRole('tab', { name: /Cruzeiro \+ carro/, selected: true }).waitFor();
  });

  await step('proposal 2: the car', async () => {
    const dialog = await newService('Locação de veículo');
    await tabTo(dialog.getByLabel('Retirada'));
    await keys.type('Aeroporto de Lisboa');
    await tabTo(dialog.getByLabel('Valor total'));
    await keys.type('1400');
    await saveService(dialog);
  });
  seconds = (performance.now() - started) / 1000;
} catch (error) {
  failure = error;
  if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_SCREENSHOT, fullPage: true });
} finally {
  await browser.close();
}

// ---- What was made (read through the API).
let made = '';
let complete = false;
if (budgetId !== null) {
  const budget = await api<{ proposals: Proposal[] }>(`/budgets/${budgetId}`, token);
  const services = (p: Proposal | undefined) => p?.services ?? [];
  made = budget.proposals
    .map(
      (p, i) =>
        `  ${i + 1}. ${p.title}: ${services(p)
          .map(
            (s) =>
              `${s.type} "${s.title}"${s.details.segments ? ` (${s.details.segments.length} trechos)` : ''}${s.details.rooms ? ` (${s.details.rooms.length} quartos)` : ''}`,
          )
          .join(', ')}`,
    )
    .join('\n');
  const [first, second] = budget.proposals;
  const types = (p: Proposal | undefined) => services(p).map((s) => s.type);
  complete =
    budget.proposals.length === 2 &&
    types(first).join() === 'air,accommodation' &&
    services(first)[0]?.details.segments?.length === 2 &&
    services(first)[1]?.details.rooms?.length === 2 &&
    services(first)[1]?.supplier?.id === hotelSupplier.id &&
    services(first).every((s) => s.title.trim() !== '') &&
    types(second).join() === 'cruise,car_rental';
}
server?.stop();
rmSync(temp, { recursive: true, force: true });

console.log(`\nThe reference budget by keyboard (issue 34), budget ${budgetId ?? '-'}:`);
if (made) console.log(made);
console.log('Steps reached:');
for (const line of reached) console.log(`  ${line}`);
for (const note of notes) console.log(`Note: ${note}`);
console.log(
  `Presses by kind: ${byKind.moving} moving the focus (Tab, Shift+Tab, arrows), ${byKind.typing} typed characters, ${byKind.other} others (Enter, shortcuts, the paste)`,
);
if (failure) {
  console.log(`Stopped: ${failure instanceof Error ? failure.message.split('\n')[0] : String(failure)}`);
  console.log(`Key presses so far: ${presses}`);
  process.exit(1);
}
const ok = complete && presses < TARGET.presses && seconds < TARGET.seconds;
console.log(`Key presses: ${presses} (target under ${TARGET.presses})`);
console.log(`Wall time of the keyboard part: ${seconds.toFixed(1)} s (target under ${TARGET.seconds} s)`);
console.log(`Load average: ${loadAverage()}`);
console.log(complete ? (ok ? 'Within the targets.' : 'OVER the targets.') : 'The budget made is not the reference budget.');
process.exit(ok ? 0 : 1);
