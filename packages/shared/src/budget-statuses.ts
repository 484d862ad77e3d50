// The budget statuses (the schema's enum), apart from the budget schemas: the web app reads a
// status from a list's address before the screen's code (and zod) has loaded.
import { BudgetStatus } from '@app/db/browser';

export type { BudgetStatus };
export const BUDGET_STATUSES: readonly BudgetStatus[] = Object.values(BudgetStatus);

export const isBudgetStatus = (v: string | null | undefined): v is BudgetStatus =>
  !!v && (BUDGET_STATUSES as readonly string[]).includes(v);

/**
 * Whether a budget's fields, passengers, proposals and services may change. A sold budget is
 * frozen until its sale is undone: the API answers 409 (sold-frozen.ts) and the editor opens
 * read-only. One exception stays open on a sold budget: a service may still be canceled with a
 * refund (the sale keeps the values it froze).
 */
export const isBudgetEditable = (status: BudgetStatus): boolean => status !== 'sold';
