import { type BudgetStatus, SALE_MESSAGES } from '@app/shared';
import { isBudgetEditable } from '@app/shared/budget-statuses';
import { AppError } from '../../errors';

/**
 * A sold budget is frozen: its proposals, services and fields change only after the sale is undone
 * (409). Called by the writers right after they lock the budget.
 */
export function assertNotSold(budget: { status: BudgetStatus }): void {
  if (!isBudgetEditable(budget.status)) throw new AppError('CONFLICT', { message: SALE_MESSAGES.soldFrozen });
}
