import type { AttendanceFilters, FunnelCard } from '@app/shared/attendances';
import {
  type AttendanceTransition,
  activeFunnelGroup,
  FUNNEL_GROUP_LABELS,
  FUNNEL_GROUPS,
  type FunnelGroup,
  funnelDropTransition,
  funnelGroupOf,
} from '@app/shared/funnel';
import {
  type Active,
  type Announcements,
  type ClientRect,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Chip, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import classes from './FunnelBoard.module.css';
import { FunnelCardPreview } from './FunnelCard';
import { type DropState, FunnelColumn, groupOfColumn } from './FunnelColumn';
import { useStatusMoves } from './status-moves';

const cardOf = (active: Pick<Active, 'data'>): FunnelCard | undefined => active.data.current?.card as FunnelCard | undefined;

/** The pointer picks the column it is over; the arrows, the column the moved card covers most. */
const collision: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

/**
 * The arrows move a picked-up card to the next column on the left or the right, at the same
 * height (a column is ordered by date: there is no place in it to choose).
 */
const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context: { collisionRect, droppableRects, droppableContainers } },
) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (!step || !collisionRect) return undefined;
  event.preventDefault();
  const columns = droppableContainers
    .getEnabled()
    .map((c) => droppableRects.get(c.id))
    .filter((r): r is ClientRect => !!r)
    .sort((a, b) => a.left - b.left);
  const center = collisionRect.left + collisionRect.width / 2;
  const target = step > 0 ? columns.find((r) => r.left > center) : columns.findLast((r) => r.right < center);
  if (!target) return undefined;
  return {
    x: target.left + (target.width - collisionRect.width) / 2,
    y: Math.min(Math.max(collisionRect.top, target.top), target.bottom - collisionRect.height),
  };
};

const SCREEN_READER_INSTRUCTIONS =
  'Para mover o atendimento para outra coluna, pressione espaço ou Enter. Use as setas para a esquerda e para a direita ' +
  'para escolher a coluna, espaço ou Enter de novo para soltar, ou Esc para cancelar.';

const ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => {
    const card = cardOf(active);
    return card ? `Atendimento ${card.title} selecionado, na coluna ${FUNNEL_GROUP_LABELS[funnelGroupOf(card.status)]}.` : undefined;
  },
  onDragOver: ({ active, over }) => {
    const group = over && groupOfColumn(over.id);
    return `Atendimento ${cardOf(active)?.title ?? ''} ${group ? `sobre a coluna ${FUNNEL_GROUP_LABELS[group]}` : 'fora das colunas'}.`;
  },
  onDragEnd: ({ active, over }) => {
    const card = cardOf(active);
    const group = over && groupOfColumn(over.id);
    if (!card) return undefined;
    if (!group || !funnelDropTransition(card.status, group)) return `Atendimento ${card.title} continua onde estava.`;
    return `Atendimento ${card.title} solto na coluna ${FUNNEL_GROUP_LABELS[group]}.`;
  },
  onDragCancel: ({ active }) => `Movimento cancelado. O atendimento ${cardOf(active)?.title ?? ''} continua onde estava.`,
};

/** Where a dragged card may go: its own column, a column whose move its status allows, or none. */
function dropState(card: FunnelCard | null, group: FunnelGroup): DropState {
  if (!card) return null;
  if (funnelGroupOf(card.status) === group) return 'origin';
  return funnelDropTransition(card.status, group) ? 'allowed' : 'blocked';
}

/**
 * The sales funnel (sections 3, 4 and 9): three toggleable columns, each with its balance and its
 * own scrolling pages of cards; the active group picked by the board's scroll position with the
 * shared thresholds. A card dragged to another column (pointer or keyboard), or moved from its
 * menu, is won, lost or reopened after the attendance screen's own questions.
 */
export function FunnelBoard({ filters }: { filters: AttendanceFilters }) {
  const trpc = useTRPC();
  const [visible, setVisible] = useState<FunnelGroup[]>([...FUNNEL_GROUPS]);
  const [scrollRatio, setScrollRatio] = useState(0);
  const [dragged, setDragged] = useState<FunnelCard | null>(null);
  const boardRef = useRef<HTMLElement>(null);
  const balance = useQuery(trpc.attendances.balance.queryOptions(filters));
  const moves = useStatusMoves();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );

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
  }, [measure, visible.length]);

  const scrollTo = (group: FunnelGroup) => {
    boardRef.current?.querySelector(`[data-group="${group}"]`)?.scrollIntoView({ behavior: 'smooth', inline: 'start', block: 'nearest' });
  };

  const move = (card: FunnelCard, transition: AttendanceTransition) =>
    moves.start(transition, { id: card.id, title: card.title, value_cents: card.price, version: card.version });

  const onDragStart = ({ active: item }: DragStartEvent) => setDragged(cardOf(item) ?? null);
  const onDragEnd = ({ active: item, over }: DragEndEvent) => {
    setDragged(null);
    const card = cardOf(item);
    const group = over ? groupOfColumn(over.id) : null;
    const transition = card && group ? funnelDropTransition(card.status, group) : null;
    if (card && transition) move(card, transition);
  };

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
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
          accessibility={{ announcements: ANNOUNCEMENTS, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
        >
          <section
            ref={boardRef}
            className={classes.board}
            onScroll={measure}
            aria-label="Funil de vendas"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a board wider than the screen takes focus to scroll by keyboard.
            tabIndex={0}
            data-testid="funnel-board"
            data-active-group={active ?? undefined}
          >
            {shown.map((group) => (
              <FunnelColumn
                key={group}
                group={group}
                filters={filters}
                balance={balance.data?.[group]}
                active={group === active}
                drop={dropState(dragged, group)}
                busyId={moves.busyId}
                onMove={move}
              />
            ))}
          </section>
          <DragOverlay dropAnimation={null}>{dragged && <FunnelCardPreview card={dragged} />}</DragOverlay>
        </DndContext>
      )}
      {moves.dialogs}
    </Stack>
  );
}
