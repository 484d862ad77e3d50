// Security-critical: tenant filters only. Every client read and write of a tenant goes through them,
// with the company id of the signed-in user.
import { columnsOf, type Prisma, type RawBuilder, type SqlBool, type StatementValues, sql } from '@app/db';
import type { ClientKind, ListClientsInput } from '@app/shared';
import { documentDigits, foldedContainsAll, type SearchShape, searchPatterns, searchShape } from '../../search';

/** Security-critical: every client lookup of a tenant goes through this filter. */
export function clientWhere(companyId: number, id?: number): Prisma.ClientWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/** Security-critical: an attachment is reachable only through a client of the caller's company. */
export function clientAttachmentWhere(companyId: number, attachmentId: number, clientId?: number): Prisma.ClientAttachmentWhereInput {
  return { id: attachmentId, client: clientWhere(companyId, clientId) };
}

/** Security-critical: a client's saved companions (or one of them), only inside the caller's company. */
export function clientCompanionWhere(companyId: number, clientId: number, companionClientId?: number): Prisma.ClientCompanionWhereInput {
  return companionClientId === undefined ? { companyId, clientId } : { companyId, clientId, companionClientId };
}

/** Security-critical: the saved companion links among some clients of the caller's company (both ends in the list). */
export function companionLinksWhere(companyId: number, clientIds: number[]): Prisma.ClientCompanionWhereInput {
  return { companyId, clientId: { in: clientIds }, companionClientId: { in: clientIds } };
}

type ListFilters = Pick<ListClientsInput, 'search' | 'is_active' | 'kind'>;

/** What the list filters write into a statement's text (part of its shape). */
export type FilterShape = { active: boolean; kind: boolean; search: SearchShape | null };
export type FilterValues = { companyId: number; active: boolean; kind: ClientKind; words: string[] };

/** '529.982' finds CPF 52998224725 and '(11) 98765' the phone 11987654321: they are searched as digits. */
const searchTerm = (search: string) => documentDigits(search) ?? search;

export function filterShape(f: ListFilters): FilterShape {
  return { active: !!f.is_active, kind: !!f.kind, search: f.search ? searchShape(searchTerm(f.search)) : null };
}

export function filterValues(companyId: number, f: ListFilters): StatementValues<FilterValues> {
  return {
    companyId,
    active: f.is_active ? f.is_active === 'true' : undefined,
    kind: f.kind,
    words: f.search ? searchPatterns(searchTerm(f.search)) : undefined,
  };
}

const c = columnsOf('clients', 'c');

/**
 * Security-critical: the list filters as SQL over `clients c`, always inside the caller's company.
 * Search finds every word typed, in any order, blind to accents and case, in name and e-mail, or the
 * digits of CPF, CNPJ and phone (a word under three letters is tested on the rows the others find).
 */
export function clientFilter(f: FilterShape, v: FilterValues): RawBuilder<SqlBool> {
  const parts = [sql<SqlBool>`${c('company_id')} = ${v.companyId}`];
  if (f.active) parts.push(sql`${c('is_active')} = ${v.active}`);
  if (f.kind) parts.push(sql`${c('kind')} = ${v.kind}::"ClientKind"`);
  // One folded text per client (name, e-mail, CPF, CNPJ, phone digits; kept by a trigger) and its trigram index.
  if (f.search) parts.push(foldedContainsAll(c('search_text'), f.search, v.words));
  return sql.join(parts, sql` AND `);
}
