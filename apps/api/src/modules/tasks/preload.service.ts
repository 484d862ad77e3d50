// POST /api/tasks/preload: items of the trip checklist (PRELOADED_TASKS) as tasks of an attendance,
// due some days from the sale, the trip's start or its end. Each item at most once per attendance:
// its source key is unique per agency, so preloading again skips what the attendance already has.
import type { Db } from '@app/db';
import { businessDate, PRELOADED_TASKS, type PreloadedTask, TASK_MESSAGES, type Task } from '@app/shared';
import { fromDbDate } from '../../calendar';
import { AppError, fieldError } from '../../errors';
import { readTasks, toTaskDto } from './tasks.queries';
import { diffTask, endOfColumn } from './tasks.service';
import { assigneeWhere, lockBoard, taskAttendanceWhere } from './tasks.where';

const byKey = new Map<string, PreloadedTask>(PRELOADED_TASKS.map((p) => [p.key, p]));

/** 'YYYY-MM-DD' plus `days` calendar days. */
function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const preloadSourceKey = (attendanceId: number, key: string) => `preload:${attendanceId}:${key}`;

export function listPreloadedTasks() {
  return { items: PRELOADED_TASKS.map((p) => ({ ...p })) };
}

export async function preloadTasks(
  db: Db,
  companyId: number,
  actor: { id: number },
  input: { attendance_id: number; keys: string[]; assignee_user_id?: number | null },
  today = businessDate(),
): Promise<{ created: Task[]; skipped: string[] }> {
  const keys = [...new Set(input.keys)];
  const unknown = keys.filter((k) => !byKey.has(k));
  if (unknown.length) throw fieldError('keys', `${TASK_MESSAGES.unknownPreloaded}: ${unknown.join(', ')}`);

  return db.$transaction(async (tx) => {
    const attendance = await tx.attendance.findFirst({
      where: taskAttendanceWhere(companyId, input.attendance_id),
      select: { id: true, status: true, closedAt: true, startDate: true, endDate: true, ownerUserId: true },
    });
    if (!attendance) throw new AppError('NOT_FOUND', { message: TASK_MESSAGES.attendanceNotFound });
    // Unsaid: the attendance's owner; null: nobody yet.
    const assignee = input.assignee_user_id === undefined ? attendance.ownerUserId : input.assignee_user_id;
    if (input.assignee_user_id != null) {
      const user = await tx.user.findFirst({ where: assigneeWhere(companyId, input.assignee_user_id), select: { id: true } });
      if (!user) throw new AppError('NOT_FOUND', { message: TASK_MESSAGES.assigneeNotFound });
    }
    const anchors = {
      sale: attendance.status === 'won' && attendance.closedAt ? businessDate(attendance.closedAt) : today,
      trip_start: fromDbDate(attendance.startDate),
      trip_end: fromDbDate(attendance.endDate),
    };
    await lockBoard(tx, companyId);
    const start = await endOfColumn(tx, companyId, 'to_do');
    const items = keys.map((k) => byKey.get(k) as PreloadedTask);
    const anchorOf = (p: PreloadedTask) => anchors[p.anchor];
    const inserted = await tx.$queryRaw<{ id: number; source_key: string }[]>`
      INSERT INTO tasks (company_id, attendance_id, assignee_user_id, created_by_user_id, title, description, due_date,
        priority, status, position, source_key, updated_at)
      SELECT ${companyId}, ${attendance.id}, ${assignee}::int, ${actor.id}, i.title, i.description, i.due_date::date,
        i.priority::"TaskPriority", 'to_do', ${start} + i.n - 1, i.source_key, now()
      FROM unnest(${items.map((p) => p.title)}::text[], ${items.map((p) => p.description)}::text[],
        ${items.map((p) => {
          const anchor = anchorOf(p);
          return anchor ? plusDays(anchor, p.offset_days) : null;
        })}::text[],
        ${items.map((p) => p.priority)}::text[], ${items.map((p) => preloadSourceKey(attendance.id, p.key))}::text[])
        WITH ORDINALITY AS i(title, description, due_date, priority, source_key, n)
      ON CONFLICT (company_id, source_key) DO NOTHING
      RETURNING id, source_key`;
    const createdKeys = new Set(inserted.map((r) => r.source_key));
    const created = (
      await readTasks(
        tx,
        companyId,
        inserted.map((r) => r.id),
      )
    ).map(toTaskDto);
    if (created.length) {
      await tx.taskLog.createMany({
        data: created.map((task) => ({
          companyId,
          taskId: task.id,
          taskTitle: task.title,
          userId: actor.id,
          action: 'created' as const,
          changes: diffTask(null, task),
        })),
      });
      await tx.attendanceLog.createMany({
        data: created.map((task) => ({
          companyId,
          attendanceId: attendance.id,
          userId: actor.id,
          action: 'task_created' as const,
          changes: { task: { from: null, to: task.title } },
        })),
      });
    }
    return { created, skipped: keys.filter((k) => !createdKeys.has(preloadSourceKey(attendance.id, k))) };
  });
}
