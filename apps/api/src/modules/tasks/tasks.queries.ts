// The tasks' reads in SQL: the board (each column's first cards and every column's count, one
// statement compiled once per filter shape) and one task, with the same columns so one mapper reads both.
import {
  asInt,
  compiledStatement,
  type Db,
  dateText,
  enumText,
  isoInstant,
  jsonRows,
  type Prisma,
  qb,
  queryRows,
  type SqlBool,
  sql,
} from '@app/db';
import { TASK_LIMITS, TASK_STATUSES, type Task, type TaskStatus } from '@app/shared';
import { type FilterShape, type FilterValues, taskFilter } from './tasks.where';

/** A task card's columns over `tasks t`, with the assignee's name and the attendance's title. */
function taskRows() {
  return qb
    .selectFrom('tasks as t')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 't.assignee_user_id').onRef('u.company_id', '=', 't.company_id'))
    .leftJoin('attendances as a', (j) => j.onRef('a.id', '=', 't.attendance_id').onRef('a.company_id', '=', 't.company_id'))
    .select([
      't.id',
      't.title',
      't.description',
      dateText(sql.ref<Date | null>('t.due_date')).as('due_date'),
      't.due_time',
      enumText(sql.ref<TaskStatus>('t.status')).as('status'),
      enumText(sql.ref<Task['priority']>('t.priority')).as('priority'),
      't.position',
      't.source_key',
      'u.id as assignee_id',
      'u.name as assignee_name',
      'a.id as attendance_ref_id',
      'a.title as attendance_title',
      isoInstant(sql.ref<Date | null>('t.completed_at')).as('completed_at'),
      isoInstant(sql.ref<Date>('t.created_at')).as('created_at'),
      isoInstant(sql.ref<Date>('t.updated_at')).as('updated_at'),
      't.version',
    ]);
}

export type TaskRow = {
  id: number;
  title: string;
  description: string | null;
  due_date: string | null;
  due_time: string | null;
  status: TaskStatus;
  priority: Task['priority'];
  position: number;
  source_key: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  attendance_ref_id: number | null;
  attendance_title: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};

function originOf(sourceKey: string | null): Task['origin'] {
  if (sourceKey?.startsWith('preload:')) return 'preload';
  if (sourceKey?.startsWith('follow-up:')) return 'follow-up';
  if (sourceKey?.startsWith('sale:')) return 'sale';
  return 'typed';
}

export function toTaskDto(r: TaskRow): Task {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    due_date: r.due_date,
    due_time: r.due_time,
    status: r.status,
    priority: r.priority,
    position: r.position,
    assignee: r.assignee_id === null ? null : { id: r.assignee_id, name: r.assignee_name ?? '' },
    attendance: r.attendance_ref_id === null ? null : { id: r.attendance_ref_id, title: r.attendance_title ?? '' },
    origin: originOf(r.source_key),
    completed_at: r.completed_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
    version: r.version,
  };
}

const column = (f: FilterShape, v: FilterValues, status: TaskStatus) =>
  taskRows()
    .where(taskFilter(f, v))
    .where(sql<SqlBool>`t.status = ${sql.lit(status)}::"TaskStatus"`)
    .orderBy('t.position')
    .orderBy('t.id')
    .limit(sql.lit(TASK_LIMITS.perColumn));

const count = (f: FilterShape, v: FilterValues, status: TaskStatus) =>
  qb
    .selectFrom('tasks as t')
    .select(asInt(sql`count(*)`).as('n'))
    .where(taskFilter(f, v))
    .where(sql<SqlBool>`t.status = ${sql.lit(status)}::"TaskStatus"`);

/**
 * The whole board in one round trip: per column (the index on company, status, position, id) its
 * first cards in order as a JSON array and how many cards the filters keep.
 */
const boardStatement = compiledStatement((f: FilterShape, v: FilterValues) =>
  qb
    .selectNoFrom([
      ...TASK_STATUSES.map((s) => jsonRows(column(f, v, s), 'c', sql`c.position, c.id`).as(s)),
      ...TASK_STATUSES.map((s) => sql<number>`(${count(f, v, s)})`.as(`count_${s}`)),
    ])
    .$castTo<Record<TaskStatus, TaskRow[]> & Record<`count_${TaskStatus}`, number>>(),
);

export async function readBoard(db: Db, shape: FilterShape, values: Parameters<typeof boardStatement>[1]) {
  const [row] = await queryRows(db, boardStatement(shape, values));
  if (!row) throw new Error('the board statement returned no row');
  return row;
}

/** Security-critical: the task is read only when it is the caller's (`t.company_id`). */
const taskStatement = compiledStatement((_s: null, v: { companyId: number; id: number }) =>
  taskRows().where(sql<SqlBool>`t.id = ${v.id} AND t.company_id = ${v.companyId}`),
);

export async function readTask(db: Db | Prisma.TransactionClient, companyId: number, id: number): Promise<TaskRow | undefined> {
  const [row] = await queryRows(db, taskStatement(null, { companyId, id }));
  return row as TaskRow | undefined;
}

/** Security-critical: several of the agency's tasks by id (a preload's new tasks), in position order. */
export async function readTasks(db: Db | Prisma.TransactionClient, companyId: number, ids: number[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows(
    db,
    taskRows().where(sql<SqlBool>`t.company_id = ${companyId} AND t.id = ANY(${ids}::int[])`).orderBy('t.position').orderBy('t.id'),
  );
  return rows as TaskRow[];
}
