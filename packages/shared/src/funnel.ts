// Attendance statuses, the sales funnel's groups, its scroll thresholds, the big-number
// differences and the 'expired' tag. Pure rules shared by api and web.
import type { AttendanceStatus } from './attendance-statuses';

export { ATTENDANCE_LIST_STATUSES, ATTENDANCE_STATUSES, type AttendanceListStatus, type AttendanceStatus } from './attendance-statuses';

export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  open: 'Em aberto',
  won: 'Ganho',
  lost: 'Perdido',
  canceled: 'Cancelado',
};

/** Status changes, each with its own route (PUT /api/attendances/<action>/{id}). */
export type AttendanceTransition = 'won' | 'lost' | 'canceled' | 'reopened';
export const ATTENDANCE_TRANSITIONS: Record<AttendanceTransition, { from: readonly AttendanceStatus[]; to: AttendanceStatus }> = {
  won: { from: ['open'], to: 'won' },
  lost: { from: ['open'], to: 'lost' },
  canceled: { from: ['won'], to: 'canceled' },
  reopened: { from: ['won', 'lost', 'canceled'], to: 'open' },
};

export function canTransition(status: AttendanceStatus, transition: AttendanceTransition): boolean {
  return ATTENDANCE_TRANSITIONS[transition].from.includes(status);
}

/** The only status tag the funnel uses: an open attendance whose travel date has passed. */
export const ATTENDANCE_STATUS_TAGS = ['expired'] as const;
export type AttendanceStatusTag = (typeof ATTENDANCE_STATUS_TAGS)[number];
export const ATTENDANCE_STATUS_TAG_LABELS: Record<AttendanceStatusTag, string> = { expired: 'Expirado' };

/** Funnel columns, in screen order; the first visible one is the active one. */
export const FUNNEL_GROUPS = ['negotiations', 'sales', 'losses'] as const;
export type FunnelGroup = (typeof FUNNEL_GROUPS)[number];

export const FUNNEL_GROUP_LABELS: Record<FunnelGroup, string> = {
  negotiations: 'Em aberto',
  sales: 'Ganhos',
  losses: 'Perdidos',
};

/** Which statuses each column holds; the sales column also lists canceled sales. */
export const FUNNEL_GROUP_STATUSES: Record<FunnelGroup, readonly AttendanceStatus[]> = {
  negotiations: ['open'],
  sales: ['won', 'canceled'],
  losses: ['lost'],
};

export function funnelGroupOf(status: AttendanceStatus): FunnelGroup {
  return FUNNEL_GROUPS.find((g) => FUNNEL_GROUP_STATUSES[g].includes(status)) as FunnelGroup;
}

/** The move that brings a card into a column: won into sales, lost into losses, reopened into negotiations. */
const FUNNEL_GROUP_ENTRY: Record<FunnelGroup, AttendanceTransition> = { negotiations: 'reopened', sales: 'won', losses: 'lost' };

/**
 * What dropping a card of this status on a column does: that column's move when the status allows
 * it, else nothing (its own column, or a closed attendance onto another closed column).
 */
export function funnelDropTransition(status: AttendanceStatus, group: FunnelGroup): AttendanceTransition | null {
  const transition = FUNNEL_GROUP_ENTRY[group];
  return funnelGroupOf(status) !== group && canTransition(status, transition) ? transition : null;
}

/** Where the funnel's scroll switches group: at 0.33 / 0.66 with three visible groups, at 0.2 with two. */
export const FUNNEL_SCROLL_THRESHOLDS = { three: [0.33, 0.66], two: [0.2] } as const;

/**
 * The group a scroll position (0 = top, 1 = bottom) selects among the visible ones.
 * Order follows FUNNEL_GROUPS whatever order the caller lists them in; none visible gives null.
 */
export function activeFunnelGroup(visibleGroups: readonly FunnelGroup[], scrollRatio: number): FunnelGroup | null {
  const visible = FUNNEL_GROUPS.filter((g) => visibleGroups.includes(g));
  const ratio = Number.isFinite(scrollRatio) ? scrollRatio : 0;
  if (visible.length === 0) return null;
  if (visible.length === 1) return visible[0] ?? null;
  const thresholds: readonly number[] = visible.length === 2 ? FUNNEL_SCROLL_THRESHOLDS.two : FUNNEL_SCROLL_THRESHOLDS.three;
  const index = thresholds.findIndex((limit) => ratio <= limit);
  return visible[index === -1 ? thresholds.length : index] ?? null;
}

/** Funnel big numbers as the API returns them (attendance counts per calendar month). */
export type MonthFigures = { this_month: number; last_month: number };
export type FunnelBigNumbers = Record<FunnelGroup, MonthFigures>;

export type BigNumberFigure = MonthFigures & {
  /** this_month - last_month */
  difference: number;
  /** Change relative to last month in percent, one decimal; null when last month was 0. */
  difference_percent: number | null;
  trend: 'up' | 'down' | 'steady';
};
export type BigNumberDifferences = { win: BigNumberFigure; open: BigNumberFigure; lost: BigNumberFigure };

function figure({ this_month, last_month }: MonthFigures): BigNumberFigure {
  const difference = this_month - last_month;
  return {
    this_month,
    last_month,
    difference,
    difference_percent: last_month === 0 ? null : Math.round((difference / last_month) * 1000) / 10,
    trend: difference > 0 ? 'up' : difference < 0 ? 'down' : 'steady',
  };
}

/** Win (sales), open (negotiations) and lost (losses), each against last month. */
export function bigNumberDifferences(bigNumbers: FunnelBigNumbers): BigNumberDifferences {
  return { win: figure(bigNumbers.sales), open: figure(bigNumbers.negotiations), lost: figure(bigNumbers.losses) };
}

/** Calendar dates (travel dates, expiry, month boundaries) are those of the agencies' country. */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

const wallClock = new Intl.DateTimeFormat('sv-SE', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short', timeStyle: 'medium' });
const dateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date ('YYYY-MM-DD') of an instant in the business time zone. */
export function businessDate(at: Date = new Date()): string {
  return dateParts.format(at);
}

/** The instant a business-zone calendar day starts ('2026-03-01' -> 2026-03-01T03:00:00Z). */
export function businessDayStart(date: string): Date {
  const utcMidnight = new Date(`${date}T00:00:00Z`);
  // The zone's offset at that moment: how far its wall clock is from UTC, then shift back by it.
  const wall = new Date(`${wallClock.format(utcMidnight).replace(' ', 'T')}Z`);
  return new Date(utcMidnight.getTime() + (utcMidnight.getTime() - wall.getTime()));
}

/** Starts of last month, this month and next month in the business time zone. */
export function businessMonthBounds(at: Date = new Date()): { lastMonth: Date; thisMonth: Date; nextMonth: Date } {
  const [year, month] = businessDate(at).split('-').map(Number) as [number, number];
  const first = (y: number, m: number) => {
    const d = new Date(Date.UTC(y, m - 1, 1));
    return businessDayStart(d.toISOString().slice(0, 10));
  };
  return { lastMonth: first(year, month - 1), thisMonth: first(year, month), nextMonth: first(year, month + 1) };
}

/**
 * An open attendance is 'expired' once its travel start date is before today
 * (business time zone): the trip it was quoting can no longer be sold. Other statuses never are.
 */
export function attendanceStatusTag(
  status: AttendanceStatus,
  startDate: string | null,
  today: string = businessDate(),
): AttendanceStatusTag | null {
  return status === 'open' && startDate !== null && startDate < today ? 'expired' : null;
}
