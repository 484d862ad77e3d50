// The agency's tasks (/tarefas): GET/POST /api/tasks, PATCH/DELETE /api/tasks/{id},
// PUT /api/tasks/advance/{id}, the preloaded trip checklist (GET /api/system/preloaded-tasks,
// POST /api/tasks/preload) and the automatic follow-up rules.
import { FollowUpRule, TaskPriority, type TaskStatus } from '@app/db/browser';
import { dateField } from './clients';
import { idParam, recordIdField, recordIdQuery, searchInput } from './pagination';
import { versionField, versionOutput } from './versions';
import { z } from './zod';

export type { FollowUpRule, TaskPriority, TaskStatus };

/** The board's columns, in order: advancing moves a task to the next one. */
export const TASK_STATUSES = ['to_do', 'doing', 'on_hold', 'done'] as const satisfies readonly TaskStatus[];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  to_do: 'A fazer',
  doing: 'Fazendo',
  on_hold: 'Em espera',
  done: 'Concluído',
};

/** The status after `status`; a done task stays done (advancing it changes nothing). */
export function nextTaskStatus(status: TaskStatus): TaskStatus {
  const i = TASK_STATUSES.indexOf(status);
  return TASK_STATUSES[Math.min(i + 1, TASK_STATUSES.length - 1)] as TaskStatus;
}

export const TASK_PRIORITIES = Object.values(TaskPriority) as [TaskPriority, ...TaskPriority[]];
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { low: 'Baixa', normal: 'Normal', high: 'Alta', urgent: 'Urgente' };

export const FOLLOW_UP_RULES = Object.values(FollowUpRule) as [FollowUpRule, ...FollowUpRule[]];
export const FOLLOW_UP_RULE_LABELS: Record<FollowUpRule, string> = {
  budget_not_opened: 'Orçamento enviado e não aberto em 2 dias',
  budget_not_accepted: 'Orçamento aberto e não aceito em 5 dias',
  trip_starting: 'Viagem começa em 7 dias (documentos e check-in)',
  passport_expiring: 'Passaporte vence menos de 6 meses após a viagem',
  supplier_payment_due: 'Pagamento a fornecedor vence amanhã',
  receivable_due_soon: 'Parcela do cliente vence em breve',
  receivable_overdue: 'Parcela do cliente em atraso',
  receivable_customer_reminder: 'Lembrete por e-mail ao cliente da parcela que vence ou venceu (nos mesmos dias)',
  budget_customer_reminder: 'E-mail ao cliente com o orçamento enviado e não aceito em 5 dias (só a quem aceitou receber ofertas)',
};

/** The rules counted in days the agency chooses: how many before (vence em breve) or after (em atraso) the due date. */
export const FOLLOW_UP_DAYS: Partial<Record<FollowUpRule, { label: string; default: number }>> = {
  receivable_due_soon: { label: 'Dias antes do vencimento', default: 3 },
  receivable_overdue: { label: 'Dias de atraso', default: 3 },
};
export const FOLLOW_UP_DAYS_RANGE = { min: 1, max: 30 } as const;
/** Rules that start off: they write to the agency's customers, which the agency turns on itself. */
export const FOLLOW_UP_DEFAULT_OFF: readonly FollowUpRule[] = ['receivable_customer_reminder', 'budget_customer_reminder'];
export const FOLLOW_UP_MESSAGES = { noDays: 'Esta regra não tem dias a escolher.' } as const;

/** What the tasks routes answer when a task or what it names is not the caller's agency's. */
export const TASK_MESSAGES = {
  notFound: 'Tarefa não encontrada.',
  assigneeNotFound: 'Responsável não encontrado: escolha um usuário ativo da agência.',
  attendanceNotFound: 'Atendimento não encontrado.',
  unknownPreloaded: 'Tarefa pré-carregada desconhecida',
} as const;

export const TASK_LIMITS = { title: { min: 2, max: 160 }, description: 4000, perColumn: 200 } as const;

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Hora inválida (use HH:MM)' });

const taskFields = {
  title: z.string().trim().min(TASK_LIMITS.title.min).max(TASK_LIMITS.title.max),
  description: z.string().trim().max(TASK_LIMITS.description).nullable().optional(),
  due_date: dateField.nullable().optional(),
  due_time: timeOfDay.nullable().optional(),
  /** A user of the agency; null: nobody yet. */
  assignee_user_id: recordIdField().nullable().optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  /** An attendance of the agency. */
  attendance_id: recordIdField().nullable().optional(),
};

export const createTaskInput = z.object({ ...taskFields, status: z.enum(TASK_STATUSES).optional() }).strict();
export type CreateTaskInput = z.infer<typeof createTaskInput>;

/** PATCH /api/tasks/{id}: the fields sent change; `status` and `position` move the card (drag and drop). */
export const updateTaskInput = idParam
  .extend(z.object(taskFields).partial().shape)
  .extend({ status: z.enum(TASK_STATUSES).optional(), position: z.number().int().min(0).max(10_000).optional(), ...versionField })
  .strict();
export type UpdateTaskInput = z.infer<typeof updateTaskInput>;

/** GET /api/tasks: the board, filtered. */
export const listTasksInput = z.object({
  /** Title and description, blind to accents and case. */
  search: searchInput,
  /** 'me': the caller's tasks; a user id: that user's. */
  assignee: z.union([z.literal('me'), recordIdQuery()]).optional(),
  attendance_id: recordIdQuery().optional(),
  /** due: due today or earlier and not done; overdue: due before today and not done. */
  due: z.enum(['due', 'overdue']).optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
});
export type ListTasksInput = z.infer<typeof listTasksInput>;

export const taskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  due_date: z.string().nullable(),
  due_time: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  position: z.number().int(),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  attendance: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** 'preload', 'follow-up' or 'sale' (the checklist of a closed sale) when the task was not typed. */
  origin: z.enum(['typed', 'preload', 'follow-up', 'sale']),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: versionOutput,
});
export type Task = z.infer<typeof taskSchema>;

/** The board: each column's tasks in order (up to TASK_LIMITS.perColumn) and how many it holds. */
export const taskBoardOutput = z.object({
  to_do: z.array(taskSchema),
  doing: z.array(taskSchema),
  on_hold: z.array(taskSchema),
  done: z.array(taskSchema),
  counts: z.object({ to_do: z.number().int(), doing: z.number().int(), on_hold: z.number().int(), done: z.number().int() }),
});
export type TaskBoard = z.infer<typeof taskBoardOutput>;

export const taskDeletedOutput = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** GET /api/system/preloaded-tasks: the trip checklist an agency can load onto an attendance. */
export const preloadedTaskSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  /** When it is due: days from the anchor (negative: before it). */
  anchor: z.enum(['sale', 'trip_start', 'trip_end']),
  offset_days: z.number().int(),
  priority: z.enum(TASK_PRIORITIES),
});
export type PreloadedTask = z.infer<typeof preloadedTaskSchema>;
export const preloadedTasksOutput = z.object({ items: z.array(preloadedTaskSchema) });

/** POST /api/tasks/preload: the chosen checklist items as tasks of an attendance (each once: preloading again skips those it has). */
export const preloadTasksInput = z
  .object({
    attendance_id: recordIdField(),
    keys: z.array(z.string().min(1).max(60)).min(1).max(50),
    assignee_user_id: recordIdField().nullable().optional(),
  })
  .strict();
export const preloadTasksOutput = z.object({ created: z.array(taskSchema), skipped: z.array(z.string()) });

export const followUpSettingsOutput = z.object({
  rules: z.array(
    z.object({
      rule: z.enum(FOLLOW_UP_RULES),
      label: z.string(),
      enabled: z.boolean(),
      /** The rules of FOLLOW_UP_DAYS: the agency's N (or the default); null for the others. */
      days: z.number().int().nullable(),
    }),
  ),
});
export const updateFollowUpSettingsInput = z
  .object({
    rules: z
      .array(
        z
          .object({
            rule: z.enum(FOLLOW_UP_RULES),
            enabled: z.boolean(),
            days: z.number().int().min(FOLLOW_UP_DAYS_RANGE.min).max(FOLLOW_UP_DAYS_RANGE.max).optional(),
          })
          .strict()
          .refine((r) => r.days === undefined || FOLLOW_UP_DAYS[r.rule] !== undefined, {
            message: FOLLOW_UP_MESSAGES.noDays,
            path: ['days'],
          }),
      )
      .min(1)
      .max(FOLLOW_UP_RULES.length),
  })
  .strict();
