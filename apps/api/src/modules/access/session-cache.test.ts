import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

type Row = { name: string };
const listening = { listening: true };
const owner = { userId: 1, companyId: 10, tokenVersion: 0 };
const colleague = { userId: 2, companyId: 10, tokenVersion: 3 };
const stranger = { userId: 3, companyId: 20, tokenVersion: 0 };

function filled() {
  const cache = new SessionCache<Row>(listening);
  for (const key of [owner, colleague, stranger]) cache.put(cache.mark(), key, { name: `user ${key.userId}` }, 0);
  return cache;
}

describe('SessionCache', () => {
  it('answers a kept user only for the token version it was read with', () => {
    const cache = filled();
    expect(cache.get(2, 3, 1)).toEqual({ name: 'user 2' });
    expect(cache.get(2, 2, 1)).toBeUndefined();
    expect(cache.get(4, 0, 1)).toBeUndefined();
  });

  it('forgets a user, an agency’s users, or everyone, as the notification says', () => {
    const cache = filled();
    cache.changed('u:1');
    expect([cache.get(1, 0, 1), cache.get(2, 3, 1)]).toEqual([undefined, { name: 'user 2' }]);
    cache.changed('c:10');
    expect(cache.get(2, 3, 1)).toBeUndefined();
    expect(cache.get(3, 0, 1)).toEqual({ name: 'user 3' });
    cache.changed('*');
    expect(cache.size).toBe(0);
  });

  it('does not keep a row read before a notification arrived: it may hold what changed', () => {
    const cache = new SessionCache<Row>(listening);
    const mark = cache.mark();
    cache.changed('u:99');
    cache.put(mark, owner, { name: 'stale' }, 0);
    expect(cache.get(1, 0, 1)).toBeUndefined();
    cache.put(cache.mark(), owner, { name: 'fresh' }, 0);
    expect(cache.get(1, 0, 1)).toEqual({ name: 'fresh' });
  });

  it('keeps nothing while not listening, and lets entries expire after a minute', () => {
    const state = { listening: false };
    const cache = new SessionCache<Row>(state);
    cache.put(cache.mark(), owner, { name: 'unheard' }, 0);
    expect(cache.size).toBe(0);
    state.listening = true;
    cache.put(cache.mark(), owner, { name: 'heard' }, 0);
    expect(cache.get(1, 0, 59_999)).toEqual({ name: 'heard' });
    expect(cache.get(1, 0, 60_000)).toBeUndefined();
    cache.put(cache.mark(), owner, { name: 'heard' }, 0);
    state.listening = false;
    expect(cache.get(1, 0, 1)).toBeUndefined();
  });

  it('a reset (the connection lost or made again) forgets everything', () => {
    const cache = filled();
    const mark = cache.mark();
    cache.reset();
    expect(cache.size).toBe(0);
    cache.put(mark, owner, { name: 'before the reset' }, 0);
    expect(cache.size).toBe(0);
  });
});
