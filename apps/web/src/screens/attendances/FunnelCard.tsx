import type { FunnelCard } from '@app/shared/attendances';
import { shortDate } from '@app/shared/format';
import { type AttendanceTransition, canTransition } from '@app/shared/funnel';
import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Group, Menu, Paper, Text } from '@mantine/core';
import { IconArrowBackUp, IconDots, IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Money } from '../../components/Money';
import { AttendanceStatusBadges, BudgetActivity } from './badges';
import classes from './FunnelBoard.module.css';
import { travelDates } from './labels';
import { MOVE_ORDER, MOVES, REOPEN_LABEL } from './status-moves';

/** What a card shows; `handle` and `menu` are its controls (none but a mock handle on the copy that follows the pointer). */
function CardContent({ card, handle, menu }: { card: FunnelCard; handle: ReactNode; menu?: ReactNode }) {
  const dates = travelDates(card.start_date, card.end_date, shortDate);
  const titleProps = { fw: 600, fz: 'sm', lineClamp: 2, style: { flex: 1, minWidth: 0 } } as const;
  return (
    <>
      <Group justify="space-between" align="flex-start" gap={4} wrap="nowrap">
        {handle}
        {menu ? (
          // The title's link covers the whole card (its ::after): a click anywhere opens the attendance.
          <Text component={Link} to={`/atendimento/${card.id}`} draggable={false} className={classes.cardLink} {...titleProps}>
            {card.title}
          </Text>
        ) : (
          <Text {...titleProps}>{card.title}</Text>
        )}
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
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap">
        <AttendanceStatusBadges status={card.status} tag={card.status_tag} />
        <Group gap={4} wrap="nowrap" miw={0}>
          <Text fz="xs" c="dimmed" truncate>
            {card.owner_name}
          </Text>
          {menu}
        </Group>
      </Group>
      <BudgetActivity views={card.budget_views_count} accepted={card.budget_accepted} />
    </>
  );
}

/** The card's status moves, as on the attendance screen: the same labels, then the same dialogs. */
function MoveMenu({ card, busy, onMove }: { card: FunnelCard; busy: boolean; onMove: (move: AttendanceTransition) => void }) {
  const moves = MOVE_ORDER.filter((move) => canTransition(card.status, move));
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          className={classes.control}
          aria-label={`Ações do atendimento ${card.title}`}
          loading={busy}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {moves.map((move) => (
          <Menu.Item key={move} leftSection={MOVES[move].icon} onClick={() => onMove(move)}>
            {MOVES[move].label}
          </Menu.Item>
        ))}
        {canTransition(card.status, 'reopened') && (
          <Menu.Item leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => onMove('reopened')}>
            {REOPEN_LABEL}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A card of the funnel: dragged to another column by the pointer from anywhere on it, or by the
 * keyboard from its handle (space picks it up, the arrows choose the column, space drops); its
 * menu makes the same moves. A click opens the attendance.
 */
export function FunnelCardItem({ card, busy, onMove }: { card: FunnelCard; busy: boolean; onMove: (move: AttendanceTransition) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: card.id,
    data: { card },
    disabled: busy,
    attributes: { roleDescription: 'atendimento arrastável' },
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      data-dragging={isDragging || undefined}
      data-busy={busy || undefined}
      data-testid="funnel-card"
      data-card-id={card.id}
      {...listeners}
    >
      <CardContent
        card={card}
        handle={
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            className={`${classes.control} ${classes.handle}`}
            aria-label={`Arrastar atendimento ${card.title}`}
            data-testid="funnel-drag-handle"
            {...attributes}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
        }
        menu={<MoveMenu card={card} busy={busy} onMove={onMove} />}
      />
    </Paper>
  );
}

/** The copy of a card that follows the pointer (or the arrows) while it is dragged. */
export function FunnelCardPreview({ card }: { card: FunnelCard }) {
  return (
    <Paper withBorder radius="md" p="sm" shadow="md" className={classes.card}>
      <CardContent
        card={card}
        handle={
          <ActionIcon component="span" variant="subtle" color="gray" size="sm" aria-hidden>
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </Paper>
  );
}
