import { TextInput, type TextInputProps } from '@mantine/core';
import type { LooseKeys, UseFormReturnType } from '@mantine/form';
import { formatPhone } from '../lib/phone';

/**
 * A form's phone field (`path`), tidied by formatPhone when it loses focus and hinted with the same
 * example: every phone of the app reads alike.
 */
export function PhoneInput<V>({
  form,
  path,
  label,
  ...props
}: {
  form: Pick<UseFormReturnType<V>, 'getInputProps' | 'setFieldValue'>;
  path: LooseKeys<V>;
  label: string;
} & Pick<TextInputProps, 'placeholder' | 'autoComplete' | 'withAsterisk'>) {
  const input = form.getInputProps(path);
  return (
    <TextInput
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      placeholder="(11) 91234-5678"
      {...props}
      {...input}
      onBlur={() => {
        input.onBlur();
        // Only a number to tidy is set again: setting an untouched field would validate it on a mere visit.
        const tidy = formatPhone(String(input.value ?? ''));
        if (tidy !== (input.value ?? '')) form.setFieldValue(path, tidy as never);
      }}
    />
  );
}
