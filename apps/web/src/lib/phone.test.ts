import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';

describe('formatPhone', () => {
  it('formats Brazilian numbers with the area code', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone(' 11 3456-7890 ')).toBe('(11) 3456-7890');
    expect(formatPhone('(21)99999.8888')).toBe('(21) 99999-8888');
  });

  it('keeps anything else as typed', () => {
    expect(formatPhone('+351 912 345 678')).toBe('+351 912 345 678');
    expect(formatPhone('98765-4321')).toBe('98765-4321');
    expect(formatPhone('11 3456-7890 ramal 12')).toBe('11 3456-7890 ramal 12');
    expect(formatPhone('')).toBe('');
  });
});
