import type { ContractStatus } from '@app/shared/contracts';
import type { ReservationStatus } from '@app/shared/reservations';
import { Badge } from '@mantine/core';
import { CONTRACT_STATUS_COLORS, CONTRACT_STATUS_LABELS, RESERVATION_STATUS_COLORS, RESERVATION_STATUS_LABELS } from './labels';

export function ReservationStatusBadge({ status }: { status: ReservationStatus }) {
  return (
    <Badge color={RESERVATION_STATUS_COLORS[status]} variant="light" miw="max-content" data-testid="reservation-status">
      {RESERVATION_STATUS_LABELS[status]}
    </Badge>
  );
}

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return (
    <Badge color={CONTRACT_STATUS_COLORS[status]} variant="light" miw="max-content" data-testid="contract-status">
      {CONTRACT_STATUS_LABELS[status]}
    </Badge>
  );
}
