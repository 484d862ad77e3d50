import { MONEY_MAX_CENTS } from '@app/shared/crm-rules';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';
import { moneyInputHint, reaisToCents } from '../lib/money-input';

type Props = Omit<NumberInputProps, 'value' | 'onChange' | 'defaultValue' | 'min' | 'max'> & {
  /** Integer cents; null when empty. */
  value?: number | null;
  onChange: (cents: number | null) => void;
  /** Bounds in integer cents (a form passes its schema's); at most what the API holds. */
  min?: number;
  max?: number;
};

/**
 * The app's one money field. It reads 'BRL 1.234,56' and refuses negative numbers; the value
 * travels as integer cents. The typing rule, stated in the field (its title, also its accessible
 * description): the agent types reais with a comma for centavos ('8400' -> BRL 8.400,00, '8400,5'
 * -> BRL 8.400,50); '.' only separates thousands and is ignored while typing. A field at 0 or empty
 * empties when focused (its placeholder still reads 'BRL 0,00'), so the first keystroke starts the
 * amount wherever the caret lands instead of being cut off by the fixed ',00'.
 */
export function CurrencyInput({ value, onChange, onFocus, onBlur, min = 0, max = MONEY_MAX_CENTS, prefix = 'BRL ', ...props }: Props) {
  // What the agent is typing while the field has focus; null: the field shows `value`.
  const [draft, setDraft] = useState<number | string | null>(null);
  const cents = value ?? null;
  // A draft that no longer matches the value (the form was reset meanwhile) gives way to it.
  const editing = draft !== null && (reaisToCents(draft) === cents || (draft === '' && !cents));
  const hint = moneyInputHint(prefix.trim());
  return (
    <NumberInput
      prefix={prefix}
      decimalSeparator=","
      thousandSeparator="."
      allowedDecimalSeparators={[',']}
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      hideControls
      inputMode="decimal"
      placeholder={`${prefix}0,00`}
      title={hint}
      aria-description={hint}
      min={min / 100}
      max={max / 100}
      clampBehavior="strict"
      {...props}
      value={editing ? draft : cents == null ? '' : cents / 100}
      onFocus={(event) => {
        setDraft(cents ? cents / 100 : '');
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setDraft(null);
        onBlur?.(event);
      }}
      onChange={(next) => {
        setDraft(next);
        onChange(reaisToCents(next));
      }}
    />
  );
}
