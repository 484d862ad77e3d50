import { describe, expect, it } from 'vitest';
import { PIX_KEY_MESSAGE } from './pix';
import { createSupplierInput, isCompleteAddress, pixIssues, updateSupplierInput } from './suppliers';

const base = { kind: 'organization', name: 'Hotel Mar Azul', service_types: ['accommodation'] } as const;

describe('createSupplierInput', () => {
  it('keeps service types once each, in their declared order, and the Pix key as the directory stores it', () => {
    const parsed = createSupplierInput.parse({
      ...base,
      cnpj: '11.222.333/0001-81',
      service_types: ['other', 'accommodation', 'air', 'other'],
      pix_key_type: 'phone',
      pix_key: '(11) 98765-4321',
      bank_holder_document: '529.982.247-25',
    });
    expect(parsed).toMatchObject({
      cnpj: '11222333000181',
      service_types: ['air', 'accommodation', 'other'],
      pix_key: '+5511987654321',
      bank_holder_document: '52998224725',
    });
  });

  it('refuses a document of the other kind, no service type and a commission over 100%', () => {
    const result = createSupplierInput.safeParse({ ...base, cpf: '529.982.247-25', service_types: [], commission_basis_points: 10_001 });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['commission_basis_points', 'cpf', 'service_types']);
  });
});

describe('pixIssues', () => {
  it('asks for the key and its type together, and a key of that type', () => {
    expect(pixIssues({})).toEqual([]);
    expect(pixIssues({ pix_key_type: null, pix_key: null })).toEqual([]);
    expect(pixIssues({ pix_key: 'a@b.com' }).map((i) => i.path)).toEqual(['pix_key_type']);
    expect(pixIssues({ pix_key_type: 'email' }).map((i) => i.path)).toEqual(['pix_key']);
    expect(pixIssues({ pix_key_type: 'cnpj', pix_key: 'a@b.com' })).toEqual([{ path: 'pix_key', message: PIX_KEY_MESSAGE }]);
    expect(pixIssues({ pix_key_type: 'email', pix_key: 'a@b.com' })).toEqual([]);
  });

  it('applies to a PATCH too', () => {
    expect(updateSupplierInput.safeParse({ id: 1, pix_key_type: 'cpf', pix_key: '123' }).success).toBe(false);
    expect(updateSupplierInput.parse({ id: 1, pix_key_type: 'email', pix_key: ' A@B.com ' }).pix_key).toBe('a@b.com');
  });
});

describe('isCompleteAddress', () => {
  it('needs every part but the complement', () => {
    const a = {
      postal_code: '01001000',
      street: 'Praça da Sé',
      number: '1',
      complement: null,
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
    };
    expect(isCompleteAddress(a)).toBe(true);
    expect(isCompleteAddress({ ...a, number: null })).toBe(false);
    expect(isCompleteAddress(null)).toBe(false);
  });
});
