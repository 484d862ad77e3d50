import { NumberInput, type NumberInputProps } from '@mantine/core';

type Props = Omit<NumberInputProps, 'value' | 'onChange' | 'defaultValue' | 'min' | 'max'> & {
  /** Basis points (1250 = 12,5%); null when empty. */
  value?: number | null;
  onChange: (basisPoints: number | null) => void;
  /** Bounds in basis points (a form passes its schema's). */
  min?: number;
  max?: number;
};

/** A percentage typed as '12,5'; the value travels as integer basis points (1250). */
export function PercentInput({ value, onChange, min = 0, max = 10_000, ...props }: Props) {
  return (
    <NumberInput
      suffix="%"
      decimalSeparator=","
      decimalScale={2}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      min={min / 100}
      max={max / 100}
      clampBehavior="strict"
      {...props}
      value={value == null ? '' : value / 100}
      onChange={(next) => {
        const percent = typeof next === 'number' ? next : Number.parseFloat(String(next).replace(',', '.'));
        onChange(next === '' || Number.isNaN(percent) ? null : Math.round(percent * 100));
      }}
    />
  );
}
