import { describe, expect, it } from 'vitest';
import {
  activeFunnelGroup,
  attendanceStatusTag,
  bigNumberDifferences,
  businessDate,
  businessDayStart,
  businessMonthBounds,
  funnelDropTransition,
  funnelGroupOf,
} from './funnel';

describe('activeFunnelGroup (scroll thresholds)', () => {
  const all = ['negotiations', 'sales', 'losses'] as const;

  it('three visible: up to 0.33 negotiations, up to 0.66 sales, else losses', () => {
    expect(activeFunnelGroup(all, 0)).toBe('negotiations');
    expect(activeFunnelGroup(all, 0.33)).toBe('negotiations');
    expect(activeFunnelGroup(all, 0.3301)).toBe('sales');
    expect(activeFunnelGroup(all, 0.66)).toBe('sales');
    expect(activeFunnelGroup(all, 0.6601)).toBe('losses');
    expect(activeFunnelGroup(all, 1)).toBe('losses');
  });

  it('two visible: up to 0.2 the first, else the second, in screen order', () => {
    expect(activeFunnelGroup(['losses', 'negotiations'], 0.2)).toBe('negotiations');
    expect(activeFunnelGroup(['losses', 'negotiations'], 0.2001)).toBe('losses');
    expect(activeFunnelGroup(['sales', 'losses'], 0)).toBe('sales');
    expect(activeFunnelGroup(['sales', 'losses'], 0.9)).toBe('losses');
  });

  it('one visible is always active; none gives null; a bad ratio counts as the top', () => {
    expect(activeFunnelGroup(['sales'], 0.99)).toBe('sales');
    expect(activeFunnelGroup([], 0.5)).toBeNull();
    expect(activeFunnelGroup(all, Number.NaN)).toBe('negotiations');
    expect(activeFunnelGroup(all, -1)).toBe('negotiations');
  });
});

describe('bigNumberDifferences', () => {
  it('derives win/open/lost from sales/negotiations/losses with the differences from last month', () => {
    const result = bigNumberDifferences({
      sales: { this_month: 12, last_month: 8 },
      negotiations: { this_month: 5, last_month: 10 },
      losses: { this_month: 3, last_month: 3 },
    });
    expect(result.win).toEqual({ this_month: 12, last_month: 8, difference: 4, difference_percent: 50, trend: 'up' });
    expect(result.open).toEqual({ this_month: 5, last_month: 10, difference: -5, difference_percent: -50, trend: 'down' });
    expect(result.lost).toEqual({ this_month: 3, last_month: 3, difference: 0, difference_percent: 0, trend: 'steady' });
  });

  it('has no percentage when last month was zero, and rounds to one decimal', () => {
    const result = bigNumberDifferences({
      sales: { this_month: 4, last_month: 0 },
      negotiations: { this_month: 0, last_month: 0 },
      losses: { this_month: 1, last_month: 3 },
    });
    expect(result.win).toMatchObject({ difference: 4, difference_percent: null, trend: 'up' });
    expect(result.open).toMatchObject({ difference: 0, difference_percent: null, trend: 'steady' });
    expect(result.lost).toMatchObject({ difference: -2, difference_percent: -66.7, trend: 'down' });
  });
});

describe('expired tag and business dates', () => {
  it('tags only open attendances whose start date is before today', () => {
    expect(attendanceStatusTag('open', '2026-03-09', '2026-03-10')).toBe('expired');
    expect(attendanceStatusTag('open', '2026-03-10', '2026-03-10')).toBeNull();
    expect(attendanceStatusTag('open', null, '2026-03-10')).toBeNull();
    expect(attendanceStatusTag('won', '2020-01-01', '2026-03-10')).toBeNull();
    expect(attendanceStatusTag('lost', '2020-01-01', '2026-03-10')).toBeNull();
  });

  it('uses the São Paulo calendar: 01:00 UTC is still the previous day there', () => {
    expect(businessDate(new Date('2026-03-10T01:00:00Z'))).toBe('2026-03-09');
    expect(businessDate(new Date('2026-03-10T03:00:00Z'))).toBe('2026-03-10');
    expect(businessDayStart('2026-03-01').toISOString()).toBe('2026-03-01T03:00:00.000Z');
  });

  it('month bounds cross the year boundary', () => {
    const b = businessMonthBounds(new Date('2026-01-15T12:00:00Z'));
    expect(b.lastMonth.toISOString()).toBe('2025-12-01T03:00:00.000Z');
    expect(b.thisMonth.toISOString()).toBe('2026-01-01T03:00:00.000Z');
    expect(b.nextMonth.toISOString()).toBe('2026-02-01T03:00:00.000Z');
    // 31 Jan 23:30 in São Paulo is already February in UTC, but still January for the agency.
    expect(businessMonthBounds(new Date('2026-02-01T02:30:00Z')).thisMonth.toISOString()).toBe('2026-01-01T03:00:00.000Z');
  });

  it('maps statuses to their funnel column', () => {
    expect(funnelGroupOf('open')).toBe('negotiations');
    expect(funnelGroupOf('won')).toBe('sales');
    expect(funnelGroupOf('canceled')).toBe('sales');
    expect(funnelGroupOf('lost')).toBe('losses');
  });
});

describe('funnelDropTransition (a card dropped on a column)', () => {
  it('wins or loses an open card, reopens a closed one, and does nothing else', () => {
    expect(funnelDropTransition('open', 'sales')).toBe('won');
    expect(funnelDropTransition('open', 'losses')).toBe('lost');
    expect(funnelDropTransition('open', 'negotiations')).toBeNull();
    expect(funnelDropTransition('won', 'negotiations')).toBe('reopened');
    expect(funnelDropTransition('lost', 'negotiations')).toBe('reopened');
    expect(funnelDropTransition('canceled', 'negotiations')).toBe('reopened');
    expect(funnelDropTransition('won', 'losses')).toBeNull();
    expect(funnelDropTransition('lost', 'sales')).toBeNull();
    expect(funnelDropTransition('canceled', 'sales')).toBeNull();
  });
});
