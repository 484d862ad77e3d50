import { AGE_GROUPS } from '@app/shared/budget-totals';
import { passengerSplit } from '@app/shared/splits';
import { Alert, Group, Paper, Text } from '@mantine/core';
import { Money } from '../../../components/Money';
import { AGE_GROUP_PLURALS, headCountText } from '../labels';
import { PassengerSplitText } from '../PassengerSplitText';
import type { LiveTotals } from './totals';

/** A proposal's total and what each passenger of each age group pays (the first, where it differs, too). */
export function ProposalTotalsCard({ live, currency }: { live: LiveTotals; currency: string }) {
  if (!live.totals) {
    return (
      <Alert color="yellow" variant="light" title="Informe o câmbio">
        Não há cotação de {live.missing}: informe o câmbio do serviço ou o câmbio do orçamento para ver os totais.
      </Alert>
    );
  }
  const t = live.totals;
  const passengers = headCountText(t.passengers);
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" aria-live="polite" data-testid="proposal-totals">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            Total da proposta
          </Text>
          <Text fz="xl" fw={700} data-testid="proposal-total">
            <Money cents={t.sale_cents} currency={currency} />
          </Text>
          {passengers && (
            <Text fz="xs" c="dimmed">
              {passengers}
            </Text>
          )}
        </div>
        <Group gap="lg" align="flex-start">
          {AGE_GROUPS.filter((g) => t.per_passenger[g] !== undefined).map((g) => (
            <div key={g}>
              <Text fz="xs" c="dimmed">
                Por {AGE_GROUP_PLURALS[g][0]}
              </Text>
              <Text fw={600} data-testid={`per-passenger-${g}`}>
                <Money cents={t.per_passenger[g]} currency={currency} />
              </Text>
              <PassengerSplitText group={g} split={passengerSplit(t, g)} currency={currency} />
            </div>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
