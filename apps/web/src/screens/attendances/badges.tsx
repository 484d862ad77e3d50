import {
  ATTENDANCE_STATUS_LABELS,
  ATTENDANCE_STATUS_TAG_LABELS,
  type AttendanceStatus,
  type AttendanceStatusTag,
} from '@app/shared/funnel';
import { LANDING_VISIT_WINDOW_MINUTES } from '@app/shared/landing-rules';
import { Badge, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';

const STATUS_COLORS: Record<AttendanceStatus, string> = { open: 'blue', won: 'teal', lost: 'red', canceled: 'gray' };

/** The status and, for an open attendance past its travel date, the 'Expirado' tag. */
export function AttendanceStatusBadges({ status, tag }: { status: AttendanceStatus; tag: AttendanceStatusTag | null }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATUS_COLORS[status]} variant="light" miw="max-content" data-testid="attendance-status">
        {ATTENDANCE_STATUS_LABELS[status]}
      </Badge>
      {tag && (
        <Badge color="orange" variant="outline" miw="max-content" data-testid="attendance-status-tag">
          {ATTENDANCE_STATUS_TAG_LABELS[tag]}
        </Badge>
      )}
    </Group>
  );
}

/** What the customer did with the attendance's budgets: how often they visited the links, and an accepted one. */
export function BudgetActivity({ views, accepted }: { views: number; accepted: boolean }) {
  if (views === 0 && !accepted) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {views > 0 && (
        <Text
          fz="xs"
          c="dimmed"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
          title={`Visitas do cliente aos orçamentos (uma por visitante a cada ${LANDING_VISIT_WINDOW_MINUTES} minutos)`}
          data-testid="attendance-budget-views"
        >
          <IconEye size={14} aria-hidden />
          {views === 1 ? '1 visita' : `${views} visitas`}
        </Text>
      )}
      {accepted && (
        <Badge color="teal" variant="filled" size="sm" miw="max-content" data-testid="attendance-budget-accepted">
          Aceito
        </Badge>
      )}
    </Group>
  );
}
