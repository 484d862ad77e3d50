import { TextInput, type TextInputProps } from '@mantine/core';

/** The digits typed, as 'HH:MM' once there are minutes ('221' → '22:1', '2210' → '22:10'). */
export function maskTime(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/**
 * What a partly typed time means once the field is left: '8' → '08:00', '830' → '08:30' (83 is no
 * hour). '221' could be 22:1x or 02:21: it stays as typed, for the form to call it invalid.
 */
export function completeTime(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  if (!digits) return '';
  if (digits.length <= 2) return `${digits.padStart(2, '0')}:00`;
  if (digits.length === 3 && Number(digits.slice(0, 2)) > 23) return `0${digits[0]}:${digits.slice(1)}`;
  return maskTime(digits);
}

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  value?: string | null;
  onChange?: (value: string) => void;
};

/**
 * A time of day typed as HH:MM (24 h) in one text field: one Tab stop, where a native time input
 * has one per part (three in an English browser), and the same in every browser language. The
 * colon comes by itself; the schema still checks the value.
 */
export function TimeField({ value, onChange, onBlur, ...props }: Props) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder="HH:MM"
      maxLength={5}
      {...props}
      value={value ?? ''}
      onChange={(event) => onChange?.(maskTime(event.currentTarget.value))}
      onBlur={(event) => {
        const complete = completeTime(event.currentTarget.value);
        if (complete !== (value ?? '')) onChange?.(complete);
        onBlur?.(event);
      }}
    />
  );
}
