// What a money field (components/CurrencyInput) holds while the agent types, as the integer cents
// the forms and the API work with.

/**
 * The field's amount as Mantine's NumberInput reports it — a number, or a numeric string with '.'
 * as the decimal point while the typing is incomplete ('8400.', '0.50') — in integer cents; null
 * when empty. Strings are read digit by digit, so no float rounding creeps into the cents.
 */
export function reaisToCents(amount: number | string): number | null {
  if (typeof amount === 'number') return Number.isFinite(amount) ? Math.round(amount * 100) : null;
  const text = amount.trim();
  const parts = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!parts) {
    const parsed = Number.parseFloat(text);
    return Number.isNaN(parsed) ? null : Math.round(parsed * 100);
  }
  const [, whole = '', fraction = ''] = parts;
  if (whole === '' && fraction === '') return null;
  // The field keeps two decimals; a third would only come from a pasted value: rounded half up.
  const cents = Number(`${whole || '0'}${fraction.padEnd(2, '0').slice(0, 2)}`);
  return fraction.length > 2 && Number(fraction[2]) >= 5 ? cents + 1 : cents;
}

/** The hint each money field carries: the typing rule, in the field's currency. */
export function moneyInputHint(currency: string): string {
  return `Em ${currency === 'BRL' ? 'reais' : currency}; use vírgula para centavos`;
}
