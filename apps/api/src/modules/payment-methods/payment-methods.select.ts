import type { Prisma } from '@app/db';

export const paymentMethodSelect = {
  id: true,
  kind: true,
  name: true,
  pixKeyType: true,
  pixKey: true,
  maxInstallments: true,
  installmentInterest: true,
  minInstallmentCents: true,
  dueDays: true,
  instructions: true,
  isActive: true,
  createdAt: true,
  updatedAt: true,
  cardBrands: { select: { cardBrand: { select: { id: true, name: true } } }, orderBy: { cardBrand: { name: 'asc' } } },
} satisfies Prisma.PaymentMethodSelect;

export type PaymentMethodRow = Prisma.PaymentMethodGetPayload<{ select: typeof paymentMethodSelect }>;
