// A sale reaches its attendance: a won attendance is worth what its standing sales add up to, in
// reais, so its page, the funnel's Ganhos column, the big numbers and the balance (all read
// attendances.value_cents, the funnel's counts kept by triggers) show what was sold.
import type { Prisma } from '@app/db';
import { convertCents, TOTAL_MAX_CENTS, TOTAL_TOO_LARGE_MESSAGE } from '@app/shared';
import { fieldError } from '../../errors';
import { attendanceSalesWhere } from './sales.where';

type Tx = Prisma.TransactionClient;

/** What the standing (not undone) sales of one attendance add up to in reais, or null without any. */
export async function attendanceSalesValue(tx: Tx, companyId: number, attendanceId: number): Promise<number | null> {
  const sales = await tx.sale.findMany({
    where: attendanceSalesWhere(companyId, attendanceId),
    select: { saleCents: true, currency: true, currencyRate: true },
  });
  if (!sales.length) return null;
  return sales.reduce((sum, s) => sum + convertCents(s.saleCents, s.currency, 'BRL', { [s.currency]: s.currencyRate.toNumber() }), 0);
}

/**
 * Sets the attendance's value after a sale or its undo: the standing sales' total while any stands;
 * the value the agent had given it before the first sale (kept in presale_value_cents) once the last
 * one is undone. Returns the change, for the history.
 */
export async function followSalesInAttendance(
  tx: Tx,
  companyId: number,
  attendanceId: number,
): Promise<{ from: number; to: number } | null> {
  const before = await tx.attendance.findFirstOrThrow({
    where: { id: attendanceId, companyId },
    select: { valueCents: true, presaleValueCents: true },
  });
  const sold = await attendanceSalesValue(tx, companyId, attendanceId);
  if (sold !== null && sold > TOTAL_MAX_CENTS) throw fieldError('total_cents', TOTAL_TOO_LARGE_MESSAGE);
  const data =
    sold !== null
      ? { valueCents: sold, presaleValueCents: before.presaleValueCents ?? before.valueCents }
      : { valueCents: before.presaleValueCents ?? before.valueCents, presaleValueCents: null };
  if (data.valueCents === before.valueCents && data.presaleValueCents === before.presaleValueCents) return null;
  await tx.attendance.update({ where: { id: attendanceId }, data, select: { id: true } });
  return data.valueCents === before.valueCents ? null : { from: before.valueCents, to: data.valueCents };
}
