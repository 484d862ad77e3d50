import type { Prisma } from '@app/db';

/** What an agent typed of a service, as a copy takes it (a template, a service copied from another budget). */
export const serviceContentSelect = {
  type: true,
  title: true,
  description: true,
  supplierId: true,
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
  taxesBasis: true,
  feeCents: true,
  commissionBasisPoints: true,
  details: true,
} satisfies Prisma.ServiceSelect;
