// The reservations a sale opens: one pending per sold service, inside the sale's transaction.
import type { Prisma } from '@app/db';
import { budgetReservationsWhere } from '../budgets/budgets.where';
import type { FrozenService } from './sales.dto';

type Tx = Prisma.TransactionClient;

/**
 * At the sale (inside its transaction): a pending reservation of each sold service that has none
 * standing; one kept through an undone sale stays as it is and joins this sale.
 */
export async function openSaleReservations(
  tx: Tx,
  sale: { companyId: number; budgetId: number; saleId: number },
  services: FrozenService[],
): Promise<void> {
  const { companyId, budgetId, saleId } = sale;
  const standing = await tx.reservation.findMany({
    where: { ...budgetReservationsWhere(companyId, budgetId), serviceId: { in: services.map((s) => s.id) }, status: { not: 'canceled' } },
    select: { id: true, serviceId: true },
  });
  if (standing.length) await tx.reservation.updateMany({ where: { id: { in: standing.map((r) => r.id) } }, data: { saleId } });
  const reserved = new Set(standing.map((r) => r.serviceId));
  const { _max } = await tx.reservation.aggregate({ where: budgetReservationsWhere(companyId, budgetId), _max: { position: true } });
  const first = (_max.position ?? -1) + 1;
  await tx.reservation.createMany({
    data: services
      .filter((s) => !reserved.has(s.id))
      .map((s, i) => ({
        companyId,
        budgetId,
        saleId,
        serviceId: s.id,
        supplierId: s.supplier_id,
        currency: s.supplier_currency,
        amountCents: s.supplier_cost_cents,
        position: first + i,
      })),
  });
}
