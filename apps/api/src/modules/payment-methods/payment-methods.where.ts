// Security-critical: tenant filters only. Every read and write of a payment method goes through
// them, with the signed-in user's company; another agency's methods never match (404).
import { columnsOf, type Prisma, type RawBuilder, type SqlBool, type StatementValues, sql } from '@app/db';
import type { ListPaymentMethodsInput, PaymentMethodKind } from '@app/shared';
import { folded, foldedContainsAll, type SearchShape, searchPatterns, searchShape } from '../../search';

/** Security-critical: every payment-method lookup of a tenant goes through this filter. */
export function paymentMethodWhere(companyId: number, id?: number): Prisma.PaymentMethodWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/** Security-critical: card brands a method of the agency may use: card_flag_params rows of the system or of the agency. */
export function cardBrandWhere(companyId: number, ids: number[]): Prisma.ReferenceItemWhereInput {
  return { id: { in: ids }, list: 'card_flag_params', OR: [{ companyId: null }, { companyId }] };
}

type ListFilters = Pick<ListPaymentMethodsInput, 'search' | 'is_active' | 'kind'>;

/** What the list filters write into a statement's text (part of its shape). */
export type FilterShape = { active: boolean; kind: boolean; search: SearchShape | null };
export type FilterValues = { companyId: number; active: boolean; kind: PaymentMethodKind; words: string[] };

export const filterShape = (f: ListFilters): FilterShape => ({
  active: !!f.is_active,
  kind: !!f.kind,
  search: f.search ? searchShape(f.search) : null,
});

export function filterValues(companyId: number, f: ListFilters): StatementValues<FilterValues> {
  return {
    companyId,
    active: f.is_active ? f.is_active === 'true' : undefined,
    kind: f.kind,
    words: f.search ? searchPatterns(f.search) : undefined,
  };
}

const m = columnsOf('payment_methods', 'm');

/**
 * Security-critical: the list filters as SQL over `payment_methods m`, always inside the caller's
 * company. The name search finds every word typed, blind to accents and case (an agency has a
 * handful of methods: its company index narrows them, no text index is needed).
 */
export function paymentMethodFilter(f: FilterShape, v: FilterValues): RawBuilder<SqlBool> {
  const parts = [sql<SqlBool>`${m('company_id')} = ${v.companyId}`];
  if (f.active) parts.push(sql`${m('is_active')} = ${v.active}`);
  if (f.kind) parts.push(sql`${m('kind')} = ${v.kind}::"PaymentMethodKind"`);
  if (f.search) parts.push(foldedContainsAll(folded(m('name')), f.search, v.words));
  return sql.join(parts, sql` AND `);
}
