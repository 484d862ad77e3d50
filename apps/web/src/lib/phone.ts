import { onlyDigits } from '@app/shared/documents';

/**
 * A Brazilian number typed with its area code (10 or 11 digits) reads '(11) 98765-4321'; anything
 * else (a '+' international number, an extension) is kept as typed, so no mask gets in its way.
 */
export function formatPhone(value: string): string {
  const typed = value.trim();
  const digits = onlyDigits(typed);
  if (typed.startsWith('+') || !/^[\d\s().-]+$/.test(typed) || (digits.length !== 10 && digits.length !== 11)) return typed;
  const split = digits.length - 4;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, split)}-${digits.slice(split)}`;
}
