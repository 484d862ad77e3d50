// The budget's own rates (câmbio do orçamento): the rate its services in a foreign currency take
// before the day's quote (a service's own rate still wins), set and cleared by the agent. Saving
// reprices those services and the totals on the API (PATCH /api/budgets/{id} agent_rates).
import { agentRateField } from '@app/shared/agent-rates';
import type { BudgetTree } from '@app/shared/budgets';
import { formatRate, TRACKED_CURRENCIES } from '@app/shared/currency-quotes';
import { fieldMessage } from '@app/shared/form';
import { Button, CloseButton, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DetailField } from '../../../components/DetailFields';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { RateInput } from '../../../components/RateInput';
import { apiError, markShownByForm } from '../../../lib/api-error';
import { sameValues } from '../../../lib/same-values';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useTodayRates } from './use-today-rates';

type Rates = Record<string, number | string>;

/** The foreign currencies the budget prices in: its own, its services', and those it has a rate for. */
function currenciesOf(budget: BudgetTree): string[] {
  const used = [budget.currency, ...budget.proposals.flatMap((p) => p.services.map((s) => s.currency)), ...Object.keys(budget.agent_rates)];
  return TRACKED_CURRENCIES.filter((c) => used.includes(c));
}

function BudgetRatesForm({ budget, onClose, onSaved }: { budget: BudgetTree; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const today = useTodayRates(true);
  const [values, setValues] = useState<Rates>({ ...budget.agent_rates } as Rates);
  const [shown, setShown] = useState(() => currenciesOf(budget));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const close = useUnsavedChanges(!sameValues(values, budget.agent_rates));
  const save = useMutation(
    trpc.budgets.update.mutationOptions({
      onSuccess: () => {
        toastSuccess('Câmbio do orçamento salvo.');
        onSaved();
        onClose();
      },
      onError: (error) => {
        const e = apiError(error);
        const byCurrency: Record<string, string> = {};
        for (const [path, [message]] of Object.entries(e.errors)) {
          const currency = path.startsWith('agent_rates.') ? path.slice('agent_rates.'.length) : null;
          if (currency && message) byCurrency[currency] = fieldMessage(message, 'O câmbio');
        }
        setErrors(byCurrency);
        setFormError(Object.keys(byCurrency).length ? null : e.message);
        markShownByForm(error);
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rates: Record<string, number> = {};
    const found: Record<string, string> = {};
    for (const [currency, value] of Object.entries(values)) {
      if (value === '' || value === undefined) continue;
      const parsed = agentRateField.safeParse(Number(value));
      if (parsed.success) rates[currency] = parsed.data;
      else found[currency] = fieldMessage(parsed.error.issues[0]?.message ?? '', 'O câmbio');
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate({ id: budget.id, agent_rates: rates });
  };

  const others = TRACKED_CURRENCIES.filter((c) => !shown.includes(c));
  return (
    <form onSubmit={submit} noValidate aria-label="Câmbio do orçamento">
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          O câmbio informado aqui vale para os serviços deste orçamento nessa moeda (menos os que têm câmbio do serviço). Em branco, vale o
          câmbio do dia.
        </Text>
        <ErrorText>{formError}</ErrorText>
        {shown.length === 0 && <Text fz="sm">Nenhum serviço em moeda estrangeira ainda.</Text>}
        {shown.map((currency) => {
          const day = today.rates[currency];
          return (
            <Group key={currency} align="flex-end" gap="xs" wrap="nowrap">
              <RateInput
                label={`Câmbio de ${currency} (R$ por 1 ${currency})`}
                description={day !== undefined ? `Câmbio do dia ${formatRate(day)}` : today.loading ? ' ' : 'Sem cotação do dia'}
                placeholder={day !== undefined ? formatRate(day) : 'Informe o câmbio'}
                style={{ flex: 1 }}
                value={values[currency] ?? ''}
                error={errors[currency]}
                onChange={(value) => {
                  setValues((v) => ({ ...v, [currency]: value }));
                  setErrors(({ [currency]: _gone, ...rest }) => rest);
                }}
              />
              <CloseButton
                aria-label={`Limpar câmbio de ${currency}`}
                mb={6}
                onClick={() => setValues(({ [currency]: _gone, ...rest }) => rest)}
              />
            </Group>
          );
        })}
        {others.length > 0 && (
          <Select
            label="Outra moeda"
            placeholder="Adicionar moeda"
            data={others}
            value={null}
            searchable
            onChange={(currency) => currency && setShown((s) => TRACKED_CURRENCIES.filter((c) => c === currency || s.includes(c)))}
          />
        )}
        <FormActions onCancel={close} pending={save.isPending}>
          Salvar câmbio
        </FormActions>
      </Stack>
    </form>
  );
}

/** The budget's rates in its data card, and the button that sets them (not while the budget is read-only). */
export function BudgetRates({ budget, readOnly, onChanged }: { budget: BudgetTree; readOnly: boolean; onChanged: () => void }) {
  const [opened, setOpened] = useState(false);
  const entries = Object.entries(budget.agent_rates);
  return (
    <DetailField label="Câmbio do orçamento">
      <Group gap="xs" wrap="wrap" data-testid="budget-rates">
        <Text>
          {entries.length ? (
            entries.map(([currency, rate]) => `${currency} ${formatRate(rate)}`).join(' · ')
          ) : (
            <Text span c="dimmed">
              Câmbio do dia
            </Text>
          )}
        </Text>
        {!readOnly && (
          <Button variant="subtle" size="compact-sm" onClick={() => setOpened(true)}>
            {entries.length ? 'Alterar' : 'Informar'}
          </Button>
        )}
      </Group>
      <FormDialog opened={opened} onClose={() => setOpened(false)} title={<Text fw={600}>Câmbio do orçamento</Text>} centered>
        {opened && <BudgetRatesForm budget={budget} onClose={() => setOpened(false)} onSaved={onChanged} />}
      </FormDialog>
    </DetailField>
  );
}
