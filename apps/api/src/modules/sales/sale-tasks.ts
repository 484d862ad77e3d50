// The checklist of a sale as tasks (packages/shared sale-checklist.ts), inside the sale's
// transaction: made on the sale's attendance for the seller, at the end of the to-do column, each
// with its task log; the open ones removed when the sale is undone (the board has no cancelled
// column), the done ones kept. Source keys are per budget, so selling it again makes only the
// tasks it does not hold already.
import type { Prisma } from '@app/db';
import { businessDate, type SaleChecklistInput, saleChecklist, saleTaskSourceKey } from '@app/shared';
import { toDbDate } from '../../calendar';
import { readTasks, toTaskDto } from '../tasks/tasks.queries';
import { closeGaps, diffTask, endOfColumn, removedFields } from '../tasks/tasks.service';
import { lockBoard } from '../tasks/tasks.where';
import type { FrozenService } from './sales.dto';
import { saleContractsWhere, saleOpenTasksWhere, saleTasksWhere, saleVouchersWhere } from './sales.where';

type Tx = Prisma.TransactionClient;

export type SaleOfTasks = {
  companyId: number;
  budgetId: number;
  attendanceId: number;
  sellerUserId: number;
  /** Who closed the sale (the task logs' author). */
  userId: number;
  soldAt: Date;
  trip: SaleChecklistInput['trip'];
};

/** Makes the sale's checklist tasks it does not hold yet; returns how many. */
export async function openSaleTasks(tx: Tx, sale: SaleOfTasks, services: FrozenService[]): Promise<number> {
  const { companyId, budgetId } = sale;
  const sentVouchers = await tx.voucher.findMany({
    where: { ...saleVouchersWhere(companyId, budgetId), sentAt: { not: null } },
    select: { serviceId: true },
  });
  const sentContracts = await tx.contract.count({
    where: { ...saleContractsWhere(companyId, budgetId), status: { in: ['sent', 'uploaded', 'signed'] } },
  });
  const checklist = saleChecklist({
    sold_on: businessDate(sale.soldAt),
    trip: sale.trip,
    services,
    vouchers_sent: {
      service_ids: sentVouchers.flatMap((v) => (v.serviceId === null ? [] : [v.serviceId])),
      trip: sentVouchers.some((v) => v.serviceId === null),
    },
    contract_sent: sentContracts > 0,
  }).map((task) => ({ ...task, sourceKey: saleTaskSourceKey(budgetId, task.key) }));

  // The budget is locked: no other sale of it runs meanwhile, so what stands now is what stays.
  const standing = await tx.task.findMany({
    where: saleTasksWhere(
      companyId,
      checklist.map((t) => t.sourceKey),
    ),
    select: { sourceKey: true },
  });
  const held = new Set(standing.map((t) => t.sourceKey));
  const fresh = checklist.filter((t) => !held.has(t.sourceKey));
  if (!fresh.length) return 0;

  await lockBoard(tx, companyId);
  const start = await endOfColumn(tx, companyId, 'to_do');
  const created = await tx.task.createManyAndReturn({
    data: fresh.map((t, i) => ({
      companyId,
      attendanceId: sale.attendanceId,
      assigneeUserId: sale.sellerUserId,
      createdByUserId: sale.userId,
      title: t.title,
      description: t.description,
      dueDate: toDbDate(t.due_date),
      priority: t.priority,
      status: 'to_do' as const,
      position: start + i,
      sourceKey: t.sourceKey,
    })),
    select: { id: true },
  });
  const tasks = (
    await readTasks(
      tx,
      companyId,
      created.map((c) => c.id),
    )
  ).map(toTaskDto);
  await tx.taskLog.createMany({
    data: tasks.map((task) => ({
      companyId,
      taskId: task.id,
      taskTitle: task.title,
      userId: sale.userId,
      action: 'created' as const,
      changes: diffTask(null, task),
    })),
  });
  return tasks.length;
}

/**
 * Removes the open tasks the budget's sales made (the task logs keep them); the done ones stay.
 * Returns how many. The board's lock first, then the rows', as every move of a task takes them.
 */
export async function cancelSaleTasks(tx: Tx, sale: { companyId: number; budgetId: number; userId: number }): Promise<number> {
  const { companyId } = sale;
  await lockBoard(tx, companyId);
  const ids = (await tx.task.findMany({ where: saleOpenTasksWhere(companyId, sale.budgetId), select: { id: true } })).map((t) => t.id);
  if (!ids.length) return 0;
  await tx.$queryRaw`SELECT id FROM tasks WHERE company_id = ${companyId} AND id = ANY(${ids}::int[]) FOR UPDATE`;
  const tasks = (await readTasks(tx, companyId, ids)).map(toTaskDto);
  await tx.taskLog.createMany({
    data: tasks.map((task) => ({
      companyId,
      taskId: task.id,
      taskTitle: task.title,
      userId: sale.userId,
      action: 'deleted' as const,
      changes: removedFields(task),
    })),
  });
  await tx.task.deleteMany({ where: { companyId, id: { in: ids } } });
  for (const status of new Set(tasks.map((t) => t.status))) await closeGaps(tx, companyId, status);
  return tasks.length;
}
