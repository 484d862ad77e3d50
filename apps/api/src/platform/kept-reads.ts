// Reads an API process keeps between requests, and forgets when PostgreSQL says the rows behind
// them changed: triggers notify at commit (migrations session_changes, reference_changes), one
// connection per process listens, and each channel feeds one cache. While that connection is down
// nothing is kept. A mutation waits, before it answers, until the notifications of what it
// committed have arrived (trpc.ts), so its own caller never meets a read it changed as it was.
import type { Db } from '@app/db';
import { type ChannelHandlers, type ChannelListener, listenToChannels } from '@app/db/notifications';

/** A safety net for a connection lost without a word (no notice, no error): entries expire anyway. */
const ENTRY_TTL_MS = 60_000;

type Entry<V> = { value: V; tags: readonly string[]; expiresAt: number };

/**
 * Values by key, each with the tags a notification names to forget it (`u:12`, `c:3`); a `*`
 * notification forgets everything.
 */
export class KeptReads<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /** Moves on every notification: a read that began before one may hold what it reported changed. */
  private generation = 0;

  constructor(
    private readonly listener: Pick<ChannelListener, 'listening'>,
    /** Past it, the oldest entry goes. */
    private readonly maxEntries: number,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now || !this.listener.listening) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Taken before reading the database; `put` keeps the value only if no notification came in between. */
  mark(): number {
    return this.generation;
  }

  put(mark: number, key: K, value: V, tags: readonly string[] = [], now = Date.now()) {
    if (mark !== this.generation || !this.listener.listening) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, tags, expiresAt: now + ENTRY_TTL_MS });
  }

  changed(payload: string) {
    this.generation += 1;
    if (payload === '*') {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (entry.tags.includes(payload)) this.entries.delete(key);
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

/**
 * The kept value of `key` when `usable` takes it, else `load`'s (kept, with its tags, unless a
 * notification came during the load). Without `kept` (nothing listens), always `load`'s.
 */
export async function readThrough<K, V>(
  kept: KeptReads<K, V> | undefined,
  key: K,
  load: () => Promise<V | undefined>,
  opts: { usable?: (value: V) => boolean; tags?: (value: V) => readonly string[] } = {},
): Promise<V | undefined> {
  const held = kept?.get(key);
  if (held !== undefined && (opts.usable?.(held) ?? true)) return held;
  const mark = kept?.mark();
  const value = await load();
  if (value !== undefined && mark !== undefined) kept?.put(mark, key, value, opts.tags?.(value));
  return value;
}

/** Another reader of the same notifications (the live screens: modules/events). */
export type ChangeTap = Pick<ChannelHandlers, 'onMessage' | 'onReset'>;

type Feed = { listener: ChannelListener; caches: Map<string, KeptReads<unknown, unknown>>; taps: Set<ChangeTap>; users: number };
const feeds = new WeakMap<Db, Feed>();

/**
 * Starts listening on `channels` for the reads kept over `db` (PostgreSQL at `databaseUrl`). Apps
 * built on one client share the connection; the last to stop closes it.
 */
export function startKeptReads(
  db: Db,
  databaseUrl: string,
  channels: string[],
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let feed = feeds.get(db);
  if (!feed) {
    const caches = new Map<string, KeptReads<unknown, unknown>>();
    const taps = new Set<ChangeTap>();
    const listener = listenToChannels(databaseUrl, channels, {
      onMessage: (channel, payload) => {
        caches.get(channel)?.changed(payload);
        for (const tap of taps) tap.onMessage(channel, payload);
      },
      onReset: () => {
        for (const cache of caches.values()) cache.reset();
        for (const tap of taps) tap.onReset();
      },
      onError,
    });
    feed = { listener, caches, taps, users: 0 };
    feeds.set(db, feed);
  }
  const current = feed;
  current.users += 1;
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      current.users -= 1;
      if (current.users > 0) return;
      feeds.delete(db);
      await current.listener.close();
    },
  };
}

/**
 * The reads kept over `db` that `channel`'s notifications invalidate, made on first use with room
 * for `maxEntries` (without it, only one already made); none when nothing listens (the embedded database).
 */
export function keptReadsOf<K, V>(db: Db, channel: string, maxEntries?: number): KeptReads<K, V> | undefined {
  const feed = feeds.get(db);
  if (!feed) return undefined;
  let cache = feed.caches.get(channel);
  if (!cache && maxEntries !== undefined) {
    cache = new KeptReads(feed.listener, maxEntries);
    feed.caches.set(channel, cache);
  }
  return cache as KeptReads<K, V>;
}

/**
 * Hands every notification the connection listening over `db` hears (and each reset of it) to
 * `tap` as well, until the returned function is called; undefined when nothing listens.
 */
export function tapChanges(db: Db, tap: ChangeTap): (() => void) | undefined {
  const feed = feeds.get(db);
  if (!feed) return undefined;
  feed.taps.add(tap);
  return () => feed.taps.delete(tap);
}

/** Waits until this process has heard of every change committed so far (see the top). */
export function changesSettled(db: Db): Promise<void> {
  return feeds.get(db)?.listener.settled() ?? Promise.resolve();
}
