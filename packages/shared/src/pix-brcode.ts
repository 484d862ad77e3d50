// The Pix "copia e cola" code (BR Code): the EMV merchant-presented QR payload of the Banco Central
// do Brasil's manual (Manual de Padrões para Iniciação do Pix), static form. Pure and zod-free: the
// API builds it for the landing page and the PDF, the customer's page only shows it.

export type PixBrCodeInput = {
  /** The receiver's Pix key as the directory stores it (normalizePixKey). */
  key: string;
  /** The receiver's name: up to 25 characters of ASCII once accents are dropped. */
  merchantName: string;
  /** The receiver's city: up to 15 characters. */
  merchantCity: string;
  /** In centavos of real; 0 or absent leaves the amount to the payer. */
  amountCents?: number;
  /** The receiver's reference (letters and digits, up to 25); '***' when none. */
  txid?: string;
};

export const PIX_GUI = 'br.gov.bcb.pix';
export const PIX_LIMITS = { name: 25, city: 15, txid: 25, key: 77 } as const;

/** One EMV field: its id, a two-digit length and its value. */
function tlv(id: string, value: string): string {
  if (value.length > 99) throw new Error(`Pix field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Upper-case printable ASCII, accents dropped ('São Paulo' -> 'SAO PAULO'), cut to `max`. */
export function pixText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), four upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (let i = 0; i < payload.length; i++) {
    crc ^= payload.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** '1234.50' for 123450 cents. */
const amountText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The BR Code of a static Pix charge, its CRC (field 63) computed over everything before it, '6304' included. */
export function pixBrCode(input: PixBrCodeInput): string {
  const key = input.key.trim();
  if (!key || key.length > PIX_LIMITS.key) throw new Error('Pix key missing or too long');
  const cents = Math.round(input.amountCents ?? 0);
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error('Pix amount must be a non-negative number of cents');
  const txid = (input.txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, PIX_LIMITS.txid) || '***';
  const payload = [
    tlv('00', '01'),
    tlv('26', tlv('00', PIX_GUI) + tlv('01', key)),
    tlv('52', '0000'),
    tlv('53', '986'),
    cents > 0 ? tlv('54', amountText(cents)) : '',
    tlv('58', 'BR'),
    tlv('59', pixText(input.merchantName, PIX_LIMITS.name) || 'N/A'),
    tlv('60', pixText(input.merchantCity, PIX_LIMITS.city) || 'BRASIL'),
    tlv('62', tlv('05', txid)),
    '6304',
  ].join('');
  return payload + crc16(payload);
}
