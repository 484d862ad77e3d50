import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nfseAmount, saveNfseSettingsInput } from './nfse';

const settings = { basis: 'intermediacao' as const, iss_rate_basis_points: 500, service_description: 'Agenciamento de turismo' };
const sale = { sale_cents: 1_000_000, cost_cents: 850_000, currency_rate: 1, title: 'Lua de mel em Lisboa' };

describe('nfseAmount', () => {
  it('takes the agency earnings on intermediação and the whole sale on venda, with the ISS at the rate', () => {
    expect(nfseAmount(sale, settings)).toEqual({
      amount_cents: 150_000,
      iss_cents: 7_500,
      description: 'Agenciamento de turismo - Intermediação: Lua de mel em Lisboa',
    });
    expect(nfseAmount(sale, { ...settings, basis: 'venda' })).toMatchObject({ amount_cents: 1_000_000, iss_cents: 50_000 });
  });

  it('converts a sale in another currency to BRL cents at the sale rate', () => {
    expect(nfseAmount({ ...sale, sale_cents: 200_000, cost_cents: 150_000, currency_rate: 5.4321 }, settings)).toMatchObject({
      amount_cents: 271_605,
      iss_cents: 13_580,
    });
  });

  it('never goes below zero when the cost is above the sale, and rounds the ISS half up to the cent', () => {
    expect(nfseAmount({ ...sale, cost_cents: 1_200_000 }, settings)).toMatchObject({ amount_cents: 0, iss_cents: 0 });
    expect(nfseAmount({ ...sale, sale_cents: 1_010, cost_cents: 0 }, { ...settings, iss_rate_basis_points: 250 })).toMatchObject({
      amount_cents: 1_010,
      iss_cents: 25,
    });
    expect(nfseAmount({ ...sale, sale_cents: 1_030, cost_cents: 0 }, { ...settings, iss_rate_basis_points: 250 }).iss_cents).toBe(26);
  });

  it('keeps integer cents, the ISS within the amount, and the description within the layout', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom('intermediacao' as const, 'venda' as const),
        fc.string({ maxLength: 2000 }),
        (saleCents, costCents, rate, basis, title) => {
          const r = nfseAmount(
            { sale_cents: saleCents, cost_cents: costCents, currency_rate: 1, title },
            { ...settings, basis, iss_rate_basis_points: rate },
          );
          expect(Number.isInteger(r.amount_cents) && Number.isInteger(r.iss_cents)).toBe(true);
          expect(r.amount_cents).toBeGreaterThanOrEqual(0);
          expect(r.iss_cents).toBeLessThanOrEqual(r.amount_cents);
          expect(r.description.length).toBeLessThanOrEqual(1000);
        },
      ),
    );
  });
});

describe('saveNfseSettingsInput', () => {
  const valid = {
    cnpj: '12345678000195',
    municipal_registration: '123456',
    city_code: '3550308',
    tax_regime: 'simples_nacional',
    service_code: '090201',
    service_description: 'Agenciamento de turismo',
    iss_rate_basis_points: 500,
    basis: 'intermediacao',
    environment: 'homologacao',
  };
  it('accepts the settings without a certificate, and refuses a certificate without its password', () => {
    expect(saveNfseSettingsInput.safeParse(valid).success).toBe(true);
    const lone = saveNfseSettingsInput.safeParse({ ...valid, certificate_pfx_base64: 'AAAA' });
    expect(lone.success).toBe(false);
    expect(lone.error?.issues[0]?.path).toEqual(['certificate_password']);
  });
  it('refuses a masked CNPJ, a 6-digit IBGE code and a rate above 100%', () => {
    expect(saveNfseSettingsInput.safeParse({ ...valid, cnpj: '12.345.678/0001-95' }).success).toBe(false);
    expect(saveNfseSettingsInput.safeParse({ ...valid, city_code: '355030' }).success).toBe(false);
    expect(saveNfseSettingsInput.safeParse({ ...valid, iss_rate_basis_points: 10_001 }).success).toBe(false);
  });
});
