import {
  ATTENDANCE_STATUS_LABELS,
  ATTENDANCE_STATUS_TAG_LABELS,
  type AttendanceStatus,
  type AttendanceStatusTag,
} from '@app/shared/funnel';
import { Badge, Group } from '@mantine/core';

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
