import { describe, expect, it } from 'vitest';
import { largestSample } from '../guard/inputs';
import { buildCall, multipartBody, SAMPLE_FILES, send } from '../guard/requests';
import { idResolver, useGuard } from '../guard/setup';
import { DEMO } from '../harness';
import type { InventoryRoute } from '../inventory';

const { t, g } = useGuard();

/** A route's answer, however large its accepted input: well within a user's patience. */
const ROUTE_MS = 15_000;
/**
 * The longest /healthz or a list may wait while any one request runs. Generous (the machine runs
 * other test files beside this one): the point is that nothing holds the event loop for seconds.
 */
const STALL_MS = 1_500;

/**
 * Polls /healthz and the attendances list one after the other while `work` runs; the slowest
 * answer of each, in ms, a pause between polls that ran late counted into the next answer (a loop
 * held while no poll was in flight is seen too).
 */
async function whileServing<T>(owner: string, work: () => Promise<T>): Promise<{ result: T; health: number; list: number }> {
  let running = true;
  let health = 0;
  let list = 0;
  const timed = async (url: string, token?: string) => {
    const start = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode}`);
    return performance.now() - start;
  };
  const poller = (async () => {
    while (running) {
      const paused = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const late = performance.now() - paused - 20;
      health = Math.max(health, late + (await timed('/healthz')));
      list = Math.max(list, await timed('/api/attendances?page=1&limit=10', owner));
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    running = false;
    await poller;
  }
  return { result, health, list };
}

describe('resource matrix', () => {
  it('every route answers its largest accepted input (free text at its maximum, lists at their maximum, files at their limit) in time, never a 5xx, while /healthz and a list keep answering', {
    timeout: 1_200_000,
  }, async () => {
    const tokens = { owner: await t.tokenFor(DEMO.users.owner), root: await t.tokenFor(DEMO.users.superAdmin) };
    const tokenFor = (route: InventoryRoute) =>
      route.access === 'public' ? undefined : route.access === 'super_admin' ? tokens.root : tokens.owner;
    // The control: a request that holds the event loop for 2 s is seen.
    const blocked = await whileServing(tokens.owner, async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const until = Date.now() + 2_000;
      while (Date.now() < until);
    });
    expect(Math.max(blocked.health, blocked.list)).toBeGreaterThan(STALL_MS);

    const ids = await g.ids(g.companies.demo);
    const routes = g.inventory.routes.filter((r) => r.access !== 'local');
    const failures: string[] = [];
    let filled = 0;
    let accepted = 0;
    const started = performance.now();
    for (const route of routes) {
      // A GET carries its input in the URL: its text stays short, its lists still full.
      const reads = route.method === 'GET';
      const { value, largest } = largestSample(route.input, idResolver(g.catalog, route, ids), {
        arrayItems: reads ? 20 : 200,
        stringChars: reads ? 200 : 100_000,
      });
      if (largest) filled += 1;
      const call = buildCall(route, value, { token: tokenFor(route) });
      if (route.upload) {
        // The largest file the route takes: a valid file of its first type, padded to the limit.
        const type = route.upload.types[0] as string;
        const sample = SAMPLE_FILES[type] as { name: string; data: Buffer };
        const fields = Object.fromEntries(Object.entries((value ?? {}) as object).filter(([k]) => !route.pathParams.includes(k)));
        const data = Buffer.concat([sample.data, Buffer.alloc(Math.max(0, route.upload.maxBytes - sample.data.length))]);
        const body = multipartBody(fields, { field: route.upload.field, name: sample.name, type, data });
        call.payload = body.payload;
        call.headers = { ...call.headers, 'content-type': body.contentType };
      }
      const start = performance.now();
      const { result: res, health, list } = await whileServing(tokens.owner, () => send(t, call));
      const elapsed = performance.now() - start;
      if (res.statusCode < 300) accepted += 1;
      if (res.statusCode >= 500) failures.push(`${route.name}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (elapsed > ROUTE_MS) failures.push(`${route.name}: answered in ${elapsed.toFixed(0)} ms`);
      if (health > STALL_MS || list > STALL_MS) {
        failures.push(`${route.name}: /healthz waited ${health.toFixed(0)} ms, the list ${list.toFixed(0)} ms`);
      }
    }
    console.log(
      `[resource matrix] ${routes.length} routes (${filled} at their largest input, ${accepted} accepted) in ${((performance.now() - started) / 1000).toFixed(0)} s, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    // The control: most routes took their largest input, or nothing here was measured.
    expect(filled).toBeGreaterThan(routes.filter((r) => r.input).length / 2);
    expect(accepted).toBeGreaterThan(routes.length / 3);
  });
});
