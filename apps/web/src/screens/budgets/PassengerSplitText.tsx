// Where a group's share does not divide evenly, its first passenger pays the leftover cents: this
// line says so under the per-passenger figure ('1º adulto de R$ 466,68 + 2 adultos de R$ 466,66').
import type { AgeGroup } from '@app/shared/budget-totals';
import { type EvenSplit, firstPartDiffers, perPassengerText } from '@app/shared/splits';
import { Text } from '@mantine/core';
import { useMoneyText } from '../../lib/value-visibility';

/** The line of a group's split, or null when every passenger pays the same; amounts masked while values are hidden. */
export function usePassengerSplitText(currency: string): (group: AgeGroup, split: EvenSplit | null) => string | null {
  const moneyText = useMoneyText();
  return (group, split) =>
    split && firstPartDiffers(split) ? perPassengerText(group, split, (cents) => moneyText(cents, currency)) : null;
}

export function PassengerSplitText({ group, split, currency }: { group: AgeGroup; split: EvenSplit | null; currency: string }) {
  const text = usePassengerSplitText(currency)(group, split);
  if (!text) return null;
  return (
    <Text fz="xs" c="dimmed" data-testid={`per-passenger-split-${group}`}>
      {text}
    </Text>
  );
}
