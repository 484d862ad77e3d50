// The other side of bench/event-streams.ts, in a process of its own (the load generator blocks the
// bench's): BENCH_STREAMS streams of GET /api/events at BENCH_BASE, each signed in with the next of
// BENCH_TOKENS (JSON) and counting the changes it reads, and a writer committing
// BENCH_CHANGES_PER_SECOND updates of the clients BENCH_CLIENT_IDS (JSON) at DATABASE_URL. Prints
// `ready` once every stream is open; on a line on stdin stops writing, waits a second for what is
// still on its way, prints its figures as JSON and exits.
import { get } from 'node:http';
import { createInterface } from 'node:readline';
import { LIVE_EVENTS_PATH } from '@app/shared/events';
import pg from 'pg';

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};
const base = env('BENCH_BASE');
const tokens = JSON.parse(env('BENCH_TOKENS')) as string[];
const clientIds = JSON.parse(env('BENCH_CLIENT_IDS')) as number[];
const streamCount = Number(env('BENCH_STREAMS'));
const changesPerSecond = Number(env('BENCH_CHANGES_PER_SECOND'));
const CHANGE = '\nevent: change\n';

type Reader = { events: number; ended: boolean; close(): void };

/** One stream, read with node:http and only counted (the least CPU this process takes from the API's). */
function open(token: string): Promise<Reader> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}${LIVE_EVENTS_PATH}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: HTTP ${res.statusCode}`));
      const reader: Reader = { events: 0, ended: false, close: () => request.destroy() };
      res.setEncoding('utf8');
      // A marker cut between two chunks is counted with the next one.
      let tail = '';
      res.on('data', (chunk: string) => {
        const text = tail + chunk;
        reader.events += text.split(CHANGE).length - 1;
        tail = text.slice(-(CHANGE.length - 1));
      });
      res.on('close', () => {
        reader.ended = true;
      });
      resolve(reader);
    });
    request.on('error', reject);
  });
}

const streams = await Promise.all(Array.from({ length: streamCount }, (_, i) => open(tokens[i % tokens.length] as string)));

const db = new pg.Client({ connectionString: env('DATABASE_URL') });
await db.connect();
let written = 0;
let stopped = false;
const writing = (async () => {
  const started = performance.now();
  while (!stopped) {
    await db.query('UPDATE clients SET updated_at = now() WHERE id = $1', [clientIds[written % clientIds.length]]);
    written += 1;
    const wait = started + (written * 1000) / changesPerSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
})();
console.log('ready');

const input = createInterface({ input: process.stdin });
await new Promise((resolve) => input.once('line', resolve));
stopped = true;
await writing;
await new Promise((resolve) => setTimeout(resolve, 1_000));
const received = streams.map((s) => s.events);
console.log(
  JSON.stringify({
    written,
    received: { min: received.length ? Math.min(...received) : 0, max: received.length ? Math.max(...received) : 0 },
    ended: streams.filter((s) => s.ended).length,
  }),
);
for (const s of streams) s.close();
await db.end();
input.close();
process.exit(0);
