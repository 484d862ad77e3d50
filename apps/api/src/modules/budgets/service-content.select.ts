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

export type ServiceContentRow = Prisma.ServiceGetPayload<{ select: typeof serviceContentSelect }>;

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** The row as the API's service fields, its dates still absolute (a copy moves them after). */
export function serviceContent(s: ServiceContentRow) {
  return {
    type: s.type,
    title: s.title,
    description: s.description,
    supplier_id: s.supplierId,
    start_date: isoDate(s.startDate),
    start_time: s.startTime,
    end_date: isoDate(s.endDate),
    end_time: s.endTime,
    adult_number: s.adultNumber,
    child_number: s.childNumber,
    infant_number: s.infantNumber,
    currency: s.currency,
    adult_cents: s.adultCents,
    child_cents: s.childCents,
    infant_cents: s.infantCents,
    total_cents: s.totalCents,
    taxes_cents: s.taxesCents,
    taxes_basis: s.taxesBasis,
    fee_cents: s.feeCents,
    commission_basis_points: s.commissionBasisPoints,
    details: s.details,
  };
}
