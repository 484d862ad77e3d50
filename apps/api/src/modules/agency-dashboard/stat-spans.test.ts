import { addDays } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { type StatSpan, statSpans } from './stat-spans';

/** How many times each day is counted by the spans (a span of any grain counts each of its days). */
function coverage(spans: StatSpan[]): Map<string, number> {
  const counted = new Map<string, number>();
  for (const [, lo, hi, sign] of spans) {
    for (let at = lo; at < hi; at = addDays(at, 1)) counted.set(at, (counted.get(at) ?? 0) + sign);
  }
  return counted;
}

function expectExactly(spans: StatSpan[], from: string, end: string) {
  const counted = coverage(spans);
  const wrong = [...counted].filter(([day, times]) => times !== (day >= from && day < end ? 1 : 0));
  for (let at = from; at < end; at = addDays(at, 1)) if (!counted.has(at)) wrong.push([at, 0]);
  expect(wrong).toEqual([]);
}

describe('the spans of kept rows that sum to a period', () => {
  it('count every day of the period once and no other day, for any period and today', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 300; i++) {
      const from = addDays('2024-01-01', random(1100));
      const end = addDays(from, 1 + random(800));
      const today = addDays(from, random(900));
      const spans = statSpans(from, end, today);
      expectExactly(spans, from, end);
      expectExactly(statSpans(from, end, today, ['week', 'day']), from, end);
    }
  });

  it("read twelve months ending today as this year's row, last year's December and its last days", () => {
    const spans = statSpans('2025-11-29', '2026-11-29', '2026-11-28');
    expect(spans).toContainEqual(['year', '2026-01-01', '2027-01-01', 1]);
    expect(spans).toContainEqual(['month', '2025-12-01', '2026-01-01', 1]);
    expect(spans.filter(([, , , sign]) => sign === 1).length).toBeLessThanOrEqual(4);
    expectExactly(spans, '2025-11-29', '2026-11-29');
  });

  it('read a past whole month as its one row', () => {
    expect(statSpans('2026-03-01', '2026-04-01', '2026-11-28')).toEqual([['month', '2026-03-01', '2026-04-01', 1]]);
  });
});
