import type { AttendanceFilters } from '@app/shared/attendances';
import { type BigNumberFigure, bigNumberDifferences, FUNNEL_GROUP_LABELS } from '@app/shared/funnel';
import { Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconEqual } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import classes from './BigNumbers.module.css';

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const signed = new Intl.NumberFormat('pt-BR', { signDisplay: 'exceptZero' });

/** Win, open and lost of this month, each against last month. */
const FIGURES = [
  { key: 'open', title: `${FUNNEL_GROUP_LABELS.negotiations} no mês`, goodWhenUp: true },
  { key: 'win', title: `${FUNNEL_GROUP_LABELS.sales} no mês`, goodWhenUp: true },
  { key: 'lost', title: `${FUNNEL_GROUP_LABELS.losses} no mês`, goodWhenUp: false },
] as const;

function differenceText(f: BigNumberFigure): string {
  if (f.trend === 'steady') return 'Igual ao mês passado';
  const pct = f.difference_percent === null ? '' : ` (${percent.format(f.difference_percent)}%)`;
  return `${signed.format(f.difference)}${pct} vs. mês passado`;
}

export function BigNumbers({ filters }: { filters: AttendanceFilters }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.attendances.bigNumbers.queryOptions(filters));
  const figures = query.data ? bigNumberDifferences(query.data) : null;

  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={{ base: 'xs', sm: 'sm' }} mb="md" aria-busy={query.isFetching}>
      {FIGURES.map(({ key, title, goodWhenUp }) => {
        const f = figures?.[key];
        const good = f && f.trend !== 'steady' && (f.trend === 'up') === goodWhenUp;
        const Icon = !f || f.trend === 'steady' ? IconEqual : f.trend === 'up' ? IconArrowUpRight : IconArrowDownRight;
        return (
          <Card key={key} withBorder radius="lg" padding="sm" data-testid={`big-number-${key}`}>
            <div className={classes.figure}>
              <Text fz="sm" c="dimmed" fw={500} className={classes.title}>
                {title}
              </Text>
              {f ? (
                <>
                  <Text fz={{ base: 28, sm: 32 }} fw={700} lh={1.2} className={classes.value} data-testid="big-number-value">
                    {f.this_month}
                  </Text>
                  <Group
                    gap={4}
                    wrap="nowrap"
                    align="flex-start"
                    c={f.trend === 'steady' ? 'dimmed' : good ? 'teal.7' : 'red.7'}
                    className={classes.difference}
                  >
                    <Icon size={16} aria-hidden />
                    <Text fz="xs" c="inherit" data-testid="big-number-difference">
                      {differenceText(f)}
                    </Text>
                  </Group>
                </>
              ) : (
                <>
                  <Skeleton h={38} w={60} my={2} className={classes.value} />
                  <Skeleton h={14} w="80%" className={classes.difference} />
                </>
              )}
            </div>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
