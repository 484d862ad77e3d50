// One API process's side of the live screens: the database's notifications (record changes from the
// triggers of migration record_changes, presence from presence.service.ts, sessions from migration
// session_changes) fanned out to the event streams open on this process, each message to the
// streams of its agency and no other. Changes are numbered `<epoch>-<seq>` (the epoch tells this
// process's life apart from any other's) and the last LIVE_LIMITS.ringSize are kept, so a stream
// reconnecting with the id it read last gets what it missed; anything older, of another process or
// from before a lost listening connection gets `reset` instead (the screen reads everything again).
// Each stream's writes are gathered for one turn of the event loop and its backlog is bounded: a
// burst too large becomes one `reset`, and a client whose connection does not take what was
// written is dropped (it reconnects and resumes or resets), so no client holds the others nor
// grows the process's memory.
import { randomBytes } from 'node:crypto';
import { z } from '@app/shared';
import { type LiveChange, type LivePresence, liveChangeSchema, PRESENCE_STATES } from '@app/shared/events';
import { SESSION_CHANNEL } from '../access/session';

export const RECORD_CHANNEL = 'record_changes';
export const PRESENCE_CHANNEL = 'presence';
/** What the live screens listen to (the feed's channels: app.ts, and the embedded database's). */
export const LIVE_CHANNELS = [RECORD_CHANNEL, PRESENCE_CHANNEL, SESSION_CHANNEL] as const;

export const LIVE_LIMITS = {
  /** Changes kept for reconnections (all agencies together). */
  ringSize: 1_000,
  /** Messages one stream may have waiting for the next write; past it, a `reset` instead. */
  maxPending: 500,
  /** Bytes a connection may leave unread; past it at the next write, the client is dropped. */
  maxBufferedBytes: 128 * 1024,
  /** A comment this often keeps proxies from closing an idle stream and finds dead connections. */
  heartbeatMs: 20_000,
};

/** An open event stream, as the transport hands it over. */
export type LiveStream = {
  readonly companyId: number;
  readonly userId: number;
  /** Bytes written that the client's connection has not taken yet. */
  buffered(): number;
  write(text: string): void;
  /** Ends the stream: the client reconnects (a session change, the server stopping). */
  end(): void;
  /** Cuts the connection of a client that does not read. */
  destroy(): void;
};

type Connection = { stream: LiveStream; pending: string[]; overflowed: boolean };

/** What the triggers send: agency, kind, id, operation and the budget of a budget's row. */
const recordNotification = z.object({
  c: z.number().int(),
  t: liveChangeSchema.shape.kind,
  id: z.number().int(),
  op: liveChangeSchema.shape.op,
  b: z.number().int().optional(),
});

/** What presence.service.ts sends: agency, budget, user id and name, state. */
export const presenceNotification = z.object({
  c: z.number().int(),
  b: z.number().int(),
  u: z.number().int(),
  n: z.string(),
  s: z.enum(PRESENCE_STATES),
});

const message = (event: string, data: unknown, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export class LiveHub {
  /** This process's life: ids of another (or of this one before a restart) are unknown here. */
  readonly epoch = randomBytes(4).toString('hex');
  private seq = 0;
  /** Ids up to it may have missed changes (the listening connection was lost after them). */
  private horizon = -1;
  private readonly ring: { seq: number; companyId: number; text: string }[] = [];
  private readonly byCompany = new Map<number, Set<Connection>>();
  private readonly dirty = new Set<Connection>();
  private flushing: ReturnType<typeof setImmediate> | undefined;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(
    private readonly limits = LIVE_LIMITS,
    private readonly onDrop: (stream: LiveStream) => void = () => {},
  ) {
    this.heartbeat = setInterval(() => this.beat(), limits.heartbeatMs);
    this.heartbeat.unref();
  }

  get streams(): number {
    let n = 0;
    for (const set of this.byCompany.values()) n += set.size;
    return n;
  }

  private currentId() {
    return `${this.epoch}-${this.seq}`;
  }

  /**
   * Opens `stream` where its client left off (`lastEventId`, the Last-Event-ID it sent): the
   * changes of its agency it missed then `ready`, or `reset` when that id is not one this process
   * can resume from. Returns what to call once the stream is gone.
   */
  attach(stream: LiveStream, lastEventId?: string): () => void {
    if (this.closed) {
      stream.end();
      return () => {};
    }
    const missed = lastEventId === undefined ? [] : this.since(lastEventId, stream.companyId);
    stream.write(missed === null ? message('reset', {}, this.currentId()) : `${missed.join('')}${message('ready', {}, this.currentId())}`);
    const connection: Connection = { stream, pending: [], overflowed: false };
    let set = this.byCompany.get(stream.companyId);
    if (!set) {
      set = new Set();
      this.byCompany.set(stream.companyId, set);
    }
    set.add(connection);
    return () => this.detach(connection);
  }

  /** The agency's changes after `lastEventId`, or null when some of them may be gone. */
  private since(lastEventId: string, companyId: number): string[] | null {
    const match = /^([0-9a-f]{8})-(\d{1,15})$/.exec(lastEventId);
    if (!match || match[1] !== this.epoch) return null;
    const seq = Number(match[2]);
    const oldest = this.ring[0]?.seq ?? this.seq + 1;
    if (seq > this.seq || seq <= this.horizon || seq + 1 < oldest) return null;
    return this.ring.filter((e) => e.seq > seq && e.companyId === companyId).map((e) => e.text);
  }

  private detach(connection: Connection) {
    const set = this.byCompany.get(connection.stream.companyId);
    set?.delete(connection);
    if (set?.size === 0) this.byCompany.delete(connection.stream.companyId);
    this.dirty.delete(connection);
  }

  /** A notification on one of LIVE_CHANNELS. */
  handle(channel: string, payload: string) {
    if (channel === RECORD_CHANNEL) this.recordChanged(payload);
    else if (channel === PRESENCE_CHANNEL) this.presence(payload);
    else if (channel === SESSION_CHANNEL) this.sessionChanged(payload);
  }

  private recordChanged(payload: string) {
    const parsed = recordNotification.safeParse(safeJson(payload));
    if (!parsed.success) return;
    const { c, t, id, op, b } = parsed.data;
    this.seq += 1;
    const change: LiveChange = { kind: t, id, op, ...(b === undefined ? {} : { budget_id: b }) };
    const text = message('change', change, this.currentId());
    this.ring.push({ seq: this.seq, companyId: c, text });
    if (this.ring.length > this.limits.ringSize) this.ring.shift();
    this.send(c, text);
  }

  private presence(payload: string) {
    const parsed = presenceNotification.safeParse(safeJson(payload));
    if (!parsed.success) return;
    const { c, b, u, n, s } = parsed.data;
    const presence: LivePresence = { budget_id: b, user: { id: u, name: n }, state: s };
    this.send(c, message('presence', presence));
  }

  /**
   * A user (`u:<id>`), an agency's plan or settings (`c:<id>`) or every plan (`*`) changed: their
   * streams end, and reconnecting signs them in again (a deactivated user is out at once).
   */
  private sessionChanged(payload: string) {
    const [scope, id] = payload.split(':');
    for (const [companyId, set] of this.byCompany)
      for (const connection of set) {
        const { stream } = connection;
        if (payload === '*' || (scope === 'c' && Number(id) === companyId) || (scope === 'u' && Number(id) === stream.userId)) {
          this.detach(connection);
          stream.end();
        }
      }
  }

  /**
   * The listening connection was lost or made again: whatever was committed meanwhile is unknown.
   * The streams get `reset` with a new position past the gap, from which they can resume.
   */
  reset() {
    this.horizon = this.seq;
    this.seq += 1;
    for (const set of this.byCompany.values())
      for (const connection of set) {
        connection.pending = [];
        connection.overflowed = true;
        this.dirty.add(connection);
      }
    this.schedule();
  }

  private send(companyId: number, text: string) {
    const set = this.byCompany.get(companyId);
    if (!set) return;
    for (const connection of set) {
      if (connection.overflowed) continue;
      if (connection.pending.length >= this.limits.maxPending) {
        connection.pending = [];
        connection.overflowed = true;
      } else connection.pending.push(text);
      this.dirty.add(connection);
    }
    this.schedule();
  }

  private schedule() {
    this.flushing ??= setImmediate(() => this.flush());
  }

  private flush() {
    this.flushing = undefined;
    for (const connection of this.dirty) {
      const text = connection.overflowed ? message('reset', {}, this.currentId()) : connection.pending.join('');
      connection.pending = [];
      connection.overflowed = false;
      this.write(connection, text);
    }
    this.dirty.clear();
  }

  private write(connection: Connection, text: string) {
    const { stream } = connection;
    if (stream.buffered() > this.limits.maxBufferedBytes) {
      this.detach(connection);
      stream.destroy();
      this.onDrop(stream);
      return;
    }
    stream.write(text);
  }

  private beat() {
    for (const set of this.byCompany.values()) for (const connection of set) this.write(connection, ': ping\n\n');
  }

  /** The server stops: every stream ends (the clients reconnect to another process). */
  close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.flushing) clearImmediate(this.flushing);
    for (const set of this.byCompany.values()) for (const { stream } of set) stream.end();
    this.byCompany.clear();
    this.dirty.clear();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
