// An exchange rate typed the Brazilian way: reais per unit, comma decimals, up to RATE_DECIMALS places.
import { AGENT_RATE_MAX } from '@app/shared/agent-rates';
import { RATE_DECIMALS } from '@app/shared/currency-quotes';
import { NumberInput, type NumberInputProps } from '@mantine/core';

export function RateInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="R$ "
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={RATE_DECIMALS}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      max={AGENT_RATE_MAX}
      {...props}
    />
  );
}
