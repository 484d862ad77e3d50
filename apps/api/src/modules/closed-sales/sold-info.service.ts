// GET /api/budgets/{id}/sold-info: the closed sale and everything after it, for /venda-fechada/{id}.
import type { Db } from '@app/db';
import type { SoldInfo } from '@app/shared';
import type { Config } from '../../config';
import { notFound } from '../../errors';
import { budgetReservationsWhere, budgetSalesWhere, budgetWhere } from '../budgets/budgets.where';
import { contractSelect, toContractDto } from '../contracts/contracts.dto';
import { signatureProviderFrom } from '../contracts/d4sign.provider';
import { frozenServiceOf, reservationSelect, toReservationDto } from '../reservations/reservations.dto';
import { readSnapshot, saleSelect, toSaleDto } from '../sales/sales.dto';
import { saleContractsWhere, saleVouchersWhere } from '../sales/sales.where';
import { toVoucherDto, voucherSelect } from '../vouchers/vouchers.service';

/**
 * How long a queued voucher e-mail is shown as being sent: the job sends within seconds, and one
 * still failing past this is better shown as not sent than as sending for ever.
 */
const SENDING_WINDOW_MS = 15 * 60_000;

/**
 * The budget and its client, the standing sale (null when not sold) as frozen, all the budget's
 * reservations, contracts and vouchers (signed links). Six reads whatever the budget holds; the
 * services are those of the sales' snapshots, never the live rows.
 */
export async function soldInfo(
  db: Db,
  config: Pick<Config, 'jwtSecret'> & Parameters<typeof signatureProviderFrom>[0],
  companyId: number,
  budgetId: number,
): Promise<SoldInfo> {
  const budget = await db.budget.findFirst({
    where: budgetWhere(companyId, budgetId),
    select: {
      id: true,
      title: true,
      version: true,
      status: true,
      attendanceId: true,
      client: { select: { id: true, name: true, email: true, phone: true } },
    },
  });
  if (!budget) throw notFound();
  const [sales, reservations, contracts, vouchers, pendingMailings] = await Promise.all([
    db.sale.findMany({
      where: budgetSalesWhere(companyId, budget.id),
      select: { ...saleSelect, undoneAt: true },
      orderBy: [{ soldAt: 'desc' }, { id: 'desc' }],
    }),
    db.reservation.findMany({
      where: budgetReservationsWhere(companyId, budget.id),
      select: reservationSelect,
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
    }),
    db.contract.findMany({
      where: saleContractsWhere(companyId, budget.id),
      select: contractSelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    }),
    db.voucher.findMany({
      where: saleVouchersWhere(companyId, budget.id),
      select: voucherSelect,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
    db.saleMailing.findMany({
      where: {
        companyId,
        budgetId: budget.id,
        kind: 'vouchers',
        sentAt: null,
        createdAt: { gte: new Date(Date.now() - SENDING_WINDOW_MS) },
      },
      select: { voucherIds: true },
    }),
  ]);
  const snapshots = new Map(sales.map((s) => [s.id, readSnapshot(s.snapshot)]));
  const current = sales.find((s) => s.undoneAt === null) ?? null;
  const currentSnapshot = current ? (snapshots.get(current.id) ?? null) : null;
  return {
    budget_id: budget.id,
    budget_title: budget.title,
    budget_version: budget.version,
    status: budget.status,
    client: budget.client,
    attendance_id: budget.attendanceId,
    sale: current ? toSaleDto(current) : null,
    reservations: reservations.map((r) =>
      toReservationDto(r, frozenServiceOf(r.saleId === null ? null : (snapshots.get(r.saleId) ?? null), r.serviceId)),
    ),
    contracts: contracts.map(toContractDto),
    // A voucher names its service as sold (the live title may have changed since).
    vouchers: vouchers.map((v) => {
      const voucher = toVoucherDto(config, v);
      return { ...voucher, service_title: frozenServiceOf(currentSnapshot, v.serviceId)?.title ?? voucher.service_title };
    }),
    sending_voucher_ids: [...new Set(pendingMailings.flatMap((m) => m.voucherIds))].filter((id) =>
      vouchers.some((v) => v.id === id && !v.sentAt),
    ),
    signature_available: signatureProviderFrom(config) !== null,
  };
}
