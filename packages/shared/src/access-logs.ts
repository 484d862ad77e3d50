// The access-log beacon (POST /api/access-logs, form fields access_log[...]) and the owner's
// access report (GET /api/access-logs/report). The rules the web app needs without zod are in
// access-log-rules.ts; the beacon's timings in constants.ts.
import { ACCESS_LOG_LIMITS, DEFAULT_ACCESS_LOG_CONTROLLER, daysInRange } from './access-log-rules';
import { dateField } from './clients';
import { RECORD_ID_PATTERN } from './constants';
import { CLIENT_FIELD_MESSAGES } from './crm-rules';
import { recordIdQuery } from './pagination';
import { z } from './zod';

/**
 * The beacon's fields. Form values are text, so numbers travel as their digits. user_id and
 * ip_address are what the page knows; the server records the token's user and company and the
 * request's address instead, whatever these say.
 */
export const accessLogFields = z
  .object({
    /** Required (an unknown user sends nothing), never trusted. */
    user_id: recordIdQuery(),
    /** The first path segment of the screen; 'home' when empty or absent. */
    controller: z
      .string()
      .trim()
      .max(ACCESS_LOG_LIMITS.controller)
      .optional()
      .transform((v) => v || DEFAULT_ACCESS_LOG_CONTROLLER),
    ip_address: z.string().max(64).nullish(),
    /** Seconds of activity on the screen. */
    active_time: z
      .union([z.number(), z.string().regex(/^(0|[1-9][0-9]{0,5})$/, { message: 'deve ser um número inteiro de segundos' })])
      .pipe(z.coerce.number<string | number>().int().min(0).max(ACCESS_LOG_LIMITS.activeTimeSeconds)),
    /** The screen's id parameter; anything that is not a record id (absent, 'null', a slug) is null. */
    resource_id: z
      .string()
      .max(20)
      .nullish()
      .transform((v) => (v && RECORD_ID_PATTERN.test(v) ? Number(v) : null)),
  })
  .strict();

/** The body, as a form (`access_log[user_id]=...`) or the same object as JSON. */
export const accessLogInput = z.object({ access_log: accessLogFields }).strict();
export type AccessLogInput = z.input<typeof accessLogInput>;
export type AccessLogEntry = z.output<typeof accessLogFields>;

/** GET /api/access-logs/report: calendar days in the business time zone, both included. */
export const accessReportInput = z
  .object({ start_date: dateField, end_date: dateField })
  .strict()
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: CLIENT_FIELD_MESSAGES.endBeforeStart });
    else if (daysInRange(v.start_date, v.end_date) > ACCESS_LOG_LIMITS.reportDays)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: `o período pode ter no máximo ${ACCESS_LOG_LIMITS.reportDays} dias` });
  });
export type AccessReportInput = z.infer<typeof accessReportInput>;

export const accessReportRowSchema = z.object({
  user_id: z.number().int(),
  /** Null for a user no longer in the agency. */
  user_name: z.string().nullable(),
  controller: z.string(),
  /** Seconds. */
  active_time: z.number().int(),
  visits: z.number().int(),
  /** ISO instant of the latest beacon. */
  last_access: z.string(),
});
export type AccessReportRow = z.infer<typeof accessReportRowSchema>;

export const accessReportDaySchema = z.object({
  date: z.string(),
  active_time: z.number().int(),
  visits: z.number().int(),
});
export type AccessReportDay = z.infer<typeof accessReportDaySchema>;

export const accessReportOutput = z.object({
  start_date: z.string(),
  end_date: z.string(),
  total_active_time: z.number().int(),
  total_visits: z.number().int(),
  /** Per user and screen, the most active first. */
  rows: z.array(accessReportRowSchema),
  /** Every day of the period, in order, zero when nothing was logged. */
  days: z.array(accessReportDaySchema),
});
export type AccessReport = z.infer<typeof accessReportOutput>;
