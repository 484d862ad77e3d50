import { describe, expect, it } from 'vitest';
import { normalizePixKey } from './pix';

describe('normalizePixKey', () => {
  it('keeps each type in the form the Pix directory stores', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('cnpj', '11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizePixKey('email', ' Financeiro@Agencia.com.br ')).toBe('financeiro@agencia.com.br');
    expect(normalizePixKey('phone', '(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('phone', '+55 11 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('random', '123E4567-E89B-12D3-A456-426614174000')).toBe('123e4567-e89b-12d3-a456-426614174000');
  });

  it('refuses a key that is not of the chosen type', () => {
    expect(normalizePixKey('cpf', '529.982.247-26')).toBeNull();
    expect(normalizePixKey('cnpj', '52998224725')).toBeNull();
    expect(normalizePixKey('email', 'financeiro@')).toBeNull();
    expect(normalizePixKey('phone', '1234')).toBeNull();
    expect(normalizePixKey('phone', 'abc 11987654321')).toBeNull();
    expect(normalizePixKey('random', 'not-a-uuid')).toBeNull();
  });
});
