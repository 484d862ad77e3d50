import { TagsInput, type TagsInputProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A recipients field's tags: a pasted list, or addresses typed with their separators, become one tag per address. */
export const splitAddresses = (tags: string[]) => [...new Set(tags.flatMap((t) => t.split(/[,;\s]+/)).filter(Boolean))];

/** The error of the list or of its first refused address ('to.1'). */
export const recipientsError = (errors: Record<string, ReactNode>) =>
  errors.to ?? Object.entries(errors).find(([path]) => path.startsWith('to.'))?.[1];

/**
 * The e-mail recipients of a mail the agency sends (budget, reservation request, contract,
 * vouchers): up to `max` addresses, typed, pasted or chosen. `inputProps` are the form's for the
 * field; the list goes back through `onChange` one tag per address.
 */
export function RecipientsInput({
  max,
  inputProps,
  onChange,
  error,
  placeholder = 'cliente@exemplo.com',
}: {
  max: number;
  inputProps: Omit<TagsInputProps, 'onChange' | 'error'>;
  onChange: (to: string[]) => void;
  error: ReactNode;
  placeholder?: string;
}) {
  return (
    <TagsInput
      label="Destinatários"
      description={`Até ${max} e-mails; tecle Enter ou vírgula após cada um.`}
      placeholder={placeholder}
      splitChars={[',', ';', ' ']}
      acceptValueOnBlur
      clearable
      withAsterisk
      maxTags={max}
      {...inputProps}
      // The list's limit is maxTags; an address may be as long as any e-mail.
      maxLength={254}
      onChange={(tags) => onChange(splitAddresses(tags))}
      error={error}
    />
  );
}
