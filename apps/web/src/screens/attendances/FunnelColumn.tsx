import type { AttendanceFilters, FunnelBalanceFigures, FunnelCard, FunnelOutput, FunnelSublist } from '@app/shared/attendances';
import { FIRST_PAGE } from '@app/shared/constants';
import { type AttendanceTransition, FUNNEL_GROUP_LABELS, type FunnelGroup } from '@app/shared/funnel';
import { useDroppable } from '@dnd-kit/core';
import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Money } from '../../components/Money';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import classes from './FunnelBoard.module.css';
import { FunnelCardItem } from './FunnelCard';

/** A column's page: about a screen of cards, so scrolling to its end is what asks for more. */
const FUNNEL_COLUMN_PAGE_SIZE = 10;

const COLUMN_PREFIX = 'funnel-column:';
const columnId = (group: FunnelGroup) => `${COLUMN_PREFIX}${group}`;
export const groupOfColumn = (id: string | number): FunnelGroup | null =>
  typeof id === 'string' && id.startsWith(COLUMN_PREFIX) ? (id.slice(COLUMN_PREFIX.length) as FunnelGroup) : null;

type Sublist = { key: string; heading: string | null; list: FunnelSublist };

/** The sublists of a column, in display order, with their headings (sales also lists canceled ones). */
function sublistsOf(group: FunnelGroup, page: FunnelOutput): Sublist[] {
  if (group === 'negotiations') return page.negotiations ? [{ key: 'open', heading: null, list: page.negotiations.open }] : [];
  if (group === 'sales') {
    return page.sales
      ? [
          { key: 'won', heading: null, list: page.sales.won },
          { key: 'canceled', heading: 'Vendas canceladas', list: page.sales.canceled },
        ]
      : [];
  }
  return page.losses ? [{ key: 'lost', heading: null, list: page.losses.lost }] : [];
}

/**
 * The loaded pages of a column as one list per sublist: every card once (a move between two loads
 * can shift one onto the next page), the count and value of the latest page read.
 */
function mergePages(
  group: FunnelGroup,
  pages: FunnelOutput[],
): { key: string; heading: string | null; cards: FunnelCard[]; latest: FunnelSublist }[] {
  const last = pages.at(-1);
  if (!last) return [];
  return sublistsOf(group, last).map(({ key, heading, list }) => {
    const seen = new Set<number>();
    const cards = pages
      .flatMap((p) => sublistsOf(group, p).find((s) => s.key === key)?.list.cards ?? [])
      .filter((c) => {
        if (seen.has(c.id)) return false;
        seen.add(c.id);
        return true;
      });
    return { key, heading, cards, latest: list };
  });
}

/**
 * One column's cards, page after page (GET /api/attendances/funnel with `group`): the next page
 * loads when the end of the column scrolls into view, or from its 'Carregar mais' button.
 */
function useColumnPages(group: FunnelGroup, filters: AttendanceFilters) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { ...filters, group, per_page: FUNNEL_COLUMN_PAGE_SIZE };
  return useInfiniteQuery({
    // Under the procedure's own key, so every change to an attendance refreshes the column too.
    queryKey: [...trpc.attendances.funnel.pathKey(), { input, type: 'infinite' }],
    queryFn: ({ pageParam, signal }) => client.attendances.funnel.query({ ...input, page: pageParam }, { signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, _pages, lastPage) =>
      sublistsOf(group, last).some((s) => s.list.pagination.has_next_page) ? lastPage + 1 : undefined,
    placeholderData: keepPreviousData,
  });
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

/** During a drag: the card's own column, one it can be dropped on, or one its status does not allow. */
export type DropState = 'origin' | 'allowed' | 'blocked' | null;

/**
 * A column of the board: its balance, then its cards in a box that scrolls on its own and loads
 * the next page as its end comes into view. A drop target while a card is dragged.
 */
export function FunnelColumn({
  group,
  filters,
  balance,
  active,
  drop,
  busyId,
  onMove,
}: {
  group: FunnelGroup;
  filters: AttendanceFilters;
  balance: FunnelBalanceFigures | undefined;
  active: boolean;
  drop: DropState;
  busyId: number | null;
  onMove: (card: FunnelCard, move: AttendanceTransition) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: columnId(group), disabled: drop === 'blocked' });
  const pages = useColumnPages(group, filters);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  const scrollRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  // The column's end in view (or within a card's height of it) asks for the next page; re-armed
  // after each load, so a short page keeps loading until the box is full. A failed load waits for the button.
  useEffect(() => {
    const root = scrollRef.current;
    const end = endRef.current;
    if (!root || !end || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void fetchNextPage(), {
      root,
      rootMargin: '0px 0px 120px 0px',
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const sublists = pages.data ? mergePages(group, pages.data.pages) : null;
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      withBorder
      radius="lg"
      p="sm"
      className={classes.column}
      data-group={group}
      data-active={active}
      data-drop={drop ?? undefined}
      data-over={isOver || undefined}
      data-testid={`funnel-column-${group}`}
      aria-labelledby={`funnel-heading-${group}`}
      aria-current={active ? 'true' : undefined}
    >
      <Stack gap="xs" mb="xs">
        <Title order={2} fz="h4" id={`funnel-heading-${group}`}>
          {FUNNEL_GROUP_LABELS[group]}
        </Title>
        <BalanceSummary balance={balance} />
      </Stack>
      <div
        ref={scrollRef}
        className={classes.cards}
        data-testid="funnel-column-cards"
        aria-busy={pages.isPlaceholderData || isFetchingNextPage || undefined}
      >
        {sublists ? (
          sublists.map(({ key, heading, cards, latest }) =>
            heading && latest.pagination.total_count === 0 ? null : (
              <Stack key={key} gap="xs" data-testid={`funnel-sublist-${key}`}>
                {heading && (
                  <Text fz="xs" fw={600} c="dimmed" tt="uppercase" mt="xs">
                    {latest.pagination.total_count_capped ? (
                      `${heading} · mais de ${latest.pagination.total_count}`
                    ) : (
                      <>
                        {heading} · {latest.pagination.total_count} · <Money cents={latest.total_value} />
                      </>
                    )}
                  </Text>
                )}
                {cards.length === 0 && !heading ? (
                  <Text fz="sm" c="dimmed" ta="center" py="md">
                    Nenhum atendimento
                  </Text>
                ) : (
                  cards.map((card) => (
                    <FunnelCardItem key={card.id} card={card} busy={busyId === card.id} onMove={(move) => onMove(card, move)} />
                  ))
                )}
              </Stack>
            ),
          )
        ) : pages.isError ? (
          <Stack gap="xs" align="center" py="md">
            <Text fz="sm" c="dimmed" ta="center">
              Não foi possível carregar esta coluna.
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => void pages.refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        ) : (
          <Stack gap="xs" aria-busy="true" aria-label={`Carregando ${FUNNEL_GROUP_LABELS[group]}`}>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h={84} radius="md" />
            ))}
          </Stack>
        )}
        <div ref={endRef} className={classes.columnEnd} />
        {hasNextPage && (
          <Button variant="subtle" size="compact-sm" fullWidth loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Carregar mais
          </Button>
        )}
      </div>
    </Paper>
  );
}
