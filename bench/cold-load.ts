// A signed-in first visit of three list screens (attendances, clients, budgets): Chromium (Debian's,
// through playwright-core) opens each one in a fresh browser context (nothing cached) with the demo
// owner's token already stored, and times the first row of data on screen from the navigation's
// start. Per screen and network profile it prints the median, min and max of the runs, the
// JavaScript that went over the wire (encoded bytes of the scripts loaded by then), and when the
// list's call started against when the profile's call ended (negative: side by side; positive: the
// list waited for the session).
//
//   npx tsx bench/cold-load.ts                      # embedded database in a temporary DATA_DIR
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_cold npx tsx bench/cold-load.ts
//
// BENCH_RUNS (5), BENCH_PROFILES (`none,slow4g`: this machine's loopback as it is, then DevTools'
// "Slow 4G" with the CPU BENCH_CPU (4) times slower), BENCH_PORT (39876), BENCH_WEB_DIST (a built
// apps/web; built into a temporary directory otherwise), BENCH_VERBOSE=1 (each run's requests),
// CHROMIUM_PATH.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildWeb, launchChromium, percentile, startApi } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = process.env.BENCH_PORT ?? '39876';
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU ?? 4);
/** The seed's demo owner (packages/db/src/seed.ts). */
const OWNER = { email: 'dono@demo.test', password: 'demo12345' };
/** packages/shared STORAGE_KEYS.accessToken. */
const TOKEN_KEY = 'agencia_crm_access_token';

const SCREENS = [
  { name: 'attendances', path: '/atendimentos', row: 'attendance-row', list: 'attendances.list' },
  { name: 'clients', path: '/clientes', row: 'client-row', list: 'clients.list' },
  { name: 'budgets', path: '/orcamentos', row: 'budget-row', list: 'budgets.list' },
] as const;

type Profile = { name: string; network?: Record<string, number | boolean>; cpu?: number };
const PROFILES: Record<string, Profile> = {
  none: { name: 'none' },
  /** Chrome DevTools' "Slow 4G": throughputs in bytes per second. */
  slow4g: {
    name: `slow 4G, CPU ${CPU_SLOWDOWN}x`,
    network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
    cpu: CPU_SLOWDOWN,
  },
};
const profiles = (process.env.BENCH_PROFILES ?? 'none,slow4g').split(',').map((key) => {
  const profile = PROFILES[key.trim()];
  if (!profile) throw new Error(`BENCH_PROFILES: unknown profile ${key} (${Object.keys(PROFILES).join(', ')})`);
  return profile;
});

const temp = mkdtempSync(join(tmpdir(), 'bench-cold-load-'));
process.on('exit', () => rmSync(temp, { recursive: true, force: true }));

type Run = { firstRow: number; scriptBytes: number; scripts: number; listStart: number; profileEnd: number; requests: string };

async function measure(browser: Browser, url: string, token: string, screen: (typeof SCREENS)[number], profile: Profile): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.addInitScript(
    ({ key, token, row }) => {
      window.localStorage.setItem(key, token);
      // The first row's frame: the row is in the document with a box, and the frame that paints it has started.
      const w = window as unknown as { __firstRow?: number };
      const observer = new MutationObserver(() => {
        const element = document.querySelector(`[data-testid="${row}"]`);
        if (!element || element.getBoundingClientRect().height === 0) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          w.__firstRow = performance.now();
        });
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    { key: TOKEN_KEY, token, row: screen.row },
  );
  if (profile.network || profile.cpu) {
    const cdp = await context.newCDPSession(page);
    if (profile.network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', profile.network as never);
    }
    if (profile.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  }
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined, undefined, {
    timeout: 60_000,
    polling: 50,
  });
  const run = await page.evaluate((list) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const firstRow = (window as unknown as { __firstRow: number }).__firstRow;
    // The scripts the screen needed: those fully loaded by the first row's frame.
    const scripts = entries.filter((e) => new URL(e.name).pathname.endsWith('.js') && e.responseEnd <= firstRow);
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const calls = new Map(entries.map((e) => [new URL(e.name).pathname, e]));
    const requests = entries
      .map((e) => `${new URL(e.name).pathname.split('/').pop()?.slice(0, 24)} ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)}`)
      .join(', ');
    return {
      firstRow,
      scriptBytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0),
      scripts: scripts.length,
      listStart: calls.get(`/trpc/${list}`)?.startTime ?? Number.NaN,
      profileEnd: calls.get('/trpc/profile.get')?.responseEnd ?? Number.NaN,
      requests,
    };
  }, screen.list);
  await context.close();
  return run;
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(0));

const databaseUrl = process.env.DATABASE_URL;
const webDist = buildWeb(temp);
// The demo agency with its sample clients, attendances and budgets (the lists have rows).
const server = await startApi(databaseUrl, PORT, {
  WEB_DIST: webDist,
  SEED_DEMO: 'true',
  SEED_SAMPLE_CRM: 'true',
  ...(databaseUrl ? {} : { DATA_DIR: join(temp, 'data') }),
});
try {
  const token = await signIn(server.url);
  const browser = await launchChromium();
  console.log(
    `cold load, signed in as ${OWNER.email}: ${RUNS} runs per screen and profile, 1280x800, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  const rows: string[][] = [];
  for (const profile of profiles) {
    for (const screen of SCREENS) {
      const url = `${server.url}${screen.path}`;
      await measure(browser, url, token, screen, profile); // warm-up: the server's first request of each kind pays its JIT
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await measure(browser, url, token, screen, profile);
        runs.push(run);
        console.log(
          `  ${profile.name} ${screen.path} run ${i + 1}: first row ${ms(run.firstRow)} ms, ${run.scripts} scripts ${(run.scriptBytes / 1024).toFixed(1)} kB, ${screen.list} at ${ms(run.listStart)} ms, profile.get answered at ${ms(run.profileEnd)} ms`,
        );
        if (process.env.BENCH_VERBOSE) console.log(`    ${run.requests}`);
      }
      const firstRows = runs.map((r) => r.firstRow);
      rows.push([
        screen.name,
        profile.name,
        ms(median(firstRows)),
        ms(Math.min(...firstRows)),
        ms(Math.max(...firstRows)),
        (median(runs.map((r) => r.scriptBytes)) / 1024).toFixed(1),
        ms(median(runs.map((r) => r.listStart - r.profileEnd))),
      ]);
    }
  }
  await browser.close();

  const header = ['screen', 'profile', 'first row median ms', 'min', 'max', 'JS kB (encoded)', 'list start - profile end ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ')} |`;
  console.log();
  console.log(line(header));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const row of rows) console.log(line(row));
} finally {
  server.stop();
}
