// A month of a list (comissões, notas fiscais): its name between the previous and the next month;
// never past the current one. The screens keep it in the address (?mes=AAAA-MM).
import { monthField } from '@app/shared/commissions';
import { businessDate } from '@app/shared/funnel';
import { ActionIcon, Group, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export const monthName = (month: string) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`));

const shiftMonth = (month: string, by: number) => {
  const d = new Date(`${month}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
};

/** The month asked in the address when it is one (AAAA-MM), else the current one. */
export const monthOrCurrent = (asked: string | null) => (monthField.safeParse(asked).success && asked ? asked : businessDate().slice(0, 7));

export function MonthSwitcher({ month, onChange, testId }: { month: string; onChange: (month: string) => void; testId: string }) {
  const current = businessDate().slice(0, 7);
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon variant="default" size="lg" aria-label="Mês anterior" onClick={() => onChange(shiftMonth(month, -1))}>
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <Title order={2} fz="lg" miw={170} ta="center" tt="capitalize" aria-live="polite" data-testid={testId}>
        {monthName(month)}
      </Title>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Próximo mês"
        disabled={month >= current}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
