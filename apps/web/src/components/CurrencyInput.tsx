import { NumberInput, type NumberInputProps } from '@mantine/core';

type Props = Omit<NumberInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** Integer cents; null when empty. */
  value: number | null;
  onChange: (cents: number | null) => void;
};

/** Largest amount the API accepts (R$ 20 milhões, in cents). */
const MAX_CENTS = 2_000_000_000;

/**
 * Section 5/9: currency inputs read 'BRL 1.234,56' and refuse negative numbers. The user types
 * reais; the value travels as integer cents.
 */
export function CurrencyInput({ value, onChange, ...props }: Props) {
  return (
    <NumberInput
      prefix="BRL "
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      hideControls
      inputMode="decimal"
      max={MAX_CENTS / 100}
      clampBehavior="strict"
      {...props}
      value={value === null ? '' : value / 100}
      onChange={(next) => {
        const reais = typeof next === 'number' ? next : Number.parseFloat(String(next));
        onChange(next === '' || Number.isNaN(reais) ? null : Math.round(reais * 100));
      }}
    />
  );
}
