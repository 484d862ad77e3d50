// Security-critical: tenant filters only. Every read and write of a budget's service, and of the rows
// it points at (the proposal, the supplier, reference-list rows, a favourite hotel), goes through
// them with the signed-in user's company.
import { columnsOf, type Prisma, type RawBuilder, type SqlBool, sql } from '@app/db';
import type { ListServiceCopySourcesInput } from '@app/shared';
import { folded, foldedMatches } from '../../search';
import { visibleWhere } from '../reference-lists/reference-lists.where';

/** Security-critical: every service lookup of a tenant goes through this filter. */
export function serviceWhere(companyId: number, id?: number): Prisma.ServiceWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/** Security-critical: the agency's own supplier. */
export function serviceSupplierWhere(companyId: number, id: number): Prisma.SupplierWhereInput {
  return { id, companyId };
}

/** Security-critical: reference-list rows a service may point at (the system's and the agency's own). */
export function serviceReferenceWhere(companyId: number, ids: number[]): Prisma.ReferenceItemWhereInput {
  return { id: { in: ids }, ...visibleWhere(companyId) };
}

/** Security-critical: the agency's own favourite hotel. */
export function serviceHotelWhere(companyId: number, id: number): Prisma.FavoriteHotelWhereInput {
  return { id, companyId };
}

const s = columnsOf('services', 's');
const b = columnsOf('budgets', 'b');

/**
 * Security-critical: the services an agency may copy from, over `services s JOIN budgets b`: its
 * own active ones (optionally not of one budget), each word of the search in the service's folded
 * title or in its budget's search text (title and destination), each side read from its trigram index.
 */
export function serviceCopySourceFilter(
  companyId: number,
  f: Pick<ListServiceCopySourcesInput, 'search' | 'exclude_budget_id'>,
): RawBuilder<SqlBool> {
  const parts = [
    sql<SqlBool>`${s('company_id')} = ${companyId}`,
    sql<SqlBool>`${b('company_id')} = ${companyId}`,
    sql<SqlBool>`${s('status')} = 'active'`,
  ];
  if (f.exclude_budget_id !== undefined) parts.push(sql<SqlBool>`${s('budget_id')} <> ${f.exclude_budget_id}`);
  if (f.search) parts.push(sql<SqlBool>`(${foldedMatches(folded(s('title')), f.search)} OR ${foldedMatches(b('search_text'), f.search)})`);
  return sql.join(parts, sql` AND `);
}
