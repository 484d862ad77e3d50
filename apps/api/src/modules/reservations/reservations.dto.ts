// A reservation as read (one select for every route and for sold-info) and as answered.
import type { Prisma } from '@app/db';
import type { Reservation } from '@app/shared';
import type { FrozenService, SaleSnapshot } from '../sales/sales.dto';

/** What supplierEmail reads of a supplier. */
export const supplierEmailSelect = {
  email: true,
  contacts: { where: { email: { not: null } }, select: { email: true, role: true }, orderBy: { id: 'asc' } },
} satisfies Prisma.SupplierSelect;

export const reservationSelect = {
  id: true,
  budgetId: true,
  saleId: true,
  serviceId: true,
  supplierId: true,
  status: true,
  locator: true,
  currency: true,
  amountCents: true,
  paymentDueDate: true,
  notes: true,
  requestedAt: true,
  confirmedAt: true,
  canceledAt: true,
  updatedAt: true,
  version: true,
  service: { select: { type: true, title: true, startDate: true } },
  supplier: { select: { name: true, ...supplierEmailSelect } },
  mailings: { where: { sentAt: { not: null } }, select: { sentAt: true }, orderBy: { sentAt: 'desc' }, take: 1 },
} satisfies Prisma.ReservationSelect;
export type ReservationRow = Prisma.ReservationGetPayload<{ select: typeof reservationSelect }>;

type SupplierEmails = { email: string | null; contacts: { email: string | null; role: string | null }[] };

/** Where a reservation request goes: the supplier's own e-mail, else its reservations contact's, else any contact's. */
export function supplierEmail(supplier: SupplierEmails | null): string | null {
  if (!supplier) return null;
  if (supplier.email) return supplier.email;
  const contacts = supplier.contacts.filter((c) => c.email);
  return (contacts.find((c) => /reserv/i.test(c.role ?? '')) ?? contacts[0])?.email ?? null;
}

/** The service as the sale froze it. */
export function frozenServiceOf(snapshot: SaleSnapshot | null, serviceId: number | null): FrozenService | undefined {
  return serviceId === null ? undefined : snapshot?.services.find((s) => s.id === serviceId);
}

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** `sold`: the service as its sale froze it, shown instead of the live row (which an undone sale lets change). */
export function toReservationDto(r: ReservationRow, sold: FrozenService | undefined): Reservation {
  return {
    id: r.id,
    budget_id: r.budgetId,
    sale_id: r.saleId,
    service_id: r.serviceId,
    service_type: sold?.type ?? r.service?.type ?? null,
    service_title: sold?.title ?? r.service?.title ?? null,
    service_start_date: sold ? sold.start_date : isoDate(r.service?.startDate ?? null),
    supplier_id: r.supplierId,
    supplier_name: r.supplier?.name ?? null,
    supplier_email: supplierEmail(r.supplier),
    status: r.status,
    locator: r.locator,
    currency: r.currency,
    supplier_cost_cents: r.amountCents,
    payment_due_date: isoDate(r.paymentDueDate),
    notes: r.notes,
    requested_at: r.requestedAt?.toISOString() ?? null,
    confirmed_at: r.confirmedAt?.toISOString() ?? null,
    canceled_at: r.canceledAt?.toISOString() ?? null,
    last_sent_at: r.mailings[0]?.sentAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
    version: r.version,
  };
}
