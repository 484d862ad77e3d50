// The budget statuses (the schema's enum), apart from the budget schemas: the web app reads a
// status from a list's address before the screen's code (and zod) has loaded.
import { BudgetStatus } from '@app/db/browser';

export type { BudgetStatus };
export const BUDGET_STATUSES: readonly BudgetStatus[] = Object.values(BudgetStatus);

export const isBudgetStatus = (v: string | null | undefined): v is BudgetStatus =>
  !!v && (BUDGET_STATUSES as readonly string[]).includes(v);
