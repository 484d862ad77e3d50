// Brazilian identifiers: CPF (people), CNPJ (organizations) and CEP (postal codes). Stored as
// digits only; the check digits are validated here so api and web refuse the same numbers.

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Weighted sum mod 11 as used by both CPF and CNPJ: remainder < 2 gives 0, else 11 - remainder. */
function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((acc, weight, i) => acc + Number(digits[i]) * weight, 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** A run of one repeated digit passes the arithmetic but is not a real number. */
const isRepeated = (digits: string) => /^(\d)\1*$/.test(digits);

export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== 11 || isRepeated(digits)) return false;
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[9]) && second === Number(digits[10]);
}

export function isValidCnpj(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== 14 || isRepeated(digits)) return false;
  const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(digits[12]) && second === Number(digits[13]);
}

/** '01001000' or '01001-000'. */
export function isValidPostalCode(value: string): boolean {
  return /^\d{5}-?\d{3}$/.test(value.trim());
}

/** '12345678909' -> '123.456.789-09' (anything else is returned as given). */
export function formatCpf(value: string | null | undefined): string {
  const d = onlyDigits(value ?? '');
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : (value ?? '');
}

/** '11222333000181' -> '11.222.333/0001-81' */
export function formatCnpj(value: string | null | undefined): string {
  const d = onlyDigits(value ?? '');
  return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : (value ?? '');
}

/** An agency's registrations as its customers read them: 'CNPJ 11.222.333/0001-81 · Cadastur 35.123456.10.0001-2', or ''. */
export function agencyRegistration(a: { cnpj: string | null; cadastur: string | null }): string {
  return [a.cnpj ? `CNPJ ${formatCnpj(a.cnpj)}` : null, a.cadastur ? `Cadastur ${a.cadastur}` : null].filter(Boolean).join(' · ');
}

/** '01001000' -> '01001-000' */
export function formatPostalCode(value: string | null | undefined): string {
  const d = onlyDigits(value ?? '');
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : (value ?? '');
}

/** The 27 federative units, for address states. */
export const BR_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type BrState = (typeof BR_STATES)[number];
