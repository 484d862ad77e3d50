import type { Prisma } from '@app/db';

/** Everything a service answers with: its row, the supplier's name and the refund. */
export const serviceSelect = {
  id: true,
  budgetId: true,
  proposalId: true,
  type: true,
  title: true,
  description: true,
  supplier: { select: { id: true, name: true } },
  startDate: true,
  startTime: true,
  endDate: true,
  endTime: true,
  adultNumber: true,
  childNumber: true,
  infantNumber: true,
  currency: true,
  adultCents: true,
  childCents: true,
  infantCents: true,
  totalCents: true,
  taxesCents: true,
  feeCents: true,
  commissionBasisPoints: true,
  quoteRate: true,
  quoteHistoryId: true,
  quoteSource: true,
  details: true,
  status: true,
  position: true,
  saleCents: true,
  costCents: true,
  refund: { select: { refundCents: true, penaltyCents: true, reason: true, createdAt: true } },
} satisfies Prisma.ServiceSelect;

export type ServiceRow = Prisma.ServiceGetPayload<{ select: typeof serviceSelect }>;
