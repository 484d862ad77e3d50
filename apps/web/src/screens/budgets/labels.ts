// pt-BR names the budget screens show.

import { isBudgetStatus } from '@app/shared/budget-statuses';
import type { AgeGroup } from '@app/shared/budget-totals';
import { BUDGET_STATUS_LABELS, BUDGET_STATUSES, type BudgetStatus, PAX_AGE_GROUP_LABELS } from '@app/shared/budgets';

export { BUDGET_STATUS_LABELS, BUDGET_STATUSES, type BudgetStatus, isBudgetStatus };

export const BUDGET_STATUS_COLORS: Record<BudgetStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'violet',
  sold: 'teal',
  canceled: 'red',
};
export const BUDGET_STATUS_OPTIONS = BUDGET_STATUSES.map((s) => ({
  value: s,
  label: BUDGET_STATUS_LABELS[s],
}));

export const AGE_GROUP_LABELS = PAX_AGE_GROUP_LABELS;
export const AGE_GROUP_PLURALS: Record<AgeGroup, [string, string]> = {
  adult: ['adulto', 'adultos'],
  child: ['criança', 'crianças'],
  infant: ['bebê', 'bebês'],
};
export const AGE_GROUP_OPTIONS = (Object.keys(AGE_GROUP_LABELS) as AgeGroup[]).map((g) => ({ value: g, label: AGE_GROUP_LABELS[g] }));

/** '2 adultos, 1 criança', or '' when nobody is counted. */
export function headCountText(counts: Partial<Record<AgeGroup, number>>): string {
  return (Object.keys(AGE_GROUP_PLURALS) as AgeGroup[])
    .flatMap((g) => {
      const n = counts[g] ?? 0;
      return n > 0 ? [`${n} ${AGE_GROUP_PLURALS[g][n === 1 ? 0 : 1]}`] : [];
    })
    .join(', ');
}

/** The editor's address of a budget (the same screen creates, edits and lands a copy). */
export const budgetEditorPath = (id: number) => `/novo-orcamento/${id}`;
export const budgetInfoPath = (id: number) => `/orcamento-infor/${id}`;

export { travelDates } from '../attendances/labels';
