// Day filters of the lists, counted as the agency dashboard counts its figures (dashboard_day in
// migration agency_dashboard_stats): a timestamp, stored in UTC, belongs to its calendar day in the
// agency's zone. Written as a range of instants, so the column's index answers it.
import { type RawBuilder, type SqlBool, sql } from '@app/db';
import { BUSINESS_TIME_ZONE } from '@app/shared';

/** The UTC instant a day of the agency's zone starts at (`day` is a date parameter). */
const dayStart = (day: unknown) => sql<Date>`((${day})::timestamp AT TIME ZONE ${sql.lit(BUSINESS_TIME_ZONE)}) AT TIME ZONE 'UTC'`;

/** `column` (a UTC timestamp) on or after the day `from`, or on or before the day `to`, in the agency's zone. */
export function onOrAfterDay(column: unknown, from: unknown): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} >= ${dayStart(sql`${from}::date`)}`;
}

export function onOrBeforeDay(column: unknown, to: unknown): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} < ${dayStart(sql`${to}::date + 1`)}`;
}
