import { describe, expect, it } from 'vitest';
import { crc16, pixBrCode, pixText } from './pix-brcode';

/** The Banco Central's static example (Manual de Padrões para Iniciação do Pix, BR Code estático). */
const PUBLISHED =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/** The top-level EMV fields of a payload, each length read from its two digits. */
function fields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    out.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  expect(i).toBe(payload.length);
  return out;
}

describe('crc16 (CRC-16/CCITT-FALSE)', () => {
  it('gives the published example its checksum', () => {
    expect(crc16(PUBLISHED.slice(0, -4))).toBe('1D3D');
  });

  it('matches the standard check value of "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });
});

describe('pixBrCode', () => {
  it('rebuilds the published example byte for byte (name upper-cased)', () => {
    const code = pixBrCode({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' });
    const expected = PUBLISHED.slice(0, -4).replace('Fulano de Tal', 'FULANO DE TAL');
    expect(code.slice(0, -4)).toBe(expected);
    expect(code.slice(-4)).toBe(crc16(expected));
  });

  it('writes each field with its two-digit length, the amount with a dot and two decimals', () => {
    const code = pixBrCode({
      key: 'financeiro@agencia.com.br',
      merchantName: 'Agência de Viagens São João do Paraíso Ltda',
      merchantCity: 'São José dos Campos',
      amountCents: 1_234_505,
      txid: 'ORC-42/A',
    });
    const f = fields(code);
    expect([...f.keys()]).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(f.get('00')).toBe('01');
    expect(fields(f.get('26') ?? '')).toEqual(
      new Map([
        ['00', 'br.gov.bcb.pix'],
        ['01', 'financeiro@agencia.com.br'],
      ]),
    );
    expect(f.get('52')).toBe('0000');
    expect(f.get('53')).toBe('986');
    expect(f.get('54')).toBe('12345.05');
    expect(f.get('58')).toBe('BR');
    expect(f.get('59')).toBe('AGENCIA DE VIAGENS SAO JO');
    expect(f.get('59')).toHaveLength(25);
    expect(f.get('60')).toBe('SAO JOSE DOS CA');
    expect(f.get('62')).toBe('0506ORC42A');
    expect(f.get('63')).toBe(crc16(code.slice(0, -4)));
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code).toMatch(/^[\x20-\x7e]+$/);
  });

  it('leaves the amount out at zero, and the reference *** without one', () => {
    const f = fields(pixBrCode({ key: '+5511987654321', merchantName: 'Agência', merchantCity: '', amountCents: 0 }));
    expect(f.has('54')).toBe(false);
    expect(f.get('60')).toBe('BRASIL');
    expect(f.get('62')).toBe('0503***');
    expect(fields(pixBrCode({ key: 'x@y.com', merchantName: 'A', merchantCity: 'B', amountCents: 7 })).get('54')).toBe('0.07');
  });

  it('drops accents and anything outside printable ASCII', () => {
    expect(pixText('  Ação  Turismo™ ', 25)).toBe('ACAO TURISMO');
  });

  it('refuses a missing key and a negative amount', () => {
    expect(() => pixBrCode({ key: ' ', merchantName: 'A', merchantCity: 'B' })).toThrow();
    expect(() => pixBrCode({ key: 'k', merchantName: 'A', merchantCity: 'B', amountCents: -1 })).toThrow();
  });
});
