import { describe, expect, it } from 'vitest';
import { KeptReads } from './kept-reads';

const listening = { listening: true };

function filled() {
  const kept = new KeptReads<number, string>(listening, 10);
  kept.put(kept.mark(), 1, 'owner', ['u:1', 'c:10'], 0);
  kept.put(kept.mark(), 2, 'colleague', ['u:2', 'c:10'], 0);
  kept.put(kept.mark(), 3, 'stranger', ['u:3', 'c:20'], 0);
  return kept;
}

describe('KeptReads', () => {
  it('forgets the entries a notification names by tag, or everything on `*`', () => {
    const kept = filled();
    kept.changed('u:1');
    expect([kept.get(1, 1), kept.get(2, 1)]).toEqual([undefined, 'colleague']);
    kept.changed('c:10');
    expect([kept.get(2, 1), kept.get(3, 1)]).toEqual([undefined, 'stranger']);
    kept.changed('*');
    expect(kept.size).toBe(0);
  });

  it('does not keep a value read before a notification arrived: it may hold what changed', () => {
    const kept = new KeptReads<number, string>(listening, 10);
    const mark = kept.mark();
    kept.changed('u:99');
    kept.put(mark, 1, 'stale', [], 0);
    expect(kept.get(1, 1)).toBeUndefined();
    kept.put(kept.mark(), 1, 'fresh', [], 0);
    expect(kept.get(1, 1)).toBe('fresh');
  });

  it('keeps nothing while not listening, and lets entries expire after a minute', () => {
    const state = { listening: false };
    const kept = new KeptReads<number, string>(state, 10);
    kept.put(kept.mark(), 1, 'unheard', [], 0);
    expect(kept.size).toBe(0);
    state.listening = true;
    kept.put(kept.mark(), 1, 'heard', [], 0);
    expect(kept.get(1, 59_999)).toBe('heard');
    expect(kept.get(1, 60_000)).toBeUndefined();
    kept.put(kept.mark(), 1, 'heard', [], 0);
    state.listening = false;
    expect(kept.get(1, 1)).toBeUndefined();
  });

  it('a reset (the connection lost or made again) forgets everything, and a read begun before it is not kept', () => {
    const kept = filled();
    const mark = kept.mark();
    kept.reset();
    expect(kept.size).toBe(0);
    kept.put(mark, 1, 'before the reset', [], 0);
    expect(kept.size).toBe(0);
  });

  it('holds at most its size: the oldest entry goes first', () => {
    const kept = new KeptReads<number, string>(listening, 2);
    for (const key of [1, 2, 3]) kept.put(kept.mark(), key, `v${key}`, [], 0);
    expect([kept.get(1, 1), kept.get(2, 1), kept.get(3, 1)]).toEqual([undefined, 'v2', 'v3']);
  });
});
