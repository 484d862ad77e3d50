// payment_method_params: the agency's ways to be paid (Pix, boleto, credit card...), the contracts of
// /api/payment_method_params. Budgets price proposals with them (installments.ts).
import { PaymentMethodKind } from '@app/db/browser';
import { MONEY_MAX_CENTS } from './crm-rules';
import { FORM_MESSAGES } from './form';
import { allowsInstallments, MAX_INSTALLMENTS, MAX_INTEREST_BASIS_POINTS } from './installments';
import { idParam, paginationInput, paginationSchema, recordIdField, searchInput } from './pagination';
import { normalizePixKey, PIX_KEY_MESSAGE, PIX_KEY_TYPES, type PixKeyType } from './pix';
import { reportIssues, z } from './zod';

export * from './installments';

export type { PaymentMethodKind };
export const PAYMENT_METHOD_KINDS: readonly PaymentMethodKind[] = Object.values(PaymentMethodKind);
export const PAYMENT_METHOD_KIND_LABELS: Record<PaymentMethodKind, string> = {
  pix: 'Pix',
  boleto: 'Boleto',
  credit_card: 'Cartão de crédito',
  transfer: 'Transferência',
  cash: 'Dinheiro',
  invoiced: 'Faturado',
};

export const PAYMENT_METHOD_LIMITS = {
  name: { min: 2, max: 80 },
  pixKey: 140,
  cardBrands: 30,
  /** Days until an invoiced payment is due. */
  dueDays: { min: 1, max: 365 },
  instructions: 2000,
} as const;

/** Messages read after the field's name ('Bandeiras só vale para cartão de crédito'). */
export const PAYMENT_METHOD_MESSAGES = {
  pixOnly: 'só vale para a forma Pix',
  cardBrandsRequired: 'Escolha ao menos uma bandeira',
  cardBrandsOnly: 'só vale para cartão de crédito',
  cardBrandNotFound: 'inclui uma bandeira que não foi encontrada',
  cardBrandInactive: 'inclui uma bandeira inativa',
  installmentsOnly: 'acima de 1 só vale para cartão de crédito e boleto',
  minInstallmentOnly: 'só vale para cartão de crédito e boleto',
  interestLength: (count: number) => `deve ter uma taxa para cada número de parcelas, de 1x a ${count}x`,
  dueDaysOnly: 'só vale para a forma Faturado',
} as const;

/** The fields the kind rules read: a create's input, or an update's merged over the stored method. */
export type PaymentMethodRulesInput = {
  kind: PaymentMethodKind;
  pix_key_type?: PixKeyType | null;
  pix_key?: string | null;
  card_brand_ids?: readonly number[];
  max_installments?: number;
  installment_interest?: readonly number[];
  min_installment_cents?: number | null;
  due_days?: number | null;
};

type Issue = { path: keyof PaymentMethodRulesInput; message: string };

/**
 * What each kind requires and allows: a Pix key (of its type) for Pix, card brands for credit
 * card, installments above 1 (and a minimum installment) for credit card and boleto only, the due
 * days for invoiced; one interest rate per installment count.
 */
export function paymentMethodIssues(m: PaymentMethodRulesInput): Issue[] {
  const issues: Issue[] = [];
  const add = (path: Issue['path'], message: string) => issues.push({ path, message });
  if (m.kind === 'pix') {
    if (!m.pix_key_type) add('pix_key_type', FORM_MESSAGES.required);
    if (!m.pix_key) add('pix_key', FORM_MESSAGES.required);
    else if (m.pix_key_type && normalizePixKey(m.pix_key_type, m.pix_key) === null) add('pix_key', PIX_KEY_MESSAGE);
  } else {
    if (m.pix_key_type) add('pix_key_type', PAYMENT_METHOD_MESSAGES.pixOnly);
    if (m.pix_key) add('pix_key', PAYMENT_METHOD_MESSAGES.pixOnly);
  }
  const brands = m.card_brand_ids?.length ?? 0;
  if (m.kind === 'credit_card' && brands === 0) add('card_brand_ids', PAYMENT_METHOD_MESSAGES.cardBrandsRequired);
  if (m.kind !== 'credit_card' && brands > 0) add('card_brand_ids', PAYMENT_METHOD_MESSAGES.cardBrandsOnly);
  const max = m.max_installments ?? 1;
  if (!allowsInstallments(m.kind)) {
    if (max > 1) add('max_installments', PAYMENT_METHOD_MESSAGES.installmentsOnly);
    if (m.min_installment_cents != null) add('min_installment_cents', PAYMENT_METHOD_MESSAGES.minInstallmentOnly);
  }
  // An out-of-range maximum is its own error (the schema's); no rates can fit it.
  const countable = Number.isInteger(max) && max >= 1 && max <= MAX_INSTALLMENTS;
  if (countable && m.installment_interest !== undefined && m.installment_interest.length !== max) {
    add('installment_interest', PAYMENT_METHOD_MESSAGES.interestLength(max));
  }
  if (m.kind === 'invoiced' && m.due_days == null) add('due_days', FORM_MESSAGES.required);
  if (m.kind !== 'invoiced' && m.due_days != null) add('due_days', PAYMENT_METHOD_MESSAGES.dueDaysOnly);
  return issues;
}

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const interestField = z.number().int().min(0).max(MAX_INTEREST_BASIS_POINTS);

const paymentMethodFields = {
  kind: z.enum(PAYMENT_METHOD_KINDS),
  name: z.string().trim().min(PAYMENT_METHOD_LIMITS.name.min).max(PAYMENT_METHOD_LIMITS.name.max),
  pix_key_type: z.enum(PIX_KEY_TYPES).nullable().optional(),
  /** Stored as the Pix directory keeps it (digits, lower-case e-mail, +55 phone). */
  pix_key: optionalText(PAYMENT_METHOD_LIMITS.pixKey),
  /** card_flag_params rows the agency sees (the system's or its own), active when chosen. */
  card_brand_ids: z.array(recordIdField()).max(PAYMENT_METHOD_LIMITS.cardBrands).optional(),
  max_installments: z.number().int().min(1).max(MAX_INSTALLMENTS).optional(),
  /** Monthly interest per count in basis points, index 0 = 1x; without it, every count is "sem juros". */
  installment_interest: z.array(interestField).max(MAX_INSTALLMENTS).optional(),
  min_installment_cents: z.number().int().min(1).max(MONEY_MAX_CENTS).nullable().optional(),
  due_days: z.number().int().min(PAYMENT_METHOD_LIMITS.dueDays.min).max(PAYMENT_METHOD_LIMITS.dueDays.max).nullable().optional(),
  instructions: optionalText(PAYMENT_METHOD_LIMITS.instructions),
};

/** POST /api/payment_method_params. */
export const createPaymentMethodInput = z.object(paymentMethodFields).strict().superRefine(reportIssues(paymentMethodIssues));
export type CreatePaymentMethodInput = z.infer<typeof createPaymentMethodInput>;

/**
 * PUT /api/payment_method_params/{id}: the fields sent change; `is_active` deactivates or
 * reactivates. The kind rules run on the method as it would be stored.
 */
export const updatePaymentMethodInput = idParam
  .extend(z.object(paymentMethodFields).partial().shape)
  .extend({ is_active: z.boolean().optional().describe('false desativa a forma de pagamento; true a reativa') })
  .strict();
export type UpdatePaymentMethodInput = z.infer<typeof updatePaymentMethodInput>;

export const listPaymentMethodsInput = z.object({
  /** Name, blind to accents and case. */
  search: searchInput,
  is_active: z.enum(['true', 'false']).optional(),
  kind: z.enum(PAYMENT_METHOD_KINDS).optional(),
  ...paginationInput,
});
export type ListPaymentMethodsInput = z.infer<typeof listPaymentMethodsInput>;

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  name: z.string(),
  pix_key_type: z.enum(PIX_KEY_TYPES).nullable(),
  pix_key: z.string().nullable(),
  card_brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  max_installments: z.number().int(),
  installment_interest: z.array(z.number().int()),
  min_installment_cents: z.number().int().nullable(),
  due_days: z.number().int().nullable(),
  instructions: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListOutput = z.object({ items: z.array(paymentMethodSchema), pagination: paginationSchema });
