// When each key (a user's access-log beacon) was last seen, in Redis when configured so that every
// process shares it, else in this process. The read and the write are one step: two requests at
// once never both see the same previous time.
import type { Redis } from 'ioredis';

export type LastSeen = {
  /** Records `now` (ms) as the key's time and answers the time recorded before it, null if none (or expired). */
  swap(key: string, now: number): Promise<number | null>;
};

/** Entries older than `ttlMs` count as never seen; the map holds one entry per key (a user). */
export function memoryLastSeen(ttlMs: number): LastSeen {
  const seen = new Map<string, number>();
  return {
    async swap(key, now) {
      const previous = seen.get(key);
      seen.set(key, now);
      return previous !== undefined && now - previous < ttlMs ? previous : null;
    },
  };
}

/** SET ... GET swaps atomically; while Redis fails, `insurance` answers (as the rate limiters' insurance does). */
export function redisLastSeen(redis: Redis, keyPrefix: string, ttlMs: number, insurance: LastSeen): LastSeen {
  return {
    async swap(key, now) {
      try {
        const previous = await redis.set(`${keyPrefix}:${key}`, String(now), 'PX', ttlMs, 'GET');
        return previous === null ? null : Number(previous);
      } catch {
        return insurance.swap(key, now);
      }
    },
  };
}
