import { describe, expect, it } from 'vitest';
import { moneyInputHint, reaisToCents } from './money-input';

describe('reaisToCents', () => {
  it('reads whole reais and reais with centavos', () => {
    expect(reaisToCents(8400)).toBe(840_000);
    expect(reaisToCents(8400.5)).toBe(840_050);
    expect(reaisToCents(1234.56)).toBe(123_456);
    expect(reaisToCents(0.29)).toBe(29);
    expect(reaisToCents(0)).toBe(0);
  });

  it('reads the strings of unfinished typing', () => {
    expect(reaisToCents('8400.')).toBe(840_000);
    expect(reaisToCents('8400.5')).toBe(840_050);
    expect(reaisToCents('8400.50')).toBe(840_050);
    expect(reaisToCents('0.0')).toBe(0);
    expect(reaisToCents('0.05')).toBe(5);
    expect(reaisToCents('.5')).toBe(50);
    expect(reaisToCents('007')).toBe(700);
  });

  it('keeps the cents exact where floats would not', () => {
    expect(reaisToCents('20000000.99')).toBe(2_000_000_099);
    expect(reaisToCents('1.005')).toBe(101);
    expect(reaisToCents('1.004')).toBe(100);
  });

  it('is null when nothing is typed', () => {
    expect(reaisToCents('')).toBeNull();
    expect(reaisToCents('.')).toBeNull();
    expect(reaisToCents('abc')).toBeNull();
    expect(reaisToCents(Number.NaN)).toBeNull();
  });
});

describe('moneyInputHint', () => {
  it('names the currency the agent types in', () => {
    expect(moneyInputHint('BRL')).toBe('Em reais; use vírgula para centavos');
    expect(moneyInputHint('USD')).toBe('Em USD; use vírgula para centavos');
  });
});
