import type { AdminCompany } from '@app/shared/billing';
import { Badge, Text } from '@mantine/core';
import { statusLabel } from '../billing/labels';
import { statusColor } from './labels';

/** An agency's subscription status, red while its staff are restricted. */
export function PlanStatusBadge({ agency }: { agency: Pick<AdminCompany, 'status_plan' | 'days_remaining' | 'is_valid_for_features'> }) {
  if (!agency.status_plan) return <Text c="dimmed">Sem assinatura</Text>;
  return (
    <Badge color={statusColor(agency.status_plan, !agency.is_valid_for_features)} variant="light" data-testid="agency-status">
      {statusLabel(agency.status_plan, agency.days_remaining)}
    </Badge>
  );
}
