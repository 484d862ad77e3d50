// Security-critical: tenant filters only. Every supplier read and write of a tenant goes through
// them, with the company id of the signed-in user.
import { columnsOf, type Prisma, type RawBuilder, type SqlBool, type StatementValues, sql } from '@app/db';
import { type ClientKind, type ListSuppliersInput, onlyDigits, type ServiceType } from '@app/shared';
import { foldedContainsAll, type SearchShape, searchPatterns, searchShape } from '../../search';

/** Security-critical: every supplier lookup of a tenant goes through this filter. */
export function supplierWhere(companyId: number, id?: number): Prisma.SupplierWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/**
 * Security-critical: locks the caller's supplier for the rest of the transaction (two calls
 * enabling it as a client run one after the other), or returns false when the company has no such
 * supplier.
 */
export async function lockSupplier(tx: Prisma.TransactionClient, companyId: number, id: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM suppliers WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
  return rows.length === 1;
}

type ListFilters = Pick<ListSuppliersInput, 'search' | 'is_active' | 'kind' | 'service_type'>;

/** What the list filters write into a statement's text (part of its shape). */
export type FilterShape = {
  active: boolean;
  kind: boolean;
  serviceType: boolean;
  search: (SearchShape & { documents: boolean }) | null;
};
export type FilterValues = {
  companyId: number;
  active: boolean;
  kind: ClientKind;
  serviceType: ServiceType;
  words: string[];
  digits: string;
};

export function filterShape(f: ListFilters): FilterShape {
  // '11.222.333/0001-81' finds CNPJ 11222333000181: documents are stored (and folded) as digits.
  const digits = f.search ? onlyDigits(f.search) : '';
  const search = f.search ? { ...searchShape(f.search), documents: digits.length >= 3 && digits !== f.search } : null;
  return { active: !!f.is_active, kind: !!f.kind, serviceType: !!f.service_type, search };
}

export function filterValues(companyId: number, f: ListFilters): StatementValues<FilterValues> {
  return {
    companyId,
    active: f.is_active ? f.is_active === 'true' : undefined,
    kind: f.kind,
    serviceType: f.service_type,
    words: f.search ? searchPatterns(f.search) : undefined,
    digits: f.search ? `%${onlyDigits(f.search)}%` : undefined,
  };
}

const s = columnsOf('suppliers', 's');

/**
 * Security-critical: the list filters as SQL over `suppliers s`, always inside the caller's
 * company. Search finds every word typed, blind to accents and case, in the folded search text
 * (name, trade name, e-mail, CPF, CNPJ), read from its trigram index; a word under three letters is
 * tested on the rows the others find (see foldedContainsAll).
 */
export function supplierFilter(f: FilterShape, v: FilterValues): RawBuilder<SqlBool> {
  const parts = [sql<SqlBool>`${s('company_id')} = ${v.companyId}`];
  if (f.active) parts.push(sql`${s('is_active')} = ${v.active}`);
  if (f.kind) parts.push(sql`${s('kind')} = ${v.kind}::"ClientKind"`);
  if (f.serviceType) parts.push(sql`${s('service_types')} @> ARRAY[${v.serviceType}::"ServiceType"]`);
  if (f.search) {
    const matches = [foldedContainsAll(s('search_text'), f.search, v.words)];
    if (f.search.documents) matches.push(sql`${s('search_text')} LIKE ${v.digits}`);
    parts.push(matches.length === 1 ? (matches[0] as RawBuilder<SqlBool>) : sql`(${sql.join(matches, sql` OR `)})`);
  }
  return sql.join(parts, sql` AND `);
}
