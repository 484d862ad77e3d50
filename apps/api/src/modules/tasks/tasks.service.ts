// The agency's task board: list, create, change (fields, column and order), advance, delete. Each
// change writes its task log in the same transaction, and the attendance's history when a task of
// an attendance is created or done.
import type { Db, Prisma } from '@app/db';
import {
  businessDate,
  type CreateTaskInput,
  type ListTasksInput,
  nextTaskStatus,
  TASK_MESSAGES,
  TASK_STATUSES,
  type Task,
  type TaskBoard,
  type TaskStatus,
  type UpdateTaskInput,
  type VersionedIdInput,
} from '@app/shared';
import { toDbDate } from '../../calendar';
import { AppError } from '../../errors';
import { claimVersion } from '../../versions';
import { notify } from '../notifications/notifications.service';
import { readBoard, readTask, toTaskDto } from './tasks.queries';
import { assigneeWhere, filterShape, filterValues, lockBoard, lockTask, taskAttendanceWhere, taskWhere } from './tasks.where';

export type Tx = Prisma.TransactionClient;
type LogValue = string | number | null;
export type Changes = Record<string, { from: LogValue; to: LogValue }>;
type Actor = { id: number };

export const taskNotFound = () => new AppError('NOT_FOUND', { message: TASK_MESSAGES.notFound });

/** The fields the task log records, by their API names. */
function logged(t: Task) {
  return {
    title: t.title,
    description: t.description,
    due_date: t.due_date,
    due_time: t.due_time,
    priority: t.priority,
    status: t.status,
    position: t.position,
    assignee_user_id: t.assignee?.id ?? null,
    attendance_id: t.attendance?.id ?? null,
  };
}

export function diffTask(before: Task | null, after: Task): Changes {
  const from = before ? logged(before) : null;
  const to = logged(after);
  const changes: Changes = {};
  for (const [field, value] of Object.entries(to)) {
    const old = from ? from[field as keyof typeof to] : null;
    if (old !== value) changes[field] = { from: old, to: value };
  }
  return changes;
}

/** A deleted task's log: what it held, each field going to null. */
export function removedFields(before: Task): Changes {
  const changes: Changes = {};
  for (const [field, value] of Object.entries(logged(before))) if (value !== null) changes[field] = { from: value, to: null };
  return changes;
}

export async function writeTaskLog(
  tx: Tx,
  companyId: number,
  task: { id: number; title: string },
  userId: number | null,
  action: 'created' | 'updated' | 'advanced' | 'deleted',
  changes: Changes,
) {
  await tx.taskLog.create({ data: { companyId, taskId: task.id, taskTitle: task.title, userId, action, changes } });
}

/** The attendance's history shows its tasks being created and done. */
async function writeAttendanceLog(tx: Tx, companyId: number, task: Task, userId: number, action: 'task_created' | 'task_done') {
  if (!task.attendance) return;
  await tx.attendanceLog.create({
    data: { companyId, attendanceId: task.attendance.id, userId, action, changes: { task: { from: null, to: task.title } } },
  });
}

/** Ids sent in a body must name the caller's agency's rows; any other answers 404, the same whether it exists or not. */
async function checkReferences(tx: Tx, companyId: number, refs: { assignee_user_id?: number | null; attendance_id?: number | null }) {
  if (refs.assignee_user_id != null) {
    const user = await tx.user.findFirst({ where: assigneeWhere(companyId, refs.assignee_user_id), select: { id: true } });
    if (!user) throw new AppError('NOT_FOUND', { message: TASK_MESSAGES.assigneeNotFound });
  }
  if (refs.attendance_id != null) {
    const attendance = await tx.attendance.findFirst({ where: taskAttendanceWhere(companyId, refs.attendance_id), select: { id: true } });
    if (!attendance) throw new AppError('NOT_FOUND', { message: TASK_MESSAGES.attendanceNotFound });
  }
}

/** The position after the last card of a column (the caller holds the board lock). */
export async function endOfColumn(tx: Tx, companyId: number, status: TaskStatus): Promise<number> {
  const [row] = await tx.$queryRaw<{ next: number }[]>`
    SELECT COALESCE(max(position) + 1, 0)::int AS next FROM tasks WHERE company_id = ${companyId} AND status = ${status}::"TaskStatus"`;
  return row?.next ?? 0;
}

/**
 * Puts a task at `position` of its column (the end when null or beyond it) and numbers the other
 * cards of that column 0, 1, 2... around it, in one statement; rows already in place are not written.
 */
/**
 * Renumbers a column 0..n-1 after a card left it: positions stay dense, so a screen showing only
 * some cards (a filter) can place a drop between two shown ones exactly.
 */
export async function closeGaps(tx: Tx, companyId: number, status: TaskStatus) {
  await tx.$executeRaw`
    UPDATE tasks t SET position = o.rn
    FROM (
      SELECT id, (row_number() OVER (ORDER BY position, id) - 1)::int AS rn
      FROM tasks WHERE company_id = ${companyId} AND status = ${status}::"TaskStatus"
    ) o
    WHERE t.id = o.id AND t.company_id = ${companyId} AND t.position <> o.rn`;
}

async function placeTask(tx: Tx, companyId: number, id: number, status: TaskStatus, position: number | null) {
  await tx.$executeRaw`
    WITH others AS (
      SELECT id, (row_number() OVER (ORDER BY position, id) - 1)::int AS rn
      FROM tasks WHERE company_id = ${companyId} AND status = ${status}::"TaskStatus" AND id <> ${id}
    ), slot AS (
      SELECT LEAST(COALESCE(${position}::int, count(*)::int), count(*)::int) AS p FROM others
    ), placed AS (
      SELECT o.id, CASE WHEN o.rn >= slot.p THEN o.rn + 1 ELSE o.rn END AS pos FROM others o, slot
      UNION ALL
      SELECT ${id}::int, slot.p FROM slot
    )
    UPDATE tasks t SET position = placed.pos
    FROM placed WHERE t.id = placed.id AND t.company_id = ${companyId} AND t.position <> placed.pos`;
}

export async function listTasks(
  db: Db,
  companyId: number,
  userId: number,
  input: ListTasksInput,
  today = businessDate(),
): Promise<TaskBoard> {
  const row = await readBoard(db, filterShape(input), filterValues(companyId, userId, input, today));
  const counts = Object.fromEntries(TASK_STATUSES.map((s) => [s, row[`count_${s}`]])) as TaskBoard['counts'];
  return {
    to_do: row.to_do.map(toTaskDto),
    doing: row.doing.map(toTaskDto),
    on_hold: row.on_hold.map(toTaskDto),
    done: row.done.map(toTaskDto),
    counts,
  };
}

async function findTask(db: Db | Tx, companyId: number, id: number): Promise<Task> {
  const row = await readTask(db, companyId, id);
  if (!row) throw taskNotFound();
  return toTaskDto(row);
}

export function getTask(db: Db, companyId: number, id: number): Promise<Task> {
  return findTask(db, companyId, id);
}

export async function createTask(db: Db, companyId: number, actor: Actor, input: CreateTaskInput): Promise<Task> {
  const status = input.status ?? 'to_do';
  return db.$transaction(async (tx) => {
    await checkReferences(tx, companyId, input);
    await lockBoard(tx, companyId);
    const { id } = await tx.task.create({
      data: {
        companyId,
        createdByUserId: actor.id,
        title: input.title,
        description: input.description ?? null,
        dueDate: toDbDate(input.due_date ?? null),
        dueTime: input.due_time ?? null,
        assigneeUserId: input.assignee_user_id ?? null,
        attendanceId: input.attendance_id ?? null,
        priority: input.priority ?? 'normal',
        status,
        position: await endOfColumn(tx, companyId, status),
        completedAt: status === 'done' ? new Date() : null,
      },
      select: { id: true },
    });
    const task = await findTask(tx, companyId, id);
    await notifyAssignee(tx, companyId, actor, task);
    await writeTaskLog(tx, companyId, task, actor.id, 'created', diffTask(null, task));
    await writeAttendanceLog(tx, companyId, task, actor.id, 'task_created');
    if (status === 'done') await writeAttendanceLog(tx, companyId, task, actor.id, 'task_done');
    return task;
  });
}

/** The bell of a colleague the task was just given to (not of who gave it to themselves). */
async function notifyAssignee(tx: Tx, companyId: number, actor: Actor, task: Task) {
  if (!task.assignee || task.assignee.id === actor.id) return;
  await notify(tx, {
    companyId,
    userId: task.assignee.id,
    kind: 'task_assigned',
    title: `Nova tarefa para você: “${task.title}”`,
    link: '/tarefas',
  });
}

/**
 * One change to a task under its row lock, so the change and its log see the same "before". A
 * change that moves it (another column, or a place in its column) first takes the board's lock:
 * moves renumber the column's other cards, and always in that order (board, then task), two moves
 * never wait on each other's rows.
 */
async function changeTask(
  db: Db,
  companyId: number,
  actor: Actor,
  id: number,
  opts: { moves: boolean; action: 'updated' | 'advanced'; expected?: number },
  change: (before: Task, tx: Tx) => Promise<{ data: Prisma.TaskUncheckedUpdateInput; status: TaskStatus; position?: number } | null>,
): Promise<Task> {
  return db.$transaction(async (tx) => {
    if (opts.moves) await lockBoard(tx, companyId);
    if (!(await lockTask(tx, companyId, id))) throw taskNotFound();
    // A stale write is refused as such first; without a version, only a real change bumps it.
    const claim = { table: 'tasks', companyId, id, userId: actor.id, expected: opts.expected } as const;
    if (opts.expected !== undefined) await claimVersion(tx, claim);
    const before = await findTask(tx, companyId, id);
    const planned = await change(before, tx);
    if (!planned) return before;
    if (opts.expected === undefined) await claimVersion(tx, claim);
    const { data, status } = planned;
    if (status !== before.status) {
      data.status = status;
      data.completedAt = status === 'done' ? new Date() : null;
    }
    const moved = status !== before.status || (planned.position !== undefined && planned.position !== before.position);
    await tx.task.update({ where: { id }, data: moved ? { ...data, updatedAt: new Date() } : data, select: { id: true } });
    // A new column without a place: the end of it.
    if (moved) await placeTask(tx, companyId, id, status, planned.position ?? null);
    if (status !== before.status) await closeGaps(tx, companyId, before.status);
    const after = await findTask(tx, companyId, id);
    const changes = diffTask(before, after);
    if (Object.keys(changes).length) await writeTaskLog(tx, companyId, after, actor.id, opts.action, changes);
    if (after.assignee && after.assignee.id !== before.assignee?.id) await notifyAssignee(tx, companyId, actor, after);
    if (before.status !== 'done' && after.status === 'done') await writeAttendanceLog(tx, companyId, after, actor.id, 'task_done');
    return after;
  });
}

export async function updateTask(db: Db, companyId: number, actor: Actor, input: UpdateTaskInput): Promise<Task> {
  const { id, status, position, version, ...fields } = input;
  return changeTask(
    db,
    companyId,
    actor,
    id,
    { moves: status !== undefined || position !== undefined, action: 'updated', expected: version },
    async (before, tx) => {
      await checkReferences(tx, companyId, {
        assignee_user_id: fields.assignee_user_id !== (before.assignee?.id ?? null) ? fields.assignee_user_id : undefined,
        attendance_id: fields.attendance_id !== (before.attendance?.id ?? null) ? fields.attendance_id : undefined,
      });
      return {
        data: {
          title: fields.title,
          description: fields.description,
          dueDate: toDbDate(fields.due_date),
          dueTime: fields.due_time,
          assigneeUserId: fields.assignee_user_id,
          attendanceId: fields.attendance_id,
          priority: fields.priority,
        },
        status: status ?? before.status,
        position,
      };
    },
  );
}

/** The next column (to_do -> doing -> on_hold -> done), at its end; a done task stays as it is. */
export async function advanceTask(db: Db, companyId: number, actor: Actor, input: VersionedIdInput): Promise<Task> {
  const opts = { moves: true, action: 'advanced', expected: input.version } as const;
  return changeTask(db, companyId, actor, input.id, opts, async (before) => {
    const status = nextTaskStatus(before.status);
    return status === before.status ? null : { data: {}, status };
  });
}

export async function deleteTask(db: Db, companyId: number, actor: Actor, input: VersionedIdInput) {
  const { id } = input;
  return db.$transaction(async (tx) => {
    // The board's lock first, as every move takes it: the column is renumbered below.
    await lockBoard(tx, companyId);
    if (!(await lockTask(tx, companyId, id))) throw taskNotFound();
    await claimVersion(tx, { table: 'tasks', companyId, id, userId: actor.id, expected: input.version });
    const before = await findTask(tx, companyId, id);
    // Written before the delete: the log keeps the title, and its task_id becomes null with the row.
    await writeTaskLog(tx, companyId, before, actor.id, 'deleted', removedFields(before));
    await tx.task.deleteMany({ where: taskWhere(companyId, id) });
    await closeGaps(tx, companyId, before.status);
    return { id, deleted: true as const };
  });
}
