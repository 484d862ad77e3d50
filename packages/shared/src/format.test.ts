import { describe, expect, it } from 'vitest';
import { cpfCnpj, fileSize, isoFromShortDate, maskedCurrency, shortDate, toCurrency, weekdayLongDate } from './format';

describe('maskedCurrency', () => {
  it('keeps the sign toCurrency shows and no digit of the amount', () => {
    expect(maskedCurrency()).toBe('R$ •••••');
    expect(toCurrency(123_456)).toBe('R$ 1.234,56');
    expect(maskedCurrency('USD')).toBe('US$ •••••');
    expect(toCurrency(123_456, 'USD').startsWith('US$')).toBe(true);
    expect(maskedCurrency('EUR')).toBe('€ •••••');
  });
});

describe('fileSize', () => {
  it('bytes below 1 KB as they are', () => {
    expect(fileSize(0)).toBe('0 B');
    expect(fileSize(1023)).toBe('1023 B');
  });

  it('KB and MB with at most one decimal, pt-BR comma', () => {
    expect(fileSize(1024)).toBe('1 KB');
    expect(fileSize(1536)).toBe('1,5 KB');
    expect(fileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(fileSize(2.5 * 1024 * 1024)).toBe('2,5 MB');
  });
});

describe('isoFromShortDate', () => {
  it('reads a typed DD/MM/YYYY as the ISO date the API takes, the inverse of shortDate', () => {
    expect(isoFromShortDate('05/03/2026')).toBe('2026-03-05');
    expect(isoFromShortDate(' 29/02/2028 ')).toBe('2028-02-29');
    expect(shortDate(isoFromShortDate('31/12/2030'))).toBe('31/12/2030');
  });

  it('refuses other shapes and days the calendar lacks', () => {
    for (const typed of ['2026-03-05', '5/3/2026', '05/03/26', '31/02/2026', '29/02/2027', '00/01/2026', '01/13/2026', '']) {
      expect(isoFromShortDate(typed)).toBeNull();
    }
  });
});

describe('weekdayLongDate', () => {
  it('names the weekday of the calendar day, from ISO or DD/MM/YYYY', () => {
    expect(weekdayLongDate('2027-01-12')).toBe('terça-feira, 12 de janeiro de 2027');
    expect(weekdayLongDate('11/01/2027')).toBe('segunda-feira, 11 de janeiro de 2027');
    expect(weekdayLongDate('2026-03-01')).toBe('domingo, 1 de março de 2026');
    expect(weekdayLongDate(null)).toBe('');
  });
});

describe('cpfCnpj', () => {
  it('writes a CPF and a CNPJ as on documents, and leaves anything else as given', () => {
    expect(cpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(cpfCnpj('12345678000195')).toBe('12.345.678/0001-95');
    expect(cpfCnpj('1234')).toBe('1234');
  });
});
