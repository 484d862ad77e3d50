import type { AttendanceFilters, FunnelBalanceFigures, FunnelCard, FunnelOutput, FunnelSublist } from '@app/shared/attendances';
import { DEFAULT_PAGE_SIZE } from '@app/shared/constants';
import { shortDate } from '@app/shared/format';
import { activeFunnelGroup, FUNNEL_GROUP_LABELS, FUNNEL_GROUPS, type FunnelGroup } from '@app/shared/funnel';
import { Chip, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { Money } from '../../components/Money';
import { useTRPC } from '../../lib/trpc';
import { AttendanceStatusBadges, BudgetActivity } from './badges';
import classes from './FunnelBoard.module.css';
import { travelDates } from './labels';

/** The sublists of each column, in display order, with their headings (sales also lists canceled ones). */
function sublistsOf(group: FunnelGroup, data: FunnelOutput): { key: string; heading: string | null; list: FunnelSublist }[] {
  if (group === 'negotiations') return [{ key: 'open', heading: null, list: data.negotiations.open }];
  if (group === 'sales') {
    return [
      { key: 'won', heading: null, list: data.sales.won },
      { key: 'canceled', heading: 'Vendas canceladas', list: data.sales.canceled },
    ];
  }
  return [{ key: 'lost', heading: null, list: data.losses.lost }];
}

function FunnelCardLink({ card }: { card: FunnelCard }) {
  const dates = travelDates(card.start_date, card.end_date, shortDate);
  return (
    <Paper component={Link} to={`/atendimento/${card.id}`} withBorder radius="md" p="sm" className={classes.card} data-testid="funnel-card">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={600} fz="sm" lineClamp={2}>
          {card.title}
        </Text>
        <Text fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid="funnel-card-price">
          <Money cents={card.price} />
        </Text>
      </Group>
      <Text fz="xs" c="dimmed" mt={2}>
        {card.client_name}
        {card.destination ? ` · ${card.destination}` : ''}
      </Text>
      {dates && (
        <Text fz="xs" c="dimmed">
          {dates}
        </Text>
      )}
      <Group justify="space-between" mt={6} gap="xs">
        <AttendanceStatusBadges status={card.status} tag={card.status_tag} />
        <Text fz="xs" c="dimmed" truncate maw="50%">
          {card.owner_name}
        </Text>
      </Group>
      <BudgetActivity views={card.budget_views_count} accepted={card.budget_accepted} />
    </Paper>
  );
}

function BalanceSummary({ balance }: { balance: FunnelBalanceFigures | undefined }) {
  if (!balance) return <Skeleton h={36} />;
  return (
    <Stack gap={0} data-testid="funnel-balance">
      <Text fz="sm">
        <Text span fw={700} data-testid="funnel-balance-total">
          {balance.total_attendances === 1 ? '1 atendimento' : `${balance.total_attendances} atendimentos`}
        </Text>{' '}
        · <Money cents={balance.total_value} />
      </Text>
      <Text fz="xs" c="dimmed">
        Ativos: {balance.active_attendances} (<Money cents={balance.active_value} />) · Expirados: {balance.expired_attendances}
      </Text>
    </Stack>
  );
}

/**
 * The sales funnel (sections 3, 4 and 9): three toggleable columns, their balance, and the active
 * group picked by the board's scroll position with the shared thresholds.
 */
export function FunnelBoard({
  filters,
  page,
  onPageChange,
}: {
  filters: AttendanceFilters;
  page: number;
  onPageChange: (p: number) => void;
}) {
  const trpc = useTRPC();
  const [visible, setVisible] = useState<FunnelGroup[]>([...FUNNEL_GROUPS]);
  const [scrollRatio, setScrollRatio] = useState(0);
  const boardRef = useRef<HTMLDivElement>(null);
  const funnel = useQuery(
    trpc.attendances.funnel.queryOptions({ ...filters, page, per_page: DEFAULT_PAGE_SIZE }, { placeholderData: keepPreviousData }),
  );
  const balance = useQuery(trpc.attendances.balance.queryOptions(filters));

  const shown = FUNNEL_GROUPS.filter((g) => visible.includes(g));
  const active = activeFunnelGroup(shown, scrollRatio);

  const measure = useCallback(() => {
    const el = boardRef.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    setScrollRatio(max > 0 ? el.scrollLeft / max : 0);
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, visible.length, funnel.data]);

  const scrollTo = (group: FunnelGroup) => {
    boardRef.current?.querySelector(`[data-group="${group}"]`)?.scrollIntoView({ behavior: 'smooth', inline: 'start', block: 'nearest' });
  };

  // One page control for the board: as many pages as its longest visible sublist.
  const data = funnel.data;
  const longest = data
    ? shown
        .flatMap((g) => sublistsOf(g, data))
        .map((s) => s.list.pagination)
        .reduce((a, b) => (b.total_pages > (a?.total_pages ?? 0) ? b : a), undefined as FunnelSublist['pagination'] | undefined)
    : undefined;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Chip.Group multiple value={visible} onChange={(v) => setVisible(v as FunnelGroup[])}>
          <Group gap="xs" role="group" aria-label="Colunas visíveis">
            {FUNNEL_GROUPS.map((g) => (
              <Chip key={g} value={g} size="sm">
                {FUNNEL_GROUP_LABELS[g]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {active && shown.length > 1 && (
          <SegmentedControl
            hiddenFrom="sm"
            size="xs"
            aria-label="Coluna em foco"
            value={active}
            onChange={(g) => scrollTo(g as FunnelGroup)}
            data={shown.map((g) => ({ value: g, label: FUNNEL_GROUP_LABELS[g] }))}
          />
        )}
      </Group>

      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          Selecione ao menos uma coluna para ver o funil.
        </Text>
      ) : (
        <div ref={boardRef} className={classes.board} onScroll={measure} data-testid="funnel-board" data-active-group={active ?? undefined}>
          {shown.map((group) => (
            <Paper
              key={group}
              component="section"
              withBorder
              radius="lg"
              p="sm"
              bg="var(--mantine-color-gray-0)"
              className={classes.column}
              data-group={group}
              data-active={group === active}
              data-testid={`funnel-column-${group}`}
              aria-labelledby={`funnel-heading-${group}`}
              aria-current={group === active ? 'true' : undefined}
            >
              <Stack gap="xs">
                <Title order={2} fz="h4" id={`funnel-heading-${group}`}>
                  {FUNNEL_GROUP_LABELS[group]}
                </Title>
                <BalanceSummary balance={balance.data?.[group]} />
                {data ? (
                  sublistsOf(group, data).map(({ key, heading, list }) =>
                    heading && list.pagination.total_count === 0 ? null : (
                      <Stack key={key} gap="xs" data-testid={`funnel-sublist-${key}`}>
                        {heading && (
                          <Text fz="xs" fw={600} c="dimmed" tt="uppercase" mt="xs">
                            {list.pagination.total_count_capped ? (
                              `${heading} · mais de ${list.pagination.total_count}`
                            ) : (
                              <>
                                {heading} · {list.pagination.total_count} · <Money cents={list.total_value} />
                              </>
                            )}
                          </Text>
                        )}
                        {list.cards.length === 0 && !heading ? (
                          <Text fz="sm" c="dimmed" ta="center" py="md">
                            Nenhum atendimento
                          </Text>
                        ) : (
                          list.cards.map((card) => <FunnelCardLink key={card.id} card={card} />)
                        )}
                      </Stack>
                    ),
                  )
                ) : (
                  <Stack gap="xs" aria-busy="true" aria-label="Carregando funil">
                    {Array.from({ length: 3 }, (_, i) => (
                      <Skeleton key={i} h={84} radius="md" />
                    ))}
                  </Stack>
                )}
              </Stack>
            </Paper>
          ))}
        </div>
      )}
      <ListPagination pagination={longest} onChange={onPageChange} label="Paginação do funil" />
    </Stack>
  );
}
