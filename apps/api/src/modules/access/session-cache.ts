// The session rows an API process read, kept so that a request does not read its user again: on
// this machine that round trip was a third of an autocomplete's CPU (bench/README.md, the session
// cache). Triggers on users, subscriptions and plans notify at commit (migration session_changes)
// and the entries they touch are forgotten; while the listening connection is down nothing is kept.
// A mutation waits, before it answers, until the notifications of what it committed have arrived
// (trpc.ts), so its own caller never meets a session it changed as it was.
import type { Db } from '@app/db';
import { type ChannelListener, listenToChannel } from '@app/db/notifications';

export const SESSION_CHANNEL = 'session_changes';

/** A safety net for a connection lost without a word (no notice, no error): entries expire anyway. */
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

type Entry<Row> = { row: Row; companyId: number; tokenVersion: number; expiresAt: number };

export class SessionCache<Row> {
  private readonly entries = new Map<number, Entry<Row>>();
  /** Moves on every notification: a read that began before one may hold what it reported changed. */
  private generation = 0;

  constructor(private readonly listener: Pick<ChannelListener, 'listening'>) {}

  get(userId: number, tokenVersion: number, now = Date.now()): Row | undefined {
    const entry = this.entries.get(userId);
    if (!entry || entry.tokenVersion !== tokenVersion) return undefined;
    if (entry.expiresAt <= now || !this.listener.listening) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry.row;
  }

  /** Taken before reading the database; `put` keeps the row only if no notification came in between. */
  mark(): number {
    return this.generation;
  }

  put(mark: number, key: { userId: number; companyId: number; tokenVersion: number }, row: Row, now = Date.now()) {
    if (mark !== this.generation || !this.listener.listening) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as number);
    this.entries.set(key.userId, { row, companyId: key.companyId, tokenVersion: key.tokenVersion, expiresAt: now + ENTRY_TTL_MS });
  }

  /** A notification's payload: `u:<user id>`, `c:<company id>` (its subscription) or `*` (plans, truncations). */
  changed(payload: string) {
    this.generation += 1;
    const [kind, id] = payload.split(':');
    if (kind === 'u') this.entries.delete(Number(id));
    else if (kind === 'c') {
      for (const [userId, entry] of this.entries) if (entry.companyId === Number(id)) this.entries.delete(userId);
    } else this.entries.clear();
  }

  reset() {
    this.generation += 1;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }

  get listening() {
    return this.listener.listening;
  }
}

type Registered = { cache: SessionCache<unknown>; listener: ChannelListener; users: number };
const registry = new WeakMap<Db, Registered>();

/** The cache over `db`, when an app started one (PostgreSQL); reads go to the database otherwise. */
export function sessionCacheOf<Row>(db: Db): SessionCache<Row> | undefined {
  return registry.get(db)?.cache as SessionCache<Row> | undefined;
}

/**
 * Starts the cache of `db`'s sessions, listening on a connection of its own to `databaseUrl`. Apps
 * built on one client share it; the last to stop closes the connection.
 */
export function startSessionCache(db: Db, databaseUrl: string, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let registered = registry.get(db);
  if (!registered) {
    let cache: SessionCache<unknown> | undefined;
    const listener = listenToChannel(databaseUrl, SESSION_CHANNEL, {
      onMessage: (payload) => cache?.changed(payload),
      onReset: () => cache?.reset(),
      onError,
    });
    cache = new SessionCache(listener);
    registered = { cache, listener, users: 0 };
    registry.set(db, registered);
  }
  const current = registered;
  current.users += 1;
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      current.users -= 1;
      if (current.users > 0) return;
      registry.delete(db);
      await current.listener.close();
    },
  };
}

/** Waits until this process has heard of every session change committed so far (see the top). */
export function sessionChangesSettled(db: Db): Promise<void> {
  return registry.get(db)?.listener.settled() ?? Promise.resolve();
}
