import { describe, expect, it } from 'vitest';
import { sameValues } from './same-values';

describe('sameValues', () => {
  it('compares primitives by value, NaN included', () => {
    expect(sameValues('a', 'a')).toBe(true);
    expect(sameValues(1, 1)).toBe(true);
    expect(sameValues(Number.NaN, Number.NaN)).toBe(true);
    expect(sameValues('', null)).toBe(false);
    expect(sameValues(null, undefined)).toBe(false);
    expect(sameValues(0, '0')).toBe(false);
  });

  it('compares objects by content, whatever the order of their keys', () => {
    expect(sameValues({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameValues({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 3] } })).toBe(false);
  });

  it('tells a key added, removed or left undefined', () => {
    expect(sameValues({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValues({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameValues({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
  });

  it('tells a row added to or removed from a list', () => {
    const rooms = [{ id: 'room-1', value: 100 }];
    expect(sameValues({ rooms }, { rooms: [...rooms, { id: 'room-2', value: null }] })).toBe(false);
    expect(sameValues({ rooms }, { rooms: [] })).toBe(false);
    expect(sameValues({ rooms }, { rooms: [{ value: 100, id: 'room-1' }] })).toBe(true);
  });

  it('never takes an array for an object with the same entries', () => {
    expect(sameValues(['x'], { 0: 'x' })).toBe(false);
  });
});
