// Pix keys and bank accounts, as suppliers and the agency's payment methods hold them. Zod-free so
// the web bundle can import the labels and the key check.
import { BankAccountType, PixKeyType } from '@app/db/browser';
import { isValidCnpj, isValidCpf, onlyDigits } from './documents';

export type { BankAccountType, PixKeyType };
export const PIX_KEY_TYPES: readonly PixKeyType[] = Object.values(PixKeyType);
export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Celular',
  random: 'Chave aleatória',
};

export const BANK_ACCOUNT_TYPES: readonly BankAccountType[] = Object.values(BankAccountType);
export const BANK_ACCOUNT_TYPE_LABELS: Record<BankAccountType, string> = {
  checking: 'Conta corrente',
  savings: 'Conta poupança',
  payment: 'Conta de pagamento',
};

export const PIX_KEY_MESSAGE = 'não é uma chave Pix válida para o tipo escolhido';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key as the Pix directory stores it: CPF/CNPJ digits, a lower-case e-mail, a phone as
 * +55DDDNUMBER, a random key (EVP) in lower case; null when it is not a key of that type.
 */
export function normalizePixKey(type: PixKeyType, value: string): string | null {
  const key = value.trim();
  switch (type) {
    case 'cpf':
      return isValidCpf(key) && /^[\d.\s-]+$/.test(key) ? onlyDigits(key) : null;
    case 'cnpj':
      return isValidCnpj(key) && /^[\d./\s-]+$/.test(key) ? onlyDigits(key) : null;
    case 'email':
      return EMAIL.test(key) && key.length <= 77 ? key.toLowerCase() : null;
    case 'phone': {
      if (!/^\+?[\d\s()-]+$/.test(key)) return null;
      const digits = onlyDigits(key).replace(/^55(?=\d{10,11}$)/, '');
      return /^[1-9]{2}9?\d{8}$/.test(digits) ? `+55${digits}` : null;
    }
    case 'random':
      return RANDOM_KEY.test(key) ? key.toLowerCase() : null;
  }
}
