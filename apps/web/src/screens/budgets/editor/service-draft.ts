// The draft of an open service form: its values and the texts of its picks, per budget and per
// service (or per type of a new one), restored when the same form opens again.
import type { BudgetServiceType } from '@app/shared/budget-services';
import { type DraftOwner, draftKey } from '../../../lib/drafts';
import type { ServiceValues } from './service-values';

export type ServiceDraft = { values: ServiceValues; labels: Record<string, string> };

/** The draft's key: one per service, and one per type for a new service of the budget. */
export const serviceDraftKey = (owner: DraftOwner, budgetId: number, service: { id: number } | undefined, type: BudgetServiceType) =>
  draftKey(owner, `budget-${budgetId}`, service ? `service-${service.id}` : `service-new-${type}`);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored draft as the form's values over `initial` (a field the draft lacks, from an older
 * version of the form, keeps its initial value), or null when it is not a draft of this form's type.
 */
export function restoreDraft(stored: unknown, initial: ServiceValues): ServiceDraft | null {
  if (!isRecord(stored) || !isRecord(stored.values) || !isRecord(stored.labels)) return null;
  const { values, labels } = stored;
  if (values.type !== initial.type) return null;
  const details = isRecord(values.details) ? values.details : {};
  return {
    values: { ...initial, ...values, details: { ...initial.details, ...details } } as ServiceValues,
    labels: Object.fromEntries(Object.entries(labels).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
  };
}
