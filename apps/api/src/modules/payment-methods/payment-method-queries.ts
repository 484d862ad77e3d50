// The payment methods list in SQL (the accent-blind name search is beyond Prisma's filters): the ids
// of a page and the total, Kysely statements compiled once per filter shape.
import { asInt, compiledStatement, qb, sql } from '@app/db';
import type { ListPaymentMethodsInput } from '@app/shared';
import { type FilterShape, type FilterValues, filterShape, filterValues, paymentMethodFilter } from './payment-methods.where';

const pageStatement = compiledStatement((f: FilterShape, v: FilterValues & { limit: number; offset: number }) =>
  qb
    .selectFrom('payment_methods as m')
    .select('m.id')
    .where(paymentMethodFilter(f, v))
    .orderBy('m.name')
    .orderBy('m.id')
    .limit(v.limit)
    .offset(v.offset),
);

const countStatement = compiledStatement((f: FilterShape, v: FilterValues) =>
  qb.selectFrom('payment_methods as m').select(asInt(sql`count(*)`).as('count')).where(paymentMethodFilter(f, v)),
);

/** The ids of a page of the agency's methods, by name. */
export function paymentMethodPageQuery(companyId: number, input: ListPaymentMethodsInput) {
  const values = { ...filterValues(companyId, input), limit: input.per_page, offset: (input.page - 1) * input.per_page };
  return pageStatement(filterShape(input), values);
}

/** How many of the agency's methods the filters keep. */
export function paymentMethodCountQuery(companyId: number, input: ListPaymentMethodsInput) {
  return countStatement(filterShape(input), filterValues(companyId, input));
}
