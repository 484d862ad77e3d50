import type { Sale } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { type ContractAgency, contractAgencyLines, contractValues } from './contract-values';

const SALE: Sale = {
  id: 1,
  budget_id: 1,
  proposal_id: 1,
  proposal_title: 'Opção 1',
  seller_user_id: 1,
  seller_name: 'Ana Lima',
  currency: 'BRL',
  currency_rate: 1,
  sale_cents: 100_000,
  cost_cents: 80_000,
  commission_basis_points: 1000,
  commission_cents: 10_000,
  payment_method_id: null,
  payment_method_name: null,
  payment_plan: [],
  services: [],
  canceled_services: [],
  notes: null,
  sold_at: '2027-01-04T12:00:00.000Z',
};

const NO_AGENCY_DATA: ContractAgency = {
  name: 'Viagens São João',
  email: null,
  phone: null,
  cnpj: null,
  cadastur: null,
  street: null,
  streetNumber: null,
  complement: null,
  neighborhood: null,
  city: null,
  state: null,
  postalCode: null,
};

const valuesOf = (agency: Partial<ContractAgency>) =>
  contractValues({
    client: { name: 'Conceição', cpf: null, cnpj: null, email: null, phone: null, address: null },
    trip: { title: 'Férias', destination: null, startDate: null, endDate: null },
    passengers: [],
    sale: SALE,
    agency: { ...NO_AGENCY_DATA, ...agency },
    now: new Date('2027-01-05T12:00:00.000Z'),
  });

describe('the agency in a contract', () => {
  it('prints the CNPJ formatted, the Cadastur as written and the address from its parts', () => {
    const values = valuesOf({
      cnpj: '11222333000181',
      cadastur: '35.123456.10.0001-2',
      street: 'Rua Augusta',
      streetNumber: '1500',
      complement: 'sala 32',
      neighborhood: 'Consolação',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01304001',
    });
    expect(values['agencia.cnpj']).toBe('11.222.333/0001-81');
    expect(values['agencia.cadastur']).toBe('35.123456.10.0001-2');
    expect(values['agencia.endereco']).toBe('Rua Augusta, 1500, sala 32 – Consolação, São Paulo/SP, CEP 01304-001');
    expect(contractAgencyLines(values)).toEqual([
      'CNPJ 11.222.333/0001-81 · Cadastur 35.123456.10.0001-2',
      'Rua Augusta, 1500, sala 32 – Consolação, São Paulo/SP, CEP 01304-001',
    ]);
  });

  it('leaves out the parts not filled: a blank field, no line of its own', () => {
    const cityOnly = valuesOf({ city: 'Campinas', state: 'SP', cadastur: '12.345' });
    expect(cityOnly['agencia.endereco']).toBe('Campinas/SP');
    expect(cityOnly['agencia.cnpj']).toBeNull();
    expect(contractAgencyLines(cityOnly)).toEqual(['Cadastur 12.345', 'Campinas/SP']);
    expect(valuesOf({ street: 'Rua Augusta', postalCode: '01304001' })['agencia.endereco']).toBe('Rua Augusta – CEP 01304-001');

    const none = valuesOf({});
    expect([none['agencia.cnpj'], none['agencia.cadastur'], none['agencia.endereco']]).toEqual([null, null, null]);
    expect(contractAgencyLines(none)).toEqual([]);
  });
});
