import { Badge } from '@mantine/core';
import { BUDGET_STATUS_COLORS, BUDGET_STATUS_LABELS, type BudgetStatus } from './labels';

export function BudgetStatusBadge({ status }: { status: BudgetStatus }) {
  return (
    <Badge color={BUDGET_STATUS_COLORS[status]} variant="light" miw="max-content" data-testid="budget-status">
      {BUDGET_STATUS_LABELS[status]}
    </Badge>
  );
}
