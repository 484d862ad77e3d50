// Security-critical: tenant filters only. Every user lookup of a tenant goes through them.
import { columnsOf, type Prisma, type RawBuilder, type SqlBool, sql } from '@app/db';
import { folded, foldedMatches } from '../../search';

export function userWhere(companyId: number, id?: number): Prisma.UserWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

const u = columnsOf('users');

/**
 * Security-critical: the agency's users whose name or e-mail holds every word of `term`, blind to
 * accents and case (beyond Prisma's filters), as SQL over `users`. An agency has a few dozen users:
 * its company index narrows them, no text index is needed.
 */
export function userSearchSql(companyId: number, term: string): RawBuilder<SqlBool> {
  const text = folded(sql`concat_ws(' ', ${u('name')}, ${u('email')})`);
  return sql<SqlBool>`${u('company_id')} = ${companyId} AND ${foldedMatches(text, term)}`;
}
