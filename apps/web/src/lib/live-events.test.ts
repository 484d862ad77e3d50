// The live screens' client: the stream read from a local server speaking text/event-stream
// (reconnection, Last-Event-ID, refusals), and the invalidation run on a real QueryClient.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { LiveChange, LivePresence } from '@app/shared/events';
import { QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { COALESCE_MS, connectLiveEvents, type LiveHandlers, liveInvalidator } from './live-events';

let server: Server | undefined;
const stops: (() => void)[] = [];

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A local server answering the n-th request (from 0) with `answer`; returns its URL and the requests. */
async function serve(answer: (n: number, req: IncomingMessage, res: ServerResponse) => void) {
  const requests: IncomingMessage[] = [];
  const listening = createServer((req, res) => answer(requests.push(req) - 1, req, res));
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(listening.address() as { port: number }).port}/api/events`, requests };
}

function recorder(token: string | null = 'token-1') {
  const seen = { changes: [] as LiveChange[], presence: [] as LivePresence[], resets: 0, refused: [] as number[] };
  const handlers: LiveHandlers = {
    token: () => token,
    onChange: (c) => seen.changes.push(c),
    onPresence: (p) => seen.presence.push(p),
    onReset: () => {
      seen.resets += 1;
    },
    onUnauthorized: (res) => seen.refused.push(res.status),
  };
  return { seen, handlers };
}

const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

describe('connectLiveEvents', () => {
  it('reads changes and presence, and reconnects from the last id after the server ends the stream', async () => {
    const presence = { budget_id: 4, user: { id: 2, name: 'Ana' }, state: 'editing' };
    const { url, requests } = await serve((n, _req, res) => {
      sse(res);
      if (n === 0) {
        res.write('id: abc-1\nevent: ready\ndata: {}\n\n: ping\n\n');
        res.write('id: abc-2\nevent: change\ndata: {"kind":"client","id":9,"op":"UPDATE"}\n\n');
        // Not ours to read (an unknown kind): skipped.
        res.write('id: abc-3\nevent: change\ndata: {"kind":"planeta","id":9,"op":"UPDATE"}\n\n');
        res.end(`event: presence\ndata: ${JSON.stringify(presence)}\n\n`);
      } else res.write('id: abc-4\nevent: reset\ndata: {}\n\n');
    });
    const { seen, handlers } = recorder();
    stops.push(connectLiveEvents(handlers, { url, backoffMs: () => 10 }).stop);
    await expect.poll(() => seen.resets).toBe(1);
    expect(seen.changes).toEqual([{ kind: 'client', id: 9, op: 'UPDATE' }]);
    expect(seen.presence).toEqual([presence]);
    expect(requests.map((r) => [r.headers.authorization, r.headers['last-event-id']])).toEqual([
      ['Bearer token-1', undefined],
      ['Bearer token-1', 'abc-3'],
    ]);
  });

  it('tries again after a server error, and stops on a refusal that waiting will not fix', async () => {
    const { url, requests } = await serve((n, _req, res) => {
      res.writeHead(n === 0 ? 503 : n === 1 ? 401 : 200).end();
    });
    const { seen, handlers } = recorder();
    stops.push(connectLiveEvents(handlers, { url, backoffMs: () => 10 }).stop);
    await expect.poll(() => seen.refused).toEqual([401]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toHaveLength(2);

    const plan = await serve((_n, _req, res) => res.writeHead(402).end());
    stops.push(connectLiveEvents(recorder().handlers, { url: plan.url, backoffMs: () => 10 }).stop);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(plan.requests).toHaveLength(1);
  });

  it('opens nothing without a token, and stop() ends the stream', async () => {
    const { url, requests } = await serve((_n, _req, res) => sse(res));
    connectLiveEvents(recorder(null).handlers, { url }).stop();
    const { handlers } = recorder();
    const connection = connectLiveEvents(handlers, { url, backoffMs: () => 10 });
    await expect.poll(() => requests.length).toBe(1);
    const closed = new Promise((resolve) => requests[0]?.socket.once('close', resolve));
    connection.stop();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(1);
  });
});

describe('liveInvalidator', () => {
  const key = (path: string[], input?: object): QueryKey => [path, { ...(input ? { input } : {}), type: 'query' }];

  /** An observed query (as a mounted screen's) counting its fetches. */
  function observe(queryClient: QueryClient, queryKey: QueryKey) {
    let fetches = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey,
      queryFn: async () => {
        fetches += 1;
        return fetches;
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    stops.push(observer.subscribe(() => {}));
    return { fetches: () => fetches };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, COALESCE_MS + 100));

  it('a burst of changes refetches the queries of their kind once, and leaves the others', async () => {
    const queryClient = new QueryClient();
    const invalidator = liveInvalidator(queryClient, (router) => [[router]]);
    stops.push(invalidator.stop);
    const funnel = observe(queryClient, key(['attendances', 'funnel'], { group: 'negotiations' }));
    const clients = observe(queryClient, key(['clients', 'list']));
    const tasks = observe(queryClient, key(['tasks', 'list']));
    await expect.poll(() => funnel.fetches() + clients.fetches() + tasks.fetches()).toBe(3);
    for (let id = 1; id <= 5; id++) invalidator.changed({ kind: 'attendance', id, op: 'UPDATE' });
    await settle();
    expect([funnel.fetches(), clients.fetches(), tasks.fetches()]).toEqual([2, 1, 2]);

    invalidator.resetAll();
    await expect.poll(() => [funnel.fetches(), clients.fetches(), tasks.fetches()]).toEqual([3, 2, 3]);
  });

  it("a change within a budget refetches that budget's queries and the lists, not another open budget's", async () => {
    const queryClient = new QueryClient();
    const invalidator = liveInvalidator(queryClient, (router) => [[router]]);
    stops.push(invalidator.stop);
    const mine = observe(queryClient, key(['budgets', 'get'], { id: 5 }));
    const other = observe(queryClient, key(['budgets', 'get'], { id: 6 }));
    const list = observe(queryClient, key(['budgets', 'list'], { page: 1 }));
    await expect.poll(() => mine.fetches() + other.fetches() + list.fetches()).toBe(3);
    invalidator.changed({ kind: 'service', id: 70, op: 'INSERT', budget_id: 5 });
    await settle();
    expect([mine.fetches(), other.fetches(), list.fetches()]).toEqual([2, 1, 2]);
  });

  it('a query fetched after the change arrived already shows it: not fetched again', async () => {
    const queryClient = new QueryClient();
    let clock = 1_000;
    const invalidator = liveInvalidator(
      queryClient,
      (router) => [[router]],
      () => clock,
    );
    stops.push(invalidator.stop);
    const fresh = observe(queryClient, key(['tasks', 'list']));
    const stale = observe(queryClient, key(['tasks', 'get'], { id: 3 }));
    await expect.poll(() => fresh.fetches() + stale.fetches()).toBe(2);
    invalidator.changed({ kind: 'task', id: 3, op: 'UPDATE' });
    // One's own mutation refetches its list meanwhile.
    clock += 50;
    await queryClient.refetchQueries({ queryKey: key(['tasks', 'list']) });
    await settle();
    expect([fresh.fetches(), stale.fetches()]).toEqual([2, 2]);
  });
});
