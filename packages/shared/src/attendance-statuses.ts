// The attendance statuses and the list's status filter, apart from the funnel's rules: the web
// app reads a status from the list's address before the screen's code has loaded.
import { AttendanceStatus } from '@app/db/browser';

/** The schema's enum (prisma/schema.prisma), declared there only. */
export type { AttendanceStatus };
export const ATTENDANCE_STATUSES: readonly AttendanceStatus[] = Object.values(AttendanceStatus);

/** A list filter by status, plus 'expired' (open and past its travel date). */
export const ATTENDANCE_LIST_STATUSES = [...ATTENDANCE_STATUSES, 'expired'] as const;
export type AttendanceListStatus = (typeof ATTENDANCE_LIST_STATUSES)[number];
