import { NFSE_STATUS_LABELS, type NfseStatus } from '@app/shared/nfse';
import { Badge } from '@mantine/core';

const STATUS_COLORS: Record<NfseStatus, string> = {
  pending: 'blue',
  authorized: 'green',
  rejected: 'red',
  canceling: 'orange',
  canceled: 'gray',
  substituted: 'gray',
};

/** A note's status, in its color, wherever a note is shown. */
export function NfseStatusBadge({ status }: { status: NfseStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="nfse-status">
      {NFSE_STATUS_LABELS[status]}
    </Badge>
  );
}
