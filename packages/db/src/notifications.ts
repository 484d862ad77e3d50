// A connection of its own that LISTENs on some channels for the life of a process (PostgreSQL only:
// the embedded PGlite serves every connection from one session). PostgreSQL sends a notification
// at its transaction's commit, so a process can keep what it read and forget it when a trigger says
// the rows changed.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** The listening connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'change listener';

export type ChannelListener = {
  /** True while the connection listens: anything committed since then is (or will be) told. */
  readonly listening: boolean;
  /**
   * Resolves once every notification committed before the call has been handed to `onMessage`:
   * the connection's backend sends pending notifications before it answers a later query.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
};

export type ChannelHandlers = {
  onMessage(channel: string, payload: string): void;
  /** The connection was lost or (re)made: notifications may have been missed in between. */
  onReset(): void;
  onError(error: unknown): void;
};

export function listenToChannels(url: string, channels: string[], handlers: ChannelHandlers, { retryMs = 1000 } = {}): ChannelListener {
  let client: pg.Client | undefined;
  let closed = false;
  // One barrier round trip at a time; callers arriving before it starts share it.
  let tail: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;

  const lost = (lostClient: pg.Client, error?: unknown) => {
    if (client !== lostClient) return;
    client = undefined;
    handlers.onReset();
    if (error) handlers.onError(error);
    lostClient.end().catch(() => {});
    if (!closed) void connect();
  };

  async function connect() {
    while (!closed) {
      const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_NAME });
      next.on('notification', (message) => {
        if (channels.includes(message.channel)) handlers.onMessage(message.channel, message.payload ?? '');
      });
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next));
      try {
        await next.connect();
        const [server] = (await next.query<{ version: string }>('SELECT version()')).rows;
        if (server?.version.includes('PGlite')) {
          closed = true; // one session behind every connection: never listening, nothing kept
          await next.end();
          return;
        }
        for (const channel of channels) await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
      } catch (error) {
        handlers.onError(error);
        next.end().catch(() => {});
        await sleep(retryMs);
        continue;
      }
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      handlers.onReset();
      return;
    }
  }
  void connect();

  return {
    get listening() {
      return client !== undefined;
    },
    settled() {
      const current = client;
      if (!current) return Promise.resolve();
      if (!queued) {
        const trip = tail.then(() => {
          queued = undefined;
          return current.query('SELECT 1').then(
            () => undefined,
            () => undefined,
          );
        });
        queued = trip;
        tail = trip;
      }
      return queued;
    },
    async close() {
      closed = true;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
