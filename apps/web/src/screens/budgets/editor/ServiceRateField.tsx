// The rate a service in a foreign currency is priced with, in its form: the one that applies (câmbio
// do dia, do orçamento or do serviço) and the agent's own rate for the service. With no rate at all
// the form asks for one right here (the operator's rate), instead of a dead end.
import { QUOTE_SOURCE_LABELS, quoteSourceText } from '@app/shared/agent-rates';
import type { Service } from '@app/shared/services';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RateInput } from '../../../components/RateInput';
import type { ServiceForm } from './service-form-context';
import { type BudgetPricing, editingQuote } from './totals';

/** Whether a service in `currency` converts at a rate of its own (not in reais, not in the budget's currency). */
export const isForeign = (currency: string, budgetCurrency: string) => currency !== 'BRL' && currency !== budgetCurrency;

export function ServiceRateField({
  form,
  budget,
  services,
  today,
}: {
  form: ServiceForm;
  budget: BudgetPricing;
  services: readonly Service[];
  today: { rates: Record<string, number>; loading: boolean };
}) {
  const [open, setOpen] = useState(false);
  const v = form.values;
  if (!isForeign(v.currency, budget.currency)) return null;
  // What applies without the service's own rate: the budget's for the currency, else the day's.
  const base = editingQuote(budget, services, { currency: v.currency, quote_rate: null }, today.rates);
  const own = typeof v.quote_rate === 'number' && v.quote_rate > 0 ? v.quote_rate : null;
  if (!base && today.loading && v.quote_rate === null) {
    return (
      <Text fz="sm" c="dimmed">
        Buscando o câmbio de {v.currency}…
      </Text>
    );
  }
  const asking = !base;
  const typing = asking || open || v.quote_rate !== null;
  const used = own ? quoteSourceText('service', own) : base ? quoteSourceText(base.source, base.rate) : null;
  const { value, ...inputProps } = form.getInputProps('quote_rate');
  return (
    <Stack gap={6} data-testid="service-rate">
      <Group gap="xs" wrap="wrap">
        <Text fz="sm" fw={500} c={used ? undefined : 'orange.8'} data-testid="service-rate-used">
          {used ?? `Não há cotação de ${v.currency}: informe o câmbio para esta moeda.`}
        </Text>
        {!typing && (
          <Button variant="subtle" size="compact-sm" onClick={() => setOpen(true)}>
            Informar câmbio do serviço
          </Button>
        )}
      </Group>
      {typing && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <RateInput
            label={`Câmbio do serviço (R$ por 1 ${v.currency})`}
            description={
              base
                ? `Vale só para este serviço, no lugar do ${QUOTE_SOURCE_LABELS[base.source].toLowerCase()}.`
                : 'O câmbio da operadora (ou IATA), guardado com este serviço.'
            }
            withAsterisk={asking}
            w={{ base: '100%', xs: 340 }}
            {...inputProps}
            value={value ?? ''}
          />
          {base && (
            <Button
              variant="default"
              onClick={() => {
                form.setFieldValue('quote_rate', null);
                setOpen(false);
              }}
            >
              Usar o {QUOTE_SOURCE_LABELS[base.source].toLowerCase()}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
