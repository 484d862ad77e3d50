// Largest Contentful Paint of the customer's landing page (/landing-page/{id}) on a throttled phone:
// Chromium (Debian's, through playwright-core) at 360 x 740, CDP network throttling like "Slow 4G"
// (150 ms latency, 1.6 Mbps down, 750 kbps up) and the CPU 4x slower. Each run opens the link in a
// fresh browser context (a customer's first visit: nothing cached) and reads the last
// largest-contentful-paint entry a PerformanceObserver saw. Prints each run, then median and max.
//
//   npx tsx bench/landing-lcp.ts                      # embedded database in a temporary DATA_DIR
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_landing npx tsx bench/landing-lcp.ts
//
// BENCH_RUNS (5), BENCH_CPU (the CPU slowdown, 4), BENCH_PORT (39875), BENCH_WEB_DIST (a built apps/web; built into a temporary
// directory otherwise), BENCH_COVER_KB (the cover photo's target size, 120), CHROMIUM_PATH.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildWeb, launchChromium, percentile, startApi } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = process.env.BENCH_PORT ?? '39875';
const TARGET_MS = 1000;
/** Chrome DevTools' "Slow 4G" profile: throughputs in bytes per second. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU ?? 4);
/** The seed's demo owner (packages/db/src/seed.ts). */
const OWNER = { email: 'dono@demo.test', password: 'demo12345' };

const temp = mkdtempSync(join(tmpdir(), 'bench-landing-'));
process.on('exit', () => rmSync(temp, { recursive: true, force: true }));

/**
 * A cover photo as an agent would upload one: 1280 x 800 JPEG with a photo's texture (blurred noise
 * over a gradient), at about BENCH_COVER_KB kilobytes.
 */
async function coverPhoto(): Promise<Buffer> {
  const targetBytes = Number(process.env.BENCH_COVER_KB ?? 120) * 1024;
  const noise = await sharp({
    create: { width: 1280, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();
  let best = Buffer.alloc(0);
  for (const blur of [0.6, 0.9, 1.3, 2, 3, 5, 8]) {
    best = await sharp(noise).blur(blur).tint('#2f7fa8').jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    if (best.length <= targetBytes) break;
  }
  return best;
}

type Json = Record<string, unknown>;

async function api<T = Json>(base: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A sent budget of the demo agency, with a cover photo, two proposals, a Pix and a card method; its link's id. */
async function seedBudget(base: string): Promise<{ id: string; coverBytes: number }> {
  const { token } = await api<{ token: string }>(base, null, 'POST', '/api/login', OWNER);
  const call = <T = Json>(method: string, path: string, body?: unknown) => api<T>(base, token, method, path, body);
  const suffix = Date.now().toString(36);
  await call('POST', '/api/payment_method_params', {
    kind: 'pix',
    name: `Pix ${suffix}`,
    pix_key_type: 'email',
    pix_key: 'financeiro@demo.test',
  });

  const cover = await coverPhoto();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'capa.jpg');
  const upload = await fetch(`${base}/api/uploads/image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const { key } = (await upload.json()) as { key: string };

  const client = await call<{ id: number }>('POST', '/api/clients', { kind: 'person', name: `Família Bench ${suffix}` });
  const attendance = await call<{ id: number }>('POST', '/api/attendances', {
    client_id: client.id,
    title: 'Férias em Portugal',
    destination: 'Lisboa e Porto',
    start_date: '2027-01-12',
    end_date: '2027-01-20',
  });
  await call('PATCH', `/api/attendances/${attendance.id}`, { cover_image_key: key });
  const budget = await call<{ id: number; proposals: { id: number }[] }>('POST', '/api/budgets/', {
    attendance_id: attendance.id,
    title: 'Férias em Portugal',
    currency: 'BRL',
    paxes: [
      { name: 'Ana Viajante', age_group: 'adult' },
      { name: 'Bruno Viajante', age_group: 'adult' },
      { name: 'Clara Viajante', age_group: 'child' },
    ],
  });
  const first = budget.proposals[0]?.id as number;
  await call('PATCH', `/api/proposals/${first}`, { title: 'Opção Lisboa' });
  const second = await call<{ id: number }>('POST', '/api/proposals/', { budget_id: budget.id, title: 'Opção Porto' });
  const airport = async (code: string) =>
    (
      await call<{ items: { id: number; code: string | null }[] }>('GET', `/api/air_airport_params?search=${code}&autocomplete=true`)
    ).items.find((i) => i.code === code)?.id;
  const [gru, lis] = [await airport('GRU'), await airport('LIS')];
  const service = (proposal_id: number, fields: Json) =>
    call('POST', '/api/services', { proposal_id, currency: 'BRL', adult_number: 2, child_number: 1, infant_number: 0, ...fields });
  await service(first, {
    type: 'air',
    title: 'Voo São Paulo–Lisboa',
    start_date: '2027-01-12',
    end_date: '2027-01-20',
    adult_cents: 250_000,
    child_cents: 187_500,
    details: {
      segments: [
        {
          origin_airport_id: gru,
          destination_airport_id: lis,
          flight_number: 'TP 88',
          departure_date: '2027-01-12',
          departure_time: '22:10',
          arrival_date: '2027-01-13',
          arrival_time: '10:05',
        },
        {
          origin_airport_id: lis,
          destination_airport_id: gru,
          flight_number: 'TP 87',
          departure_date: '2027-01-20',
          departure_time: '11:00',
          arrival_date: '2027-01-20',
          arrival_time: '18:30',
        },
      ],
    },
  });
  await service(first, {
    type: 'accommodation',
    title: 'Hotel Avenida Palace',
    start_date: '2027-01-13',
    end_date: '2027-01-20',
    details: {
      hotel_name: 'Hotel Avenida Palace',
      check_in_time: '14:00',
      check_out_time: '12:00',
      rooms: [{ id: 'room-1', adult_number: 2, child_number: 1, infant_number: 0, value: 420_000, number_room: 1 }],
    },
  });
  await service(first, {
    type: 'tour',
    title: 'Passeio por Sintra',
    start_date: '2027-01-15',
    start_time: '09:00',
    adult_cents: 30_000,
    details: { place: 'Sintra' },
  });
  await service(second.id, {
    type: 'car_rental',
    title: 'Carro no Porto',
    start_date: '2027-02-03',
    end_date: '2027-02-06',
    total_cents: 90_000,
    details: { pickup_place: 'Aeroporto do Porto', dropoff_place: 'Aeroporto do Porto' },
  });
  await service(second.id, {
    type: 'insurance',
    title: 'Seguro viagem Europa',
    adult_cents: 15_000,
    child_cents: 15_000,
    details: { plan_name: 'Europa 60 mil' },
  });
  const sent = await call<{ landing_page_id: string }>('PATCH', `/api/budgets/${budget.id}`, { status: 'sent' });
  return { id: sent.landing_page_id, coverBytes: cover.length };
}

type Run = { lcp: number; element: string; fcp: number; ttfb: number; resources: string };

async function measure(url: string, browser: import('playwright-core').Browser): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: { time: number; element: string } };
    w.__lcp = { time: 0, element: '' };
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
      if (last)
        w.__lcp = { time: last.startTime, element: last.element ? `${last.element.tagName.toLowerCase()}.${last.element.className}` : '?' };
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const run = await page.evaluate(() => {
    const { __lcp } = window as unknown as { __lcp: { time: number; element: string } };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    // Where the time went: each request's start and end (ms since navigation start).
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((r) => `${new URL(r.name).pathname.split('/').pop()?.slice(0, 14)} ${r.startTime.toFixed(0)}-${r.responseEnd.toFixed(0)}`)
      .join(', ');
    return { lcp: __lcp.time, element: __lcp.element, fcp, ttfb: nav?.responseStart ?? Number.NaN, resources };
  });
  await context.close();
  return run;
}

const databaseUrl = process.env.DATABASE_URL;
const webDist = buildWeb(temp);
const server = await startApi(databaseUrl, PORT, {
  WEB_DIST: webDist,
  SEED_DEMO: 'true',
  ...(databaseUrl ? {} : { DATA_DIR: join(temp, 'data') }),
});
try {
  const { id, coverBytes } = await seedBudget(server.url);
  const url = `${server.url}/landing-page/${id}`;
  const browser = await launchChromium();
  console.log(
    `landing page LCP: ${RUNS} cold loads, 360x740 @2x, latency ${NETWORK.latency} ms, 1.6 Mbps down, 750 kbps up, CPU ${CPU_SLOWDOWN}x slower; cover ${(coverBytes / 1024).toFixed(0)} KB`,
  );
  await measure(url, browser); // warm-up: the server's first request of each kind pays its JIT
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await measure(url, browser);
    runs.push(run);
    console.log(
      `  run ${i + 1}: LCP ${run.lcp.toFixed(0)} ms (${run.element})  FCP ${run.fcp.toFixed(0)} ms  TTFB ${run.ttfb.toFixed(0)} ms`,
    );
    if (process.env.BENCH_VERBOSE) console.log(`    ${run.resources}`);
  }
  await browser.close();
  const sorted = runs.map((r) => r.lcp).sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  const max = sorted.at(-1) as number;
  console.log(
    `LCP median ${median.toFixed(0)} ms, max ${max.toFixed(0)} ms (target < ${TARGET_MS} ms): ${median < TARGET_MS ? 'met' : 'missed'}`,
  );
} finally {
  server.stop();
}
