// Security-critical: tenant filters only. Every client read and write of a tenant goes through them,
// with the company id of the signed-in user.
import { columnsOf, type Prisma, type RawBuilder, type SqlBool, type StatementValues, sql } from '@app/db';
import { type ClientKind, type ListClientsInput, onlyDigits } from '@app/shared';
import { containsPattern, containsSql, trigramSearchable } from '../../search';

/** Security-critical: every client lookup of a tenant goes through this filter. */
export function clientWhere(companyId: number, id?: number): Prisma.ClientWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/** Security-critical: an attachment is reachable only through a client of the caller's company. */
export function clientAttachmentWhere(companyId: number, attachmentId: number, clientId?: number): Prisma.ClientAttachmentWhereInput {
  return { id: attachmentId, client: clientWhere(companyId, clientId) };
}

type ListFilters = Pick<ListClientsInput, 'search' | 'is_active' | 'kind'>;

/** What the list filters write into a statement's text (part of its shape). */
export type FilterShape = { active: boolean; kind: boolean; search: { trigram: boolean; documents: boolean } | null };
export type FilterValues = { companyId: number; active: boolean; kind: ClientKind; pattern: string; digits: string };

export function filterShape(f: ListFilters): FilterShape {
  // '529.982' finds CPF 52998224725: documents are stored as digits.
  const search = f.search ? { trigram: trigramSearchable(f.search), documents: onlyDigits(f.search).length >= 3 } : null;
  return { active: !!f.is_active, kind: !!f.kind, search };
}

export function filterValues(companyId: number, f: ListFilters): StatementValues<FilterValues> {
  return {
    companyId,
    active: f.is_active ? f.is_active === 'true' : undefined,
    kind: f.kind,
    pattern: f.search ? containsPattern(f.search) : undefined,
    digits: f.search ? `%${onlyDigits(f.search)}%` : undefined,
  };
}

const c = columnsOf('clients', 'c');

/**
 * Security-critical: the list filters as SQL over `clients c`, always inside the caller's company.
 * Search is name or e-mail ("contains", any case) or CPF/CNPJ digits, read from the trigram indexes
 * (a term of under three letters scans the agency's clients, see containsSql).
 */
export function clientFilter(f: FilterShape, v: FilterValues): RawBuilder<SqlBool> {
  const parts = [sql<SqlBool>`${c('company_id')} = ${v.companyId}`];
  if (f.active) parts.push(sql`${c('is_active')} = ${v.active}`);
  if (f.kind) parts.push(sql`${c('kind')} = ${v.kind}::"ClientKind"`);
  if (f.search) {
    // '%' and '_' are taken literally, as in the attendances search.
    const matches = [containsSql(c('name'), f.search.trigram, v.pattern), containsSql(c('email'), f.search.trigram, v.pattern)];
    if (f.search.documents) matches.push(sql`${c('cpf')} LIKE ${v.digits}`, sql`${c('cnpj')} LIKE ${v.digits}`);
    parts.push(sql`(${sql.join(matches, sql` OR `)})`);
  }
  return sql.join(parts, sql` AND `);
}
