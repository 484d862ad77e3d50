// Security-critical: tenant filters only. Every read and write of an agency's templates goes
// through them, with the company id of the signed-in user.
import { columnsOf, type Prisma, type SqlBool, sql } from '@app/db';
import { foldedMatches } from '../../search';

/** Security-critical: every template lookup of a tenant goes through this filter. */
export function budgetTemplateWhere(companyId: number, id: number): Prisma.BudgetTemplateWhereInput {
  return { id, companyId };
}

const t = columnsOf('budget_templates', 't');

/**
 * Security-critical: the list's rows over `budget_templates t`, always inside the caller's company;
 * the search finds every word typed in the folded name and destination (trigram index).
 */
export function budgetTemplateFilter(companyId: number, search: string | undefined) {
  const company = sql<SqlBool>`${t('company_id')} = ${companyId}`;
  return search ? sql<SqlBool>`${company} AND ${foldedMatches(t('search_text'), search)}` : company;
}
