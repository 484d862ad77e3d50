// Attendances (customer service cases) and the sales funnel: the contracts of /api/attendances.

import { CLIENT_KINDS, dateField } from './clients';
import { ATTENDANCE_LOG_ACTIONS } from './crm-labels';
import { CLIENT_FIELD_MESSAGES, MONEY_MAX_CENTS, NOTES_MAX_LENGTH } from './crm-rules';
import { ATTENDANCE_LIST_STATUSES, ATTENDANCE_STATUS_TAGS, ATTENDANCE_STATUSES, type AttendanceTransition, FUNNEL_GROUPS } from './funnel';
import { idParam, paginationInput, paginationSchema, recordIdField, recordIdQuery, searchInput } from './pagination';
import { versionField, versionOutput } from './versions';
import { dayRangeIssues, reportIssues, unlessInError, z } from './zod';

export { ATTENDANCE_LOG_ACTION_LABELS, ATTENDANCE_LOG_ACTIONS, type AttendanceLogAction } from './crm-labels';

/** Integer cents, up to R$ 20 milhões per attendance. */
export const moneyCentsField = z.number().int().min(0).max(MONEY_MAX_CENTS);
const passengersField = z.number().int().min(0).max(99);
/** A child's age in years (airlines and hotels price children by it). */
export const CHILD_AGE_MAX = 17;
const idField = recordIdField();
const queryIdField = recordIdQuery();
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const ATTENDANCE_MESSAGES = {
  budgetMaxBelowMin: 'deve ser maior ou igual ao orçamento mínimo',
  childrenAges: (children: number) =>
    children === 0
      ? 'Sem crianças, não há idades a informar.'
      : children === 1
        ? 'Informe a idade da criança.'
        : `Informe uma idade para cada uma das ${children} crianças.`,
  valueFromSales: 'é o total das vendas deste atendimento: desfaça a venda para alterá-lo',
  transition: {
    won: 'Só é possível marcar como ganho um atendimento em aberto.',
    lost: 'Só é possível marcar como perdido um atendimento em aberto.',
    canceled: 'Só é possível cancelar um atendimento ganho.',
    reopened: 'Este atendimento já está em aberto.',
  },
} as const satisfies {
  budgetMaxBelowMin: string;
  childrenAges: (children: number) => string;
  valueFromSales: string;
  transition: Record<AttendanceTransition, string>;
};

/**
 * Fields that must agree with each other (checked on create and on the merged update): the dates,
 * the budget range, and the children's ages, one per child when any is given.
 */
export type AttendanceRangeFields = {
  start_date?: string | null;
  end_date?: string | null;
  budget_min_cents?: number | null;
  budget_max_cents?: number | null;
  children?: number;
  children_ages?: readonly number[];
};
type RangePath = 'end_date' | 'budget_max_cents' | 'children_ages';
export function attendanceRangeIssues(f: AttendanceRangeFields): { path: RangePath; message: string }[] {
  const issues: { path: RangePath; message: string }[] = [];
  const ages = f.children_ages ?? [];
  if (ages.length > 0 && ages.length !== (f.children ?? 0)) {
    issues.push({ path: 'children_ages', message: ATTENDANCE_MESSAGES.childrenAges(f.children ?? 0) });
  }
  if (f.start_date && f.end_date && f.end_date < f.start_date)
    issues.push({ path: 'end_date', message: CLIENT_FIELD_MESSAGES.endBeforeStart });
  if (f.budget_min_cents != null && f.budget_max_cents != null && f.budget_max_cents < f.budget_min_cents) {
    issues.push({ path: 'budget_max_cents', message: ATTENDANCE_MESSAGES.budgetMaxBelowMin });
  }
  return issues;
}

/** Travel wishes and the deal's value; lists of the funnel filter on these. */
const editableFields = {
  client_id: idField,
  title: z.string().trim().min(2).max(160),
  destination: optionalText(160),
  start_date: dateField.nullable().optional(),
  end_date: dateField.nullable().optional(),
  adults: passengersField.optional(),
  children: passengersField.optional(),
  /** One age per child, in years; a budget made from the attendance places each child by it. */
  children_ages: z.array(z.number().int().min(0).max(CHILD_AGE_MAX)).max(99).optional(),
  infants: passengersField.optional(),
  budget_min_cents: moneyCentsField.nullable().optional(),
  budget_max_cents: moneyCentsField.nullable().optional(),
  value_cents: moneyCentsField.optional(),
  /** A key returned by POST /api/uploads/image. */
  cover_image_key: z.string().max(200).nullable().optional(),
  notes: optionalText(NOTES_MAX_LENGTH),
};
const attendanceFields = {
  ...editableFields,
  /** The responsible user; defaults to the caller on create. */
  owner_user_id: idField.optional(),
};

/** The dates and the budget range agree: checked in the browser before the request, and by the API. */
const rangeCheck = reportIssues(attendanceRangeIssues);
const whenRangeParsed = {
  when: unlessInError('start_date', 'end_date', 'budget_min_cents', 'budget_max_cents', 'children', 'children_ages'),
};

/** POST /api/attendances. The status always starts 'open'; unknown keys are refused. */
export const createAttendanceInput = z.object(attendanceFields).strict().superRefine(rangeCheck, whenRangeParsed);
export type CreateAttendanceInput = z.infer<typeof createAttendanceInput>;

/**
 * PATCH /api/attendances/{id}: any subset but status and owner (they have their own routes). Both
 * ends of a range sent are checked here; one end against the saved other, by the service.
 */
export const updateAttendanceInput = idParam
  .extend(z.object(editableFields).partial().shape)
  .extend(versionField)
  .strict()
  .superRefine(rangeCheck, whenRangeParsed);
export type UpdateAttendanceInput = z.infer<typeof updateAttendanceInput>;

export const updateOwnerInput = idParam.extend({ owner_user_id: idField, ...versionField }).strict();
export const markLostInput = idParam.extend({ lost_reason: optionalText(500), ...versionField }).strict();
/** PUT /api/attendances/cancel/{id} and /reopen/{id}: the funnel moves that take nothing else. */
export const moveAttendanceInput = idParam.extend(versionField).strict();
/** PUT /api/attendances/won/{id}: optionally the final value of the sale. */
export const markWonInput = idParam.extend({ value_cents: moneyCentsField.optional(), ...versionField }).strict();

/** Filters shared by the list and the funnel routes (query strings, coerced). */
export const attendanceFilters = {
  /** Title, destination or client name. */
  search: searchInput,
  owner_user_id: queryIdField.optional(),
  client_id: queryIdField.optional(),
  /** Travel start date range, inclusive. */
  start_date_from: dateField.optional(),
  start_date_to: dateField.optional(),
  /** Opened (created) on these days of the agency's zone, inclusive: the dashboard's "abertos". */
  created_from: dateField.optional(),
  created_to: dateField.optional(),
  /** Closed (won or lost) on these days of the agency's zone, inclusive: the dashboard's "ganhos" and "perdidos" with a status. */
  closed_from: dateField.optional(),
  closed_to: dateField.optional(),
};
/** A day range given backwards is refused, as a list that can only be empty would hide the mistake. */
const attendanceRanges = reportIssues(
  dayRangeIssues(['start_date_from', 'start_date_to'], ['created_from', 'created_to'], ['closed_from', 'closed_to']),
);
export type AttendanceFilters = {
  search?: string;
  owner_user_id?: number;
  client_id?: number;
  start_date_from?: string;
  start_date_to?: string;
  created_from?: string;
  created_to?: string;
  closed_from?: string;
  closed_to?: string;
};

export const listAttendancesInput = z
  .object({
    status: z.enum(ATTENDANCE_LIST_STATUSES).optional(),
    ...attendanceFilters,
    ...paginationInput,
  })
  .superRefine(attendanceRanges);
export type ListAttendancesInput = z.infer<typeof listAttendancesInput>;

export const funnelInput = z
  .object({
    ...attendanceFilters,
    /** One column only, at its own page: a board loads each column as it scrolls. */
    group: z.enum(FUNNEL_GROUPS).optional(),
    ...paginationInput,
  })
  .superRefine(attendanceRanges);
export type FunnelInput = z.infer<typeof funnelInput>;
export const funnelFiltersInput = z.object(attendanceFilters).superRefine(attendanceRanges);

const personRef = z.object({ id: z.number().int(), name: z.string() });
const statusField = z.enum(ATTENDANCE_STATUSES);
const statusTagField = z.enum(ATTENDANCE_STATUS_TAGS).nullable();

/** An attendance. Money in integer cents; dates ISO. */
export const attendanceSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  client: personRef.extend({ kind: z.enum(CLIENT_KINDS), email: z.string().nullable(), phone: z.string().nullable() }),
  owner_user_id: z.number().int(),
  owner: personRef.extend({ email: z.string() }),
  title: z.string(),
  destination: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  adults: z.number().int(),
  children: z.number().int(),
  children_ages: z.array(z.number().int()),
  infants: z.number().int(),
  budget_min_cents: z.number().int().nullable(),
  budget_max_cents: z.number().int().nullable(),
  value_cents: z.number().int(),
  status: statusField,
  status_tag: statusTagField,
  lost_reason: z.string().nullable(),
  notes: z.string().nullable(),
  cover_image_key: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: versionOutput,
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** What the customer did with the attendance's budgets, shown on its card. */
const budgetActivityFields = {
  /** Customer opens of the landing pages of the attendance's budgets, summed. */
  budget_views_count: z.number().int(),
  /** Whether the customer accepted one of its budgets (still accepted or since sold). */
  budget_accepted: z.boolean(),
};

/** The list rows: what the attendances screen shows per line. */
export const attendanceListItemSchema = attendanceSchema
  .pick({
    id: true,
    client_id: true,
    owner_user_id: true,
    title: true,
    destination: true,
    start_date: true,
    end_date: true,
    value_cents: true,
    status: true,
    status_tag: true,
    cover_image_url: true,
    created_at: true,
    version: true,
  })
  .extend({ client_name: z.string(), owner_name: z.string(), ...budgetActivityFields });
export type AttendanceListItem = z.infer<typeof attendanceListItemSchema>;

/** The list reply: attendances and pagination. */
export const attendanceListOutput = z.object({ attendances: z.array(attendanceListItemSchema), pagination: paginationSchema });

/** A funnel card; `price` is the attendance value in integer cents. */
export const funnelCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  client_id: z.number().int(),
  client_name: z.string(),
  owner_user_id: z.number().int(),
  owner_name: z.string(),
  destination: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  price: z.number().int(),
  status: statusField,
  status_tag: statusTagField,
  cover_image_url: z.string().nullable(),
  created_at: z.string(),
  ...budgetActivityFields,
  /** Sent with a move from the board: a card moved meanwhile answers 409 and the board reloads it. */
  version: versionOutput,
});
export type FunnelCard = z.infer<typeof funnelCardSchema>;

/** One status's cards in a column, paginated like every list (page / per_page of the query). */
export const funnelSublistSchema = z.object({
  cards: z.array(funnelCardSchema),
  /** Under a search whose count is capped (`pagination.total_count_capped`), the value of the counted matches only. */
  total_value: z.number().int(),
  pagination: paginationSchema,
});
export type FunnelSublist = z.infer<typeof funnelSublistSchema>;

/** GET /api/attendances/funnel: the three columns with their sublists by status; with `group`, that column only. */
export const funnelOutput = z.object({
  negotiations: z.object({ open: funnelSublistSchema }).optional(),
  sales: z.object({ won: funnelSublistSchema, canceled: funnelSublistSchema }).optional(),
  losses: z.object({ lost: funnelSublistSchema }).optional(),
});
export type FunnelOutput = z.infer<typeof funnelOutput>;

const monthFigures = z.object({ this_month: z.number().int(), last_month: z.number().int() });
/**
 * GET /api/attendances/funnel/big-numbers: attendances per calendar month (business time zone):
 * negotiations by creation date, sales by win date, losses by loss date.
 */
export const funnelBigNumbersOutput = z.object({ sales: monthFigures, negotiations: monthFigures, losses: monthFigures });

const balanceFigures = z.object({
  total_attendances: z.number().int(),
  active_attendances: z.number().int(),
  expired_attendances: z.number().int(),
  /** Integer cents. */
  total_value: z.number().int(),
  active_value: z.number().int(),
});
export type FunnelBalanceFigures = z.infer<typeof balanceFigures>;
/**
 * GET /api/attendances/funnel/balance, per group. Expired: not canceled and the travel start date
 * is before today; active: neither canceled nor expired (the trip is still ahead).
 */
export const funnelBalanceOutput = z.object({ negotiations: balanceFigures, sales: balanceFigures, losses: balanceFigures });
export type FunnelBalance = z.infer<typeof funnelBalanceOutput>;

/** GET /api/attendances/deal/{id}: the attendance as a deal of the funnel (its card opened). */
export const dealSchema = funnelCardSchema.extend({
  currency: z.literal('BRL'),
  group: z.enum(FUNNEL_GROUPS),
  client: attendanceSchema.shape.client,
  owner: attendanceSchema.shape.owner,
  budget_min_cents: z.number().int().nullable(),
  budget_max_cents: z.number().int().nullable(),
  lost_reason: z.string().nullable(),
  closed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

export const attendanceLogValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const attendanceLogSchema = z.object({
  id: z.number().int(),
  action: z.enum(ATTENDANCE_LOG_ACTIONS),
  /** Field (snake_case, as in the API) -> its value before and after. */
  changes: z.record(z.string(), z.object({ from: attendanceLogValue, to: attendanceLogValue })),
  user: personRef.nullable(),
  created_at: z.string(),
});
export type AttendanceLog = z.infer<typeof attendanceLogSchema>;
export const attendanceLogsInput = idParam.extend(paginationInput);
export const attendanceLogsOutput = z.object({ logs: z.array(attendanceLogSchema), pagination: paginationSchema });

/**
 * PATCH /api/attendances/consolidated/{id}: the text fields of the multipart body (its file, field
 * `file`, follows DOCUMENT_UPLOAD). The attendance's `version` the screen read goes in `If-Match`.
 */
export const consolidatedFieldsInput = z.object({ notes: optionalText(NOTES_MAX_LENGTH) }).strict();

/** GET /api/attendances/consolidated/{id}: the closing summary of the trip and its document. */
export const consolidatedSchema = z.object({
  attendance_id: z.number().int(),
  ...attendanceSchema.pick({
    title: true,
    status: true,
    destination: true,
    start_date: true,
    end_date: true,
    adults: true,
    children: true,
    children_ages: true,
    infants: true,
    value_cents: true,
    version: true,
  }).shape,
  client: personRef,
  owner: personRef,
  /** The standing sales of its budgets; `value_cents` above is their total in reais while any stands. */
  sales: z.array(
    z.object({
      budget_id: z.number().int(),
      budget_title: z.string(),
      proposal_title: z.string().nullable(),
      currency: z.string(),
      /** In the budget's currency. */
      sale_cents: z.number().int(),
      /** In reais, at the sale's rate. */
      value_cents: z.number().int(),
      sold_at: z.string(),
      seller: personRef,
    }),
  ),
  notes: z.string().nullable(),
  file: z
    .object({
      filename: z.string(),
      content_type: z.string(),
      size: z.number().int(),
      /** Authenticated download (bearer token). */
      url: z.string(),
    })
    .nullable(),
  updated_at: z.string().nullable(),
});
export type Consolidated = z.infer<typeof consolidatedSchema>;
export const consolidatedFileUrl = (attendanceId: number) => `/api/attendances/consolidated/${attendanceId}/file`;
