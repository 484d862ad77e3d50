import { type Db, queryRows } from '@app/db';
import {
  buildPagination,
  type CreatePaymentMethodInput,
  type ListPaymentMethodsInput,
  normalizePixKey,
  PAYMENT_METHOD_MESSAGES,
  type PaymentMethodRulesInput,
  paymentMethodIssues,
  type UpdatePaymentMethodInput,
} from '@app/shared';
import { AppError, fieldError, notFound } from '../../errors';
import { paymentMethodCountQuery, paymentMethodPageQuery } from './payment-method-queries';
import { toPaymentMethod } from './payment-methods.dto';
import { paymentMethodSelect } from './payment-methods.select';
import { cardBrandWhere, paymentMethodWhere } from './payment-methods.where';

/** The agency's methods by name, with the list filters; the page's rows read with their card brands. */
export async function listPaymentMethods(db: Db, companyId: number, input: ListPaymentMethodsInput) {
  const [page, [total]] = await Promise.all([
    queryRows(db, paymentMethodPageQuery(companyId, input)),
    queryRows(db, paymentMethodCountQuery(companyId, input)),
  ]);
  const ids = page.map((r) => r.id);
  const rows = ids.length
    ? await db.paymentMethod.findMany({ where: { ...paymentMethodWhere(companyId), id: { in: ids } }, select: paymentMethodSelect })
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    items: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toPaymentMethod(row)] : [];
    }),
    pagination: buildPagination(input.page, input.per_page, total?.count ?? 0),
  };
}

async function getPaymentMethod(db: Db, companyId: number, id: number) {
  const row = await db.paymentMethod.findFirst({ where: paymentMethodWhere(companyId, id), select: paymentMethodSelect });
  if (!row) throw notFound();
  return toPaymentMethod(row);
}

/** The kind rules on the method as it would be stored (paymentMethodIssues), as field errors. */
function assertKindRules(method: PaymentMethodRulesInput) {
  const issues = paymentMethodIssues(method);
  if (issues.length) throw new AppError('VALIDATION', { errors: Object.fromEntries(issues.map((i) => [i.path, [i.message]])) });
}

/**
 * Card brands are card_flag_params rows the agency sees (the system's or its own; another agency's
 * is not found); a newly chosen one must be active, one the method already had may stay.
 */
async function assertCardBrands(db: Db, companyId: number, ids: readonly number[], had: readonly number[] = []) {
  if (ids.length === 0) return;
  const rows = await db.referenceItem.findMany({ where: cardBrandWhere(companyId, [...ids]), select: { id: true, isActive: true } });
  if (rows.length !== ids.length) throw fieldError('card_brand_ids', PAYMENT_METHOD_MESSAGES.cardBrandNotFound);
  if (rows.some((r) => !r.isActive && !had.includes(r.id))) throw fieldError('card_brand_ids', PAYMENT_METHOD_MESSAGES.cardBrandInactive);
}

/** The columns of a method that passed the kind rules: the Pix key as the directory keeps it. */
function columns(m: Required<Omit<PaymentMethodRulesInput, 'card_brand_ids'>> & { name: string; instructions: string | null }) {
  return {
    kind: m.kind,
    name: m.name,
    pixKeyType: m.kind === 'pix' ? m.pix_key_type : null,
    pixKey: m.kind === 'pix' && m.pix_key_type && m.pix_key ? normalizePixKey(m.pix_key_type, m.pix_key) : null,
    maxInstallments: m.max_installments,
    installmentInterest: [...m.installment_interest],
    minInstallmentCents: m.min_installment_cents,
    dueDays: m.due_days,
    instructions: m.instructions,
  };
}

const unique = (ids: readonly number[] | undefined) => (ids ? [...new Set(ids)] : undefined);

/** A method of the agency; without `installment_interest` every count is "sem juros". */
export async function createPaymentMethod(db: Db, companyId: number, input: CreatePaymentMethodInput) {
  const maxInstallments = input.max_installments ?? 1;
  const method = {
    kind: input.kind,
    name: input.name,
    pix_key_type: input.pix_key_type ?? null,
    pix_key: input.pix_key ?? null,
    card_brand_ids: unique(input.card_brand_ids) ?? [],
    max_installments: maxInstallments,
    installment_interest: input.installment_interest ?? Array.from({ length: maxInstallments }, () => 0),
    min_installment_cents: input.min_installment_cents ?? null,
    due_days: input.due_days ?? null,
    instructions: input.instructions ?? null,
  };
  assertKindRules(method);
  await assertCardBrands(db, companyId, method.card_brand_ids);
  const row = await db.paymentMethod.create({
    data: { companyId, ...columns(method), cardBrands: { create: method.card_brand_ids.map((cardBrandId) => ({ cardBrandId })) } },
    select: { id: true },
  });
  return getPaymentMethod(db, companyId, row.id);
}

/**
 * Changes the fields sent (a list of card brands replaces the method's); `is_active` deactivates or
 * reactivates (nothing is deleted: budgets keep the methods they used). The kind rules run on the
 * method as it would be stored, so a new kind comes with its own fields and without the old ones.
 */
export async function updatePaymentMethod(db: Db, companyId: number, input: UpdatePaymentMethodInput) {
  const current = await db.paymentMethod.findFirst({
    where: paymentMethodWhere(companyId, input.id),
    select: { ...paymentMethodSelect, cardBrands: { select: { cardBrandId: true } } },
  });
  if (!current) throw notFound();
  const had = current.cardBrands.map((b) => b.cardBrandId);
  const pick = <T>(sent: T | undefined, stored: T): T => (sent === undefined ? stored : sent);
  const method = {
    kind: pick(input.kind, current.kind),
    name: pick(input.name, current.name),
    pix_key_type: pick(input.pix_key_type, current.pixKeyType),
    pix_key: pick(input.pix_key, current.pixKey),
    card_brand_ids: unique(input.card_brand_ids) ?? had,
    max_installments: pick(input.max_installments, current.maxInstallments),
    installment_interest: pick(input.installment_interest, current.installmentInterest),
    min_installment_cents: pick(input.min_installment_cents, current.minInstallmentCents),
    due_days: pick(input.due_days, current.dueDays),
    instructions: pick(input.instructions, current.instructions),
  };
  assertKindRules(method);
  if (input.card_brand_ids) await assertCardBrands(db, companyId, method.card_brand_ids, had);
  await db.paymentMethod.update({
    where: { id: current.id },
    data: {
      ...columns(method),
      isActive: input.is_active,
      ...(input.card_brand_ids
        ? { cardBrands: { deleteMany: {}, create: method.card_brand_ids.map((cardBrandId) => ({ cardBrandId })) } }
        : {}),
    },
  });
  return getPaymentMethod(db, companyId, current.id);
}
