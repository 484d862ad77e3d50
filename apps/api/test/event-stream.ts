// A client of GET /api/events for the tests: reads the stream as it arrives (over a real port, or
// through app.inject with payloadAsStream) and keeps every message it got.
import { type EventStreamMessage, eventStreamReader, LIVE_EVENTS_PATH, type LiveChange, type LiveRecordKind } from '@app/shared/events';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** The table whose row each kind of change names (migration record_changes). */
export const KIND_TABLES: Record<LiveRecordKind, string> = {
  attendance: 'attendances',
  client: 'clients',
  budget: 'budgets',
  proposal: 'proposals',
  service: 'services',
  pax: 'budget_paxes',
  task: 'tasks',
  reservation: 'reservations',
  contract: 'contracts',
  voucher: 'vouchers',
  sale: 'sales',
  supplier: 'suppliers',
  notification: 'notifications',
};

export type StreamClient = {
  messages: EventStreamMessage[];
  /** The `change` events read so far. */
  changes(): LiveChange[];
  /** The first message read (now or within `timeoutMs`) that `match` takes. */
  waitFor(match: (m: EventStreamMessage) => boolean, timeoutMs?: number): Promise<EventStreamMessage>;
  /** Resolves once the server ended the stream (or the connection broke). */
  ended: Promise<void>;
  close(): void;
};

function collect(chunks: AsyncIterable<Uint8Array | string>, close: () => void): StreamClient {
  const messages: EventStreamMessage[] = [];
  const reader = eventStreamReader((m) => messages.push(m));
  const decoder = new TextDecoder();
  const ended = (async () => {
    try {
      for await (const chunk of chunks) reader.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    } catch {
      // Closed by the test, or cut by the server: the same for a reader.
    }
  })();
  return {
    messages,
    changes: () => messages.filter((m) => m.event === 'change').map((m) => JSON.parse(m.data) as LiveChange),
    async waitFor(match, timeoutMs = 5_000) {
      let found: EventStreamMessage | undefined;
      await expect
        .poll(() => (found = messages.find(match)), { timeout: timeoutMs, interval: 10 })
        .toBeDefined()
        .catch(() => {
          throw new Error(`no such message within ${timeoutMs} ms; read: ${JSON.stringify(messages.slice(-5))}`);
        });
      return found as EventStreamMessage;
    },
    ended,
    close,
  };
}

/** The stream of `token` over HTTP at `base`: its answer's status, and a client while it is 200. */
export async function openEventStream(base: string, token: string | undefined, lastEventId?: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}${LIVE_EVENTS_PATH}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) return { res, body: await res.text(), client: undefined };
  return { res, body: '', client: collect(res.body, () => abort.abort()) };
}

/** The stream of `token` through the app's inject (no port): for the matrices' apps. */
export async function injectEventStream(t: TestApp, token: string): Promise<StreamClient> {
  const res = await t.app.inject({
    method: 'GET',
    url: LIVE_EVENTS_PATH,
    headers: { authorization: `Bearer ${token}` },
    payloadAsStream: true,
  });
  expect(res.statusCode).toBe(200);
  const stream = res.stream();
  return collect(stream, () => stream.destroy());
}

/** The id of the last message that had one: what a reconnecting client sends as Last-Event-ID. */
export function lastEventId(client: StreamClient): string {
  const id = client.messages.findLast((m) => m.id !== undefined)?.id;
  if (!id) throw new Error('no message with an id yet');
  return id;
}
