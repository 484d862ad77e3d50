import { AppError } from './errors';

export const INVALID_CHARACTERS = 'contém caracteres inválidos';

/**
 * PostgreSQL text cannot hold U+0000: such input would fail inside the driver as a 500 (possibly
 * after earlier writes). Every input is checked up front instead, and refused as bad input.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function assertNoNulBytes(...sources: unknown[]): void {
  // Keys come from the client (`__proto__` included): a Map, not an object literal.
  const errors = new Map<string, string[]>();
  const stack: [unknown, string][] = sources.map((s) => [s, '']);
  while (stack.length) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) errors.set(path || 'base', [INVALID_CHARACTERS]);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) errors.set(path || 'base', [INVALID_CHARACTERS]);
        else stack.push([child, childPath]);
      }
    }
  }
  if (errors.size) throw new AppError('VALIDATION', { errors: Object.fromEntries(errors) });
}
