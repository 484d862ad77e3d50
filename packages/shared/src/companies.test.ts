import { describe, expect, it } from 'vitest';
import { cadasturField } from './companies';
import { updateCompanyInput } from './landing-pages';

describe('the agency identity', () => {
  it('takes a Cadastur of digits with dots, dashes or slashes, up to 30 characters, as written', () => {
    for (const value of ['35.123456.10.0001-2', '26123456100001', '12/3456-7', ' 21.004567.10.0001-9 ']) {
      expect(cadasturField.safeParse(value).data, value).toBe(value.trim());
    }
    for (const value of ['', 'ABC-123', '35 123456', '-123', '123.', '35.123456.10.0001-2x', '1'.repeat(31)]) {
      expect(cadasturField.safeParse(value).success, value).toBe(false);
    }
  });

  it('keeps CNPJ and CEP as digits and refuses a CNPJ whose check digits are wrong', () => {
    const ok = updateCompanyInput.parse({ id: 1, cnpj: '11.222.333/0001-81', postal_code: '01304-001', cadastur: null });
    expect(ok).toEqual({ id: 1, cnpj: '11222333000181', postal_code: '01304001', cadastur: null });
    const bad = updateCompanyInput.safeParse({ id: 1, cnpj: '11.222.333/0001-80', postal_code: '1304-001', street_number: '1'.repeat(21) });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['cnpj', 'postal_code', 'street_number']);
  });
});
