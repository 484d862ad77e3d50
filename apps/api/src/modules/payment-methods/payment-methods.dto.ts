import type { PaymentMethod } from '@app/shared';
import type { PaymentMethodRow } from './payment-methods.select';

export function toPaymentMethod(m: PaymentMethodRow): PaymentMethod {
  return {
    id: m.id,
    kind: m.kind,
    name: m.name,
    pix_key_type: m.pixKeyType,
    pix_key: m.pixKey,
    card_brands: m.cardBrands.map((b) => b.cardBrand),
    max_installments: m.maxInstallments,
    installment_interest: m.installmentInterest,
    min_installment_cents: m.minInstallmentCents,
    due_days: m.dueDays,
    instructions: m.instructions,
    is_active: m.isActive,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}
