// Security-critical: tenant filters only. Every read and write of a reference list goes through
// them, with the signed-in user's company: an agency sees the system rows (company_id null) and its
// own, and changes only its own; super_admin keeps the system rows.
import { columnsOf, type Prisma, type RawBuilder, type SqlBool, type StatementValues, sql } from '@app/db';
import type { ReferenceListQuery, Role, StoredListKey } from '@app/shared';
import { foldedContainsAll, type SearchShape, searchPatterns, searchShape } from '../../search';

export type ListCaller = { companyId: number; role: Role };

/** Security-critical: whose rows the caller writes (null: the system rows, which only super_admin keeps). */
export function ownerOf(caller: ListCaller): number | null {
  return caller.role === 'super_admin' ? null : caller.companyId;
}

/** Security-critical: the system rows and the agency's own; another agency's rows never match. */
export function visibleWhere(companyId: number): Prisma.ReferenceItemWhereInput {
  return { OR: [{ companyId: null }, { companyId }] };
}

/** Security-critical: a row of `list` the caller sees. */
export function referenceItemWhere(list: StoredListKey, companyId: number, id: number): Prisma.ReferenceItemWhereInput {
  return { id, list, ...visibleWhere(companyId) };
}

/** Security-critical: the rows a row of `owner` may belong under: system rows, and the owner's own. */
export function parentWhere(list: string, owner: number | null, id: number): Prisma.ReferenceItemWhereInput {
  return { id, list, OR: owner === null ? [{ companyId: null }] : [{ companyId: null }, { companyId: owner }] };
}

type ListFilters = Pick<ReferenceListQuery, 'search' | 'parent_id' | 'is_active' | 'autocomplete'>;

/** What the list filters write into a statement's text (part of its shape). */
export type FilterShape = { parent: boolean; active: boolean; search: SearchShape | null };
export type FilterValues = { list: StoredListKey; companyId: number; parentId: number; active: boolean; words: string[] };

export function filterShape(f: ListFilters): FilterShape {
  return {
    parent: f.parent_id !== undefined,
    // Pickers never offer an inactive row; list screens show them unless filtered.
    active: f.autocomplete === 'true' || f.is_active !== undefined,
    search: f.search ? searchShape(f.search) : null,
  };
}

export function filterValues(list: StoredListKey, companyId: number, f: ListFilters): StatementValues<FilterValues> {
  return {
    list,
    companyId,
    parentId: f.parent_id,
    active: f.autocomplete === 'true' ? true : f.is_active === undefined ? undefined : f.is_active === 'true',
    words: f.search ? searchPatterns(f.search) : undefined,
  };
}

const r = columnsOf('reference_items', 'r');

/** Security-critical: the same rule as visibleWhere, over `reference_items r`. */
export const visibleSql = (companyId: unknown) => sql<SqlBool>`(${r('company_id')} IS NULL OR ${r('company_id')} = ${companyId})`;

/**
 * Security-critical: the list filters as SQL over `reference_items r`, always inside the rows the
 * caller sees. Search finds every word typed, blind to accents and case, in the folded search text,
 * read from its trigram index (a word under three letters is tested on the rows the others find:
 * see foldedContainsAll).
 */
export function referenceFilter(f: FilterShape, v: FilterValues): RawBuilder<SqlBool> {
  const parts = [sql<SqlBool>`${r('list')} = ${v.list}`, visibleSql(v.companyId)];
  if (f.parent) parts.push(sql`${r('parent_id')} = ${v.parentId}`);
  if (f.active) parts.push(sql`${r('is_active')} = ${v.active}`);
  if (f.search) {
    parts.push(foldedContainsAll(r('search_text'), f.search, v.words));
  }
  return sql.join(parts, sql` AND `);
}
