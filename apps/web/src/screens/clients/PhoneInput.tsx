import { TextInput } from '@mantine/core';
import type { LooseKeys, UseFormReturnType } from '@mantine/form';
import { formatPhone } from './phone';

/** A form's phone field (`path`), tidied by formatPhone when it loses focus. */
export function PhoneInput<V>({
  form,
  path,
  label,
}: {
  form: Pick<UseFormReturnType<V>, 'getInputProps' | 'setFieldValue'>;
  path: LooseKeys<V>;
  label: string;
}) {
  const input = form.getInputProps(path);
  return (
    <TextInput
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      {...input}
      onBlur={() => {
        input.onBlur();
        form.setFieldValue(path, formatPhone(String(input.value ?? '')) as never);
      }}
    />
  );
}
