// Filters a list can be opened with (from a figure of the agency's dashboard) that have no field of
// their own in its filter row: each is shown as a chip with a button that removes it, so the user
// sees why the list is shorter than usual and can widen it.
import { shortDate } from '@app/shared/format';
import { Badge, CloseButton, Group } from '@mantine/core';

export type FilterChip = { key: string; label: string; onRemove: () => void };

/** 'Abertos de 01/09/2026 a 28/11/2026', 'Abertos a partir de 01/09/2026', 'Abertos até 28/11/2026'; null without days. */
export function dayRangeLabel(noun: string, from: string | undefined, to: string | undefined): string | null {
  if (from && to) return from === to ? `${noun} em ${shortDate(from)}` : `${noun} de ${shortDate(from)} a ${shortDate(to)}`;
  if (from) return `${noun} a partir de ${shortDate(from)}`;
  if (to) return `${noun} até ${shortDate(to)}`;
  return null;
}

/** A chip of a day range kept in the address under `keys` (from, to), when either is set; removing it drops both. */
export function dayRangeChip(
  noun: string,
  range: { from: string | undefined; to: string | undefined },
  keys: [string, string],
  update: (changes: Record<string, string | undefined>) => void,
): FilterChip[] {
  const label = dayRangeLabel(noun, range.from, range.to);
  return label ? [{ key: keys[0], label, onRemove: () => update({ [keys[0]]: undefined, [keys[1]]: undefined, page: undefined }) }] : [];
}

export function FilterChips({ chips }: { chips: FilterChip[] }) {
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" mb="md" role="group" aria-label="Filtros aplicados" data-testid="filter-chips">
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          variant="light"
          size="lg"
          tt="none"
          fw={500}
          data-testid="filter-chip"
          rightSection={
            <CloseButton size="xs" variant="transparent" aria-label={`Remover o filtro ${chip.label}`} onClick={chip.onRemove} />
          }
        >
          {chip.label}
        </Badge>
      ))}
    </Group>
  );
}
