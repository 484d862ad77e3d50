// The budget PDF's render time, in-process: the PDF of a 3-proposal, 18-service budget (every kind
// of service, values and payment options shown, a Pix QR code per proposal) rendered N times one
// after the other; p50/p95/p99 against the 100 ms p95 target. No database: the page is the fixture
// the API tests render (apps/api/test/landing-page-fixture.ts), what the landing loader would build.
//
//   npx tsx bench/pdf.ts
//
// BENCH_RUNS (default 200) renders after 20 warm-up renders (fonts read, code compiled).
import { renderBudgetPdf } from '../apps/api/src/modules/budget-documents/budget-pdf';
import { landingPageFixture } from '../apps/api/test/landing-page-fixture';
import { percentile } from './lib';
import { loadAverage } from './load';

const TARGET_P95_MS = 100;
const runs = Number(process.env.BENCH_RUNS ?? 200);
const page = landingPageFixture({ proposals: 3, services: 6 });
const services = page.proposals.reduce((n, p) => n + p.services.length, 0);

for (let i = 0; i < 20; i++) await renderBudgetPdf(page);
const times: number[] = [];
let bytes = 0;
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  bytes = (await renderBudgetPdf(page)).length;
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p).toFixed(1));
console.log(
  `PDF of ${page.proposals.length} proposals, ${services} services (${(bytes / 1024).toFixed(0)} KB), ${runs} renders, load ${loadAverage()}`,
);
console.log(
  `p50 ${p50} ms · p95 ${p95} ms · p99 ${p99} ms · target p95 < ${TARGET_P95_MS} ms: ${Number(p95) < TARGET_P95_MS ? 'met' : 'over'}`,
);
