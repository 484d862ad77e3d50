import type { Db } from '@app/db';
import {
  type AttendanceFilters,
  type AttendanceStatus,
  buildPagination,
  buildSearchPagination,
  businessDate,
  businessMonthBounds,
  FUNNEL_GROUP_STATUSES,
  FUNNEL_GROUPS,
  type FunnelBalance,
  type FunnelBalanceFigures,
  type FunnelBigNumbers,
  type FunnelGroup,
  type FunnelInput,
  type FunnelOutput,
  type FunnelSublist,
} from '@app/shared';
import { funnelColumns, monthCounts, statusTotals } from './attendance-queries';
import { toFunnelCard } from './attendances.dto';

/**
 * The funnel's columns (or the one of `group`): a page of cards per status (newest first) with
 * each status's count and value under the same filters. Only the statuses shown are read.
 */
export async function funnel(db: Db, companyId: number, input: FunnelInput, today = businessDate()): Promise<FunnelOutput> {
  const shown = (g: FunnelGroup) => !input.group || input.group === g;
  const statuses = FUNNEL_GROUPS.filter(shown).flatMap((g) => FUNNEL_GROUP_STATUSES[g]);
  const { cards, totals } = await funnelColumns(db, companyId, input, statuses, today);
  const sublist = (status: AttendanceStatus): FunnelSublist => ({
    cards: cards[status].map((r) => toFunnelCard(r, today)),
    total_value: totals[status].value,
    pagination: input.search
      ? buildSearchPagination(input.page, input.per_page, totals[status].count)
      : buildPagination(input.page, input.per_page, totals[status].count),
  });
  return {
    ...(shown('negotiations') && { negotiations: { open: sublist('open') } }),
    ...(shown('sales') && { sales: { won: sublist('won'), canceled: sublist('canceled') } }),
    ...(shown('losses') && { losses: { lost: sublist('lost') } }),
  };
}

/**
 * Attendances per calendar month (business time zone): negotiations by the month they were
 * opened, sales by the month they were won, losses by the month they were lost.
 */
export async function funnelBigNumbers(db: Db, companyId: number, filters: AttendanceFilters, now = new Date()): Promise<FunnelBigNumbers> {
  const bounds = businessMonthBounds(now);
  const counts = await monthCounts(db, companyId, filters, {
    ...bounds,
    lastMonthKey: businessDate(bounds.lastMonth),
    thisMonthKey: businessDate(bounds.thisMonth),
  });
  return { negotiations: counts.opened, sales: counts.won, losses: counts.lost };
}

/**
 * The five figures per group. Expired: not canceled and the travel start date is before today;
 * active: neither canceled nor expired (the trip is still ahead).
 */
export async function funnelBalance(db: Db, companyId: number, filters: AttendanceFilters, today = businessDate()): Promise<FunnelBalance> {
  const totals = await statusTotals(db, companyId, filters, today, { expired: true });
  const figures = (statuses: readonly AttendanceStatus[]): FunnelBalanceFigures => {
    const all = statuses.map((s) => totals[s]);
    const live = statuses.filter((s) => s !== 'canceled').map((s) => totals[s]);
    const sum = (rows: typeof all, pick: (t: (typeof all)[number]) => number) => rows.reduce((acc, t) => acc + pick(t), 0);
    return {
      total_attendances: sum(all, (t) => t.count),
      active_attendances: sum(live, (t) => t.count - t.expiredCount),
      expired_attendances: sum(live, (t) => t.expiredCount),
      total_value: sum(all, (t) => t.value),
      active_value: sum(live, (t) => t.value - t.expiredValue),
    };
  };
  return Object.fromEntries(FUNNEL_GROUPS.map((g) => [g, figures(FUNNEL_GROUP_STATUSES[g])])) as FunnelBalance;
}
