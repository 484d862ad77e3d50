// The heaviest PDFs an agency may ask for, drawn back to back while another route is under load:
// before (drawn on the event loop, as the API did) and after (drawn in the worker threads of
// apps/api/src/platform/pdf). Per document and mode, in a process of its own so each peak is its
// own: the render time, the longest the event loop waited, the process's peak resident memory
// (worker threads included), and the p50/p95 of a constant route of the same process while the
// renders go on (the ceiling: the same route with nothing rendering).
//
//   npx tsx bench/pdf-heavy.ts          (wrk from Debian's packages, else autocannon)
//
// BENCH_DURATION (default 10) seconds of load per mode, 20 connections, from this process on the
// child's port.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  BUDGET_LIMITS,
  CONTRACT_SAMPLE_VALUES,
  CONTRACT_TEMPLATE_LIMITS,
  DEFAULT_CONTRACT_TEMPLATE,
  renderContractBlocks,
} from '@app/shared';
import Fastify from 'fastify';
import { renderBudgetPdf } from '../apps/api/src/modules/budget-documents/budget-pdf';
import { renderContractPdf } from '../apps/api/src/modules/contracts/contract-pdf';
import { pdfRenderer } from '../apps/api/src/platform/pdf';
import { landingPageFixture } from '../apps/api/test/landing-page-fixture';
import { loadAverage, loadTool, measure } from './load';

type Doc = 'budget' | 'contract';
type Mode = 'idle' | 'inline' | 'worker';
const seconds = Number(process.env.BENCH_DURATION ?? 10);

/** The largest budget the limits accept: the most proposals, sharing the most services. */
function largestBudget() {
  const proposals = BUDGET_LIMITS.proposals.max;
  const services = Math.floor(BUDGET_LIMITS.servicesPerBudget.max / proposals);
  return landingPageFixture({ proposals, services });
}

/** The longest template the limits accept (the default one repeated), over a sale of 30 services. */
function largestContract() {
  const body = DEFAULT_CONTRACT_TEMPLATE.body;
  const longBody = body.repeat(Math.floor(CONTRACT_TEMPLATE_LIMITS.body / (body.length + 2))).slice(0, CONTRACT_TEMPLATE_LIMITS.body);
  const services = Array.from(
    { length: 30 },
    (_, i) => `Serviço ${i + 1}: Hotel Copacabana Palace, 3 noites, quarto duplo, café da manhã`,
  ).join('\n');
  return {
    blocks: renderContractBlocks(longBody, { ...CONTRACT_SAMPLE_VALUES, servicos: services }),
    agencyName: 'Viagens São João Ltda.',
  };
}

/**
 * One document and mode in this process: the constant route, the renders back to back until the
 * parent writes a line on stdin, then the figures as one JSON line.
 */
async function phase(doc: Doc, mode: Mode) {
  const page = largestBudget();
  const contract = largestContract();
  const pool = pdfRenderer({ error: () => undefined });
  let n = 0;
  const render = async () => {
    // A new title each time: the renderer's cache would otherwise answer after the first render.
    if (doc === 'budget') {
      const p = { ...page, title: `${page.title} ${n++}` };
      return mode === 'inline' ? renderBudgetPdf(p) : pool.budget(p, async () => null);
    }
    return mode === 'inline' ? renderContractPdf(contract) : pool.contract(contract);
  };
  const app = Fastify({ logger: false });
  app.get('/ping', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const times: number[] = [];
  let bytes = 0;
  let running = mode !== 'idle';
  // The first render (a thread started, fonts read) is not measured.
  if (running) bytes = (await render()).length;
  let longestStall = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - last);
    last = now;
  }, 10);
  const renders = (async () => {
    while (running) {
      const start = performance.now();
      await render();
      times.push(performance.now() - start);
      // As between two requests: the loop's I/O runs (a render on the loop would otherwise starve it).
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  console.log(`READY ${(app.server.address() as AddressInfo).port}`);
  await once(process.stdin, 'data');
  running = false;
  await renders;
  await new Promise((resolve) => setTimeout(resolve, 30));
  clearInterval(ticker);
  await pool.close();
  await app.close();
  const mean = times.length ? times.reduce((a, b) => a + b, 0) / times.length : 0;
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(JSON.stringify({ bytes, renders: times.length, renderMs: Math.round(mean), stallMs: Math.round(longestStall), peakMb }));
  process.exit(0);
}

/** Runs a phase in a child process and loads its /ping from here (wrk blocks this process, not the child). */
async function measured(doc: Doc, mode: Mode) {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), `${doc}:${mode}`], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const next = async () => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error(`${doc}:${mode} ended early`);
      if (value.startsWith('READY') || value.startsWith('{')) return value as string;
    }
  };
  const port = (await next()).split(' ')[1];
  const figures = await measure({ origin: `http://127.0.0.1:${port}`, paths: ['/ping'], tokens: ['-'], connections: 20, seconds });
  child.stdin?.write('stop\n');
  return { ...JSON.parse(await next()), ...figures };
}

const [doc, mode] = (process.argv[2] ?? '').split(':') as [Doc, Mode];
if (doc) {
  await phase(doc, mode);
} else {
  console.log(`Heaviest PDFs, ${seconds} s per mode, load ${loadTool}, machine load ${loadAverage()}`);
  const b = largestBudget();
  console.log(
    `budget: ${b.proposals.length} proposals, ${b.proposals.reduce((n, p) => n + p.services.length, 0)} services · contract: a ${CONTRACT_TEMPLATE_LIMITS.body.toLocaleString('en')}-character template, 30 services`,
  );
  console.log('document | mode | PDF | renders | mean render | longest loop wait | peak RSS | /ping p50 | /ping p95 | req/s');
  for (const [d, m] of [
    ['budget', 'idle'],
    ['budget', 'inline'],
    ['budget', 'worker'],
    ['contract', 'inline'],
    ['contract', 'worker'],
  ] as const) {
    const r = await measured(d, m);
    const label = m === 'inline' ? 'event loop (before)' : m === 'worker' ? 'worker thread (after)' : '-';
    console.log(
      `${m === 'idle' ? 'none (ceiling)' : d} | ${label} | ${(r.bytes / 1024).toFixed(0)} KB | ${r.renders} | ${r.renderMs} ms | ${r.stallMs} ms | ${r.peakMb} MB | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${Math.round(r.rps)}`,
    );
  }
}
