import { describe, expect, it } from 'vitest';
import { createClientInput } from './clients';
import { formatCnpj, formatCpf, formatPostalCode, isValidCnpj, isValidCpf, isValidPostalCode } from './documents';

describe('CPF', () => {
  it('accepts valid numbers formatted or not, refuses wrong check digits and repeated digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
  });
  it('formats digits', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
});

describe('CNPJ', () => {
  it('accepts valid numbers, refuses wrong check digits and repeated digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
});

describe('CEP', () => {
  it('accepts 8 digits with or without the hyphen', () => {
    expect(isValidPostalCode('01001-000')).toBe(true);
    expect(isValidPostalCode('01001000')).toBe(true);
    expect(isValidPostalCode('0100100')).toBe(false);
    expect(isValidPostalCode('01001-00a')).toBe(false);
    expect(formatPostalCode('01001000')).toBe('01001-000');
  });
});

describe('createClientInput', () => {
  it('stores CPF as digits and refuses letters mixed into it', () => {
    expect(createClientInput.parse({ kind: 'person', name: 'Ana Souza', cpf: '529.982.247-25' }).cpf).toBe('52998224725');
    const bad = createClientInput.safeParse({ kind: 'person', name: 'Ana Souza', cpf: '529.982.247-25x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['cpf', 'não é válido']]);
  });
  it('keeps CPF and birth date for people, CNPJ for organizations', () => {
    const org = createClientInput.safeParse({ kind: 'organization', name: 'Empresa X', cpf: '52998224725', birth_date: '2000-01-01' });
    expect(org.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['birth_date', 'cpf']);
    const person = createClientInput.safeParse({ kind: 'person', name: 'Ana', cnpj: '11222333000181' });
    expect(person.error?.issues.map((i) => i.path.join('.'))).toEqual(['cnpj']);
  });
});
