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

const NOTIFICATION_RESPONSE = 0x41; // 'A'
/** A backend message starts with its type byte and an int32 length that counts itself. */
const HEADER_BYTES = 5;

/**
 * Takes the NotificationResponse messages out of a stream of backend messages cut into chunks
 * anywhere (a message, even its header, may span chunks): `push` returns the bytes of every other
 * message, in order, and hands each notification to `onNotification`. The embedded database has
 * one session behind every connection, so a NOTIFY committed by one comes back in that
 * connection's reply (embedded.ts takes it out there and tells the process instead).
 */
export class NotificationFilter {
  private readonly header = Buffer.alloc(HEADER_BYTES);
  /** Header bytes read so far: a header cut by a chunk's end waits, unsent, for the rest. */
  private headerBytes = 0;
  /** Body bytes of the current message still to come. */
  private remaining = 0;
  /** The current notification's body as it arrives; null inside any other message. */
  private body: Buffer[] | null = null;

  constructor(private readonly onNotification: (channel: string, payload: string) => void) {}

  push(chunk: Uint8Array): Uint8Array {
    const kept: Uint8Array[] = [];
    // Chunk bytes from here on go through, unless a notification is cut out below.
    let keepFrom = this.body && this.remaining > 0 ? chunk.length : 0;
    let i = 0;
    while (i < chunk.length) {
      if (this.remaining > 0) {
        const n = Math.min(this.remaining, chunk.length - i);
        this.body?.push(Buffer.from(chunk.subarray(i, i + n)));
        i += n;
        this.remaining -= n;
        if (this.remaining === 0 && this.body) {
          this.notify();
          keepFrom = i;
        }
        continue;
      }
      const start = i;
      const heldBefore = this.headerBytes;
      const n = Math.min(HEADER_BYTES - heldBefore, chunk.length - i);
      this.header.set(chunk.subarray(i, i + n), heldBefore);
      this.headerBytes += n;
      i += n;
      if (this.headerBytes < HEADER_BYTES) {
        if (start > keepFrom) kept.push(chunk.subarray(keepFrom, start));
        keepFrom = chunk.length;
        break;
      }
      this.headerBytes = 0;
      this.remaining = this.header.readInt32BE(1) - 4;
      if (this.header[0] === NOTIFICATION_RESPONSE) {
        if (start > keepFrom) kept.push(chunk.subarray(keepFrom, start));
        keepFrom = chunk.length;
        this.body = [];
        if (this.remaining === 0) {
          this.notify();
          keepFrom = i;
        }
      } else {
        this.body = null;
        // The part of this header that came with the previous chunk goes out first.
        if (heldBefore > 0) kept.push(Buffer.from(this.header.subarray(0, heldBefore)));
      }
    }
    if (kept.length === 0 && keepFrom === 0) return chunk;
    if (keepFrom < chunk.length) kept.push(chunk.subarray(keepFrom));
    return kept.length === 1 ? (kept[0] as Uint8Array) : Buffer.concat(kept);
  }

  /** NotificationResponse: int32 process id, then the channel and the payload as C strings. */
  private notify() {
    const body = Buffer.concat(this.body ?? []);
    this.body = null;
    const channelEnd = body.indexOf(0, 4);
    const payloadEnd = body.indexOf(0, channelEnd + 1);
    if (channelEnd < 0 || payloadEnd < 0) return;
    this.onNotification(body.toString('utf8', 4, channelEnd), body.toString('utf8', channelEnd + 1, payloadEnd));
  }
}
