import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, zodFieldErrors } from './errors';
import { assertNoNulBytes, INVALID_CHARACTERS } from './input-guard';

describe('assertNoNulBytes', () => {
  it('names every field holding U+0000, keys included, at any depth', () => {
    const input = JSON.parse('{"a":"ok","b":{"c":["x","y\\u0000"]},"__proto__":"z\\u0000","d\\u0000":1}');
    try {
      assertNoNulBytes(input, { q: 'fine' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      // Built from entries: a `__proto__` key in an object literal would set the prototype.
      const expected = Object.fromEntries([
        ['b.c.1', [INVALID_CHARACTERS]],
        ['__proto__', [INVALID_CHARACTERS]],
        ['base', [INVALID_CHARACTERS]],
      ]);
      expect((error as AppError).fieldErrors).toEqual(expected);
    }
  });

  it('passes anything else, and survives deep nesting', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(() => assertNoNulBytes({ a: 'ção 😀', n: 1, deep }, undefined, null)).not.toThrow();
  });
});

describe('zodFieldErrors', () => {
  it('keeps field names that are Object.prototype members as plain fields', () => {
    const result = z.object({}).strict().safeParse(JSON.parse('{"constructor":1,"__proto__":2,"toString":3}'));
    expect(result.success).toBe(false);
    const errors = zodFieldErrors(result.error as z.ZodError);
    expect(Object.keys(errors).sort()).toEqual(['__proto__', 'constructor', 'toString']);
  });
});
