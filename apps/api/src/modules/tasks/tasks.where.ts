// Security-critical: tenant filters only. Every task read and write goes through them, with the
// company id of the signed-in user (or, in the follow-up job, of the agency being processed).
import { columnsOf, type Prisma, type RawBuilder, type SqlBool, type StatementValues, sql } from '@app/db';
import type { ListTasksInput, TaskPriority } from '@app/shared';
import { foldedContainsAll, type SearchShape, searchPatterns, searchShape } from '../../search';

/** Security-critical: every task lookup of a tenant goes through this filter. */
export function taskWhere(companyId: number, id: number): Prisma.TaskWhereInput {
  return { id, companyId };
}

/** Security-critical: a user a task may be assigned to (active, of the agency). */
export function assigneeWhere(companyId: number, id: number): Prisma.UserWhereInput {
  return { id, companyId, status: 'active' };
}

/** Security-critical: an attendance a task may belong to. */
export function taskAttendanceWhere(companyId: number, id: number): Prisma.AttendanceWhereInput {
  return { id, companyId };
}

/**
 * Security-critical: locks the caller's task for the rest of the transaction (a change and its
 * log see the same "before"), or returns false when the company has no such task.
 */
export async function lockTask(tx: Prisma.TransactionClient, companyId: number, id: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM tasks WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
  return rows.length === 1;
}

/** Moves on one agency's board (positions of a column) run one after the other. */
export async function lockBoard(tx: Prisma.TransactionClient, companyId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`tasks-board:${companyId}`}))`;
}

/** What the board filters write into a statement's text (part of its shape). */
export type FilterShape = {
  search: SearchShape | null;
  assignee: boolean;
  attendance: boolean;
  due: 'due' | 'overdue' | null;
  priority: boolean;
};
export type FilterValues = {
  companyId: number;
  words: string[];
  assignee_user_id: number;
  attendance_id: number;
  priority: TaskPriority;
  today: string;
};

export function filterShape(f: ListTasksInput): FilterShape {
  return {
    search: f.search ? searchShape(f.search) : null,
    assignee: f.assignee !== undefined,
    attendance: f.attendance_id !== undefined,
    due: f.due ?? null,
    priority: f.priority !== undefined,
  };
}

export function filterValues(companyId: number, userId: number, f: ListTasksInput, today: string): StatementValues<FilterValues> {
  return {
    companyId,
    words: f.search ? searchPatterns(f.search) : undefined,
    assignee_user_id: f.assignee === 'me' ? userId : f.assignee,
    attendance_id: f.attendance_id,
    priority: f.priority,
    today: f.due ? today : undefined,
  };
}

const t = columnsOf('tasks', 't');

/**
 * Security-critical: the board filters as SQL over `tasks t`, always inside the caller's company.
 * Search finds every word typed, blind to accents and case, in the folded title and description (its
 * trigram index; a word under three letters is tested on the rows the others find). Due and overdue leave done
 * tasks out and compare with today's date in Brazil.
 */
export function taskFilter(f: FilterShape, v: FilterValues): RawBuilder<SqlBool> {
  const parts = [sql<SqlBool>`${t('company_id')} = ${v.companyId}`];
  if (f.search) {
    parts.push(foldedContainsAll(t('search_text'), f.search, v.words));
  }
  if (f.assignee) parts.push(sql`${t('assignee_user_id')} = ${v.assignee_user_id}`);
  if (f.attendance) parts.push(sql`${t('attendance_id')} = ${v.attendance_id}`);
  if (f.priority) parts.push(sql`${t('priority')} = ${v.priority}::"TaskPriority"`);
  if (f.due) {
    const op = f.due === 'overdue' ? sql`<` : sql`<=`;
    parts.push(sql`${t('due_date')} ${op} ${v.today}::date AND ${t('status')} <> 'done'`);
  }
  return sql.join(parts, sql` AND `);
}
