import { MONEY_MAX_CENTS } from '@app/shared/crm-rules';
import { NumberInput, type NumberInputProps } from '@mantine/core';

type Props = Omit<NumberInputProps, 'value' | 'onChange' | 'defaultValue' | 'min' | 'max'> & {
  /** Integer cents; null when empty. */
  value?: number | null;
  onChange: (cents: number | null) => void;
  /** Bounds in integer cents (a form passes its schema's); at most what the API holds. */
  min?: number;
  max?: number;
};

/**
 * Currency inputs read 'BRL 1.234,56' and refuse negative numbers. The user types
 * reais; the value travels as integer cents.
 */
export function CurrencyInput({ value, onChange, min = 0, max = MONEY_MAX_CENTS, ...props }: Props) {
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
      min={min / 100}
      max={max / 100}
      clampBehavior="strict"
      {...props}
      value={value == null ? '' : value / 100}
      onChange={(next) => {
        const reais = typeof next === 'number' ? next : Number.parseFloat(String(next));
        onChange(next === '' || Number.isNaN(reais) ? null : Math.round(reais * 100));
      }}
    />
  );
}
