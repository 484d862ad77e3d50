// Access logs: the beacons' rows (written in batches, see accessLogWriter) with their daily sums
// per user and screen (access_log_days, which the owner's report reads), and the retention that
// keeps both tables bounded.
import { type Db, Prisma } from '@app/db';
import { type AccessReport, type AccessReportInput, BUSINESS_TIME_ZONE, daysInRange } from '@app/shared';
import type { LastSeen } from '../../platform/last-seen';

/** One beacon as stored: company and user from the token, the address from the request. */
export type AccessLogRow = {
  company_id: number;
  user_id: number;
  controller: string;
  resource_id: number | null;
  ip_address: string;
  active_time: number;
  /** ISO instant the beacon arrived. */
  created_at: string;
};

export type AccessLogWriter = {
  /** Resolves once the row is stored (or rejects with the failure of its batch). */
  write(row: AccessLogRow): Promise<void>;
  /** Resolves when every accepted row is written (graceful stop). */
  drain(): Promise<void>;
};

/** The key of a user's last beacon in the platform's beacon clock. */
export const beaconClockKey = (userId: number) => `user:${userId}`;

/**
 * The seconds a beacon credits. A person is active on one screen at a time, so a beacon claims at
 * most the time since the same user's previous beacon arrived (any screen, any process: `clock`
 * is shared through Redis when configured); beacons faster than that (replayed, scripted, two tabs
 * reporting the same minutes) credit only the time between them. Without a previous beacon in the
 * last day, the claim stands (the schema caps it at a day).
 */
export async function creditedActiveTime(clock: LastSeen, userId: number, claimedSeconds: number, now = Date.now()): Promise<number> {
  const previous = await clock.swap(beaconClockKey(userId), now);
  if (previous === null) return claimedSeconds;
  return Math.min(claimedSeconds, Math.max(0, Math.round((now - previous) / 1000)));
}

/** The largest batch one statement carries. */
export const ACCESS_LOG_BATCH_ROWS = 500;

/**
 * Group commit: a beacon's row is written at once when no INSERT is under way; rows arriving
 * during one wait and all go in the next, as one statement (up to ACCESS_LOG_BATCH_ROWS, see
 * insertAccessLogs). So an idle server adds no delay, a busy one makes one statement and one commit for many beacons,
 * and every beacon is answered only once its row is stored: nothing accepted is lost, even if the
 * process dies, and there is no timer to flush.
 */
export function accessLogWriter(db: Db): AccessLogWriter {
  let waiting: { row: AccessLogRow; done: (error?: unknown) => void }[] = [];
  let writing: Promise<void> | null = null;

  function flush() {
    const batch = waiting.slice(0, ACCESS_LOG_BATCH_ROWS);
    waiting = waiting.slice(batch.length);
    writing = insertAccessLogs(
      db,
      batch.map((p) => p.row),
    )
      .then(
        () => {
          for (const p of batch) p.done();
        },
        (error: unknown) => {
          for (const p of batch) p.done(error);
        },
      )
      .finally(() => {
        writing = null;
        if (waiting.length) flush();
      });
  }

  return {
    write(row) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ row, done: (error) => (error ? reject(error) : resolve()) });
        if (!writing) flush();
      });
    },
    async drain() {
      while (writing) await writing;
    },
  };
}

/**
 * One statement for the batch, so rows and sums never disagree: the rows travel as one JSON
 * parameter (a single statement text, prepared once), go into access_logs, and their sums per
 * company, business day, user and screen are added to access_log_days. The groups are upserted in
 * key order so concurrent batches (several processes) lock the same rows in the same order and
 * wait for each other instead of deadlocking.
 */
export async function insertAccessLogs(db: Db, rows: AccessLogRow[]): Promise<void> {
  if (!rows.length) return;
  // created_at is UTC wall time in a timestamp column: the ISO text's 'Z' is ignored by the cast.
  await db.$executeRaw`
    WITH r AS (
      SELECT r.company_id, r.user_id, r.controller, r.resource_id, r.ip_address, r.active_time, r.created_at::timestamp(3) AS created_at
      FROM json_to_recordset(${JSON.stringify(rows)}::json)
        AS r(company_id int, user_id int, controller text, resource_id int, ip_address text, active_time int, created_at text)
    ), logged AS (
      INSERT INTO access_logs (company_id, user_id, controller, resource_id, ip_address, active_time, created_at)
      SELECT company_id, user_id, controller, resource_id, ip_address, active_time, created_at FROM r
    )
    INSERT INTO access_log_days AS d (company_id, day, user_id, controller, active_time, visits, last_access)
    SELECT company_id, ((created_at AT TIME ZONE 'UTC') AT TIME ZONE ${BUSINESS_TIME_ZONE}::text)::date, user_id, controller,
      sum(active_time), count(*), max(created_at)
    FROM r
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, day, user_id, controller) DO UPDATE SET
      active_time = d.active_time + EXCLUDED.active_time,
      visits = d.visits + EXCLUDED.visits,
      last_access = GREATEST(d.last_access, EXCLUDED.last_access)`;
}

type ReportRow = {
  rows: { user_id: number; user_name: string | null; controller: string; active_time: number; visits: number; last_access: string }[];
  /** The business days with activity, 'YYYY-MM-DD'. */
  days: { day: string; active_time: number; visits: number }[];
};

/**
 * The report's statement (the benchmark explains it as is). It reads access_log_days alone, whose
 * rows the beacons' writer keeps summed per business day, user and screen: a month is at most
 * days x users x screens rows (thousands), whatever the number of beacons.
 */
export function accessReportSql(companyId: number, input: AccessReportInput): Prisma.Sql {
  return Prisma.sql`
    WITH groups AS (
      SELECT d.day, d.user_id, d.controller, d.active_time, d.visits, d.last_access
      FROM access_log_days d
      WHERE d.company_id = ${companyId} AND d.day BETWEEN ${input.start_date}::date AND ${input.end_date}::date
    )
    SELECT
      (SELECT COALESCE(json_agg(r ORDER BY r.active_time DESC, r.user_name, r.controller), '[]') FROM (
        SELECT g.user_id, u.name AS user_name, g.controller, sum(g.active_time)::bigint AS active_time,
          sum(g.visits)::bigint AS visits, to_char(max(g.last_access), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_access
        FROM groups g LEFT JOIN users u ON u.id = g.user_id AND u.company_id = ${companyId}
        GROUP BY g.user_id, u.name, g.controller) r) AS rows,
      (SELECT COALESCE(json_agg(d ORDER BY d.day), '[]') FROM (
        SELECT to_char(g.day, 'YYYY-MM-DD') AS day, sum(g.active_time)::bigint AS active_time, sum(g.visits)::bigint AS visits
        FROM groups g GROUP BY g.day) d) AS days`;
}

/**
 * The agency's activity in the period, in one statement: the period's daily sums, added up per
 * user and screen and per day; the days without activity are filled with zeros here.
 */
export async function accessReport(db: Db, companyId: number, input: AccessReportInput): Promise<AccessReport> {
  const [result] = await db.$queryRaw<ReportRow[]>(accessReportSql(companyId, input));
  const logged = new Map((result?.days ?? []).map((d) => [d.day, d]));
  const days = Array.from({ length: daysInRange(input.start_date, input.end_date) }, (_, i) => {
    const date = addDays(input.start_date, i);
    return { date, active_time: logged.get(date)?.active_time ?? 0, visits: logged.get(date)?.visits ?? 0 };
  });
  return {
    start_date: input.start_date,
    end_date: input.end_date,
    total_active_time: days.reduce((sum, d) => sum + d.active_time, 0),
    total_visits: days.reduce((sum, d) => sum + d.visits, 0),
    rows: result?.rows ?? [],
    days,
  };
}

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Rows one DELETE removes: short statements, so beacons never wait long on the table. */
export const RETENTION_BATCH_ROWS = 10_000;

/**
 * Deletes the rows older than `retentionDays`, a batch at a time (by the created_at index), and the
 * daily sums of the business days wholly before that instant (one statement: a few thousand rows a
 * day at most); returns how many rows of access_logs went.
 */
export async function deleteExpiredAccessLogs(
  db: Db,
  retentionDays: number,
  now = new Date(),
  batch = RETENTION_BATCH_ROWS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  let deleted = 0;
  for (;;) {
    const n = await db.$executeRaw`
      DELETE FROM access_logs WHERE id IN (SELECT id FROM access_logs WHERE created_at < ${cutoff}::timestamp LIMIT ${batch})`;
    deleted += n;
    if (n < batch) break;
  }
  await db.$executeRaw`
    DELETE FROM access_log_days WHERE day < ((${cutoff}::timestamp AT TIME ZONE 'UTC') AT TIME ZONE ${BUSINESS_TIME_ZONE}::text)::date`;
  return deleted;
}
