// The contract PDF's render time, in-process: the agency's default contract template (a 3-page
// service contract) filled with the fields' sample values (three passengers, four services, four
// installments), as POST /api/contracts/generate renders it, N times one after the other;
// p50/p95/p99 against the 50 ms p95 target. No database: the values are what the generator reads
// from the sale, the client and the agency.
//
//   npx tsx bench/contract-pdf.ts
//
// BENCH_RUNS (default 200) renders after 20 warm-up renders (fonts read, code compiled, the words'
// shaping cached).
import { CONTRACT_SAMPLE_VALUES, DEFAULT_CONTRACT_TEMPLATE, renderContractBlocks } from '@app/shared';
import { renderContractPdf } from '../apps/api/src/modules/contracts/contract-pdf';
import { percentile } from './lib';
import { loadAverage } from './load';

const TARGET_P95_MS = 50;
const runs = Number(process.env.BENCH_RUNS ?? 200);
const input = {
  blocks: renderContractBlocks(DEFAULT_CONTRACT_TEMPLATE.body, CONTRACT_SAMPLE_VALUES),
  agencyName: 'Viagens São João Ltda.',
};

for (let i = 0; i < 20; i++) await renderContractPdf(input);
const times: number[] = [];
let pdf: Buffer = Buffer.alloc(0);
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  pdf = await renderContractPdf(input);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const pages = pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p).toFixed(1));
console.log(`Contract PDF of ${pages} pages (${(pdf.length / 1024).toFixed(0)} KB), ${runs} renders, load ${loadAverage()}`);
console.log(
  `p50 ${p50} ms · p95 ${p95} ms · p99 ${p99} ms · target p95 < ${TARGET_P95_MS} ms: ${Number(p95) < TARGET_P95_MS ? 'met' : 'over'}`,
);
