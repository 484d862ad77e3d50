import { maskedCurrency, toCurrency } from '@app/shared/format';
import { VisuallyHidden } from '@mantine/core';
import { useValuesVisible } from '../lib/value-visibility';

/**
 * An amount on a back-office screen. While the header's eye button hides values it shows only the
 * currency's sign ('R$ •••••') and reads "valor oculto" to a screen reader.
 */
export function Money({ cents, currency = 'BRL' }: { cents: number | null | undefined; currency?: string }) {
  const visible = useValuesVisible();
  if (visible) return toCurrency(cents, currency);
  return (
    <span>
      <span aria-hidden="true">{maskedCurrency(currency)}</span>
      <VisuallyHidden>valor oculto</VisuallyHidden>
    </span>
  );
}
