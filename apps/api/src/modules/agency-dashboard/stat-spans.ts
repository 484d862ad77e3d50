// Which rows of agency_dashboard_stats sum to a period. Each figure is kept by day, week (Monday),
// month and year; a period is read as a few spans of those grains, added or taken away: twelve
// months ending today are this year's row, less the days of this year still to come (no rows), plus
// what is left of last year. Each span is one index range; the cost is the rows it reads.
export type StatGrain = 'year' | 'month' | 'week' | 'day';
/** [grain, from (inclusive), to (exclusive), +1 to add or -1 to take away]. */
export type StatSpan = [StatGrain, string, string, 1 | -1];

const GRAINS: StatGrain[] = ['year', 'month', 'week', 'day'];
// Rows one unit of each grain holds, roughly (a month holds the keys of ~30 days, but each once).
const UNIT_ROWS: Record<StatGrain, number> = { year: 5, month: 3.5, week: 2.5, day: 1 };
// Each span is one more index descent.
const SPAN_COST = 0.5;

// Days as whole numbers since 1970-01-01 (a Thursday); strings only at the edges.
const DAY_MS = 86_400_000;
const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const toIso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const ym = (day: number) => {
  const d = new Date(day * DAY_MS);
  return [d.getUTCFullYear(), d.getUTCMonth()] as const;
};
const fromYm = (year: number, month: number) => Date.UTC(year, month, 1) / DAY_MS;

function floor(grain: StatGrain, day: number): number {
  if (grain === 'day') return day;
  if (grain === 'week') return day - ((day + 3) % 7);
  const [year, month] = ym(day);
  return grain === 'month' ? fromYm(year, month) : fromYm(year, 0);
}

function next(grain: StatGrain, start: number): number {
  if (grain === 'day') return start + 1;
  if (grain === 'week') return start + 7;
  const [year, month] = ym(start);
  return grain === 'month' ? fromYm(year, month + 1) : fromYm(year + 1, 0);
}

const ceil = (grain: StatGrain, day: number) => (floor(grain, day) === day ? day : next(grain, floor(grain, day)));

/** Units of `grain` in [lo, hi) (both on its boundaries) that start on or before `today`. */
function unitsUpTo(grain: StatGrain, lo: number, hi: number, today: number): number {
  const stop = Math.min(hi, next(grain, floor(grain, today)));
  if (stop <= lo) return 0;
  if (grain === 'day') return stop - lo;
  if (grain === 'week') return (stop - lo) / 7;
  const [y0, m0] = ym(lo);
  const [y1, m1] = ym(stop);
  return grain === 'month' ? (y1 - y0) * 12 + (m1 - m0) : y1 - y0;
}

type Plan = { cost: number; spans: [StatGrain, number, number, 1 | -1][] };

/**
 * The cheapest spans of `grains` (coarsest first, 'day' last) that add up to exactly the days
 * [from, end). Units that start after `today` cost nothing: nothing is kept for days to come.
 */
export function statSpans(from: string, end: string, today: string, grains: StatGrain[] = GRAINS): StatSpan[] {
  const known = new Map<number, Plan>();
  const last = toDay(today);
  const unitsCost = (grain: StatGrain, lo: number, hi: number) => SPAN_COST + UNIT_ROWS[grain] * unitsUpTo(grain, lo, hi, last);
  const best = (lo: number, hi: number, coarsest: number): Plan => {
    if (lo >= hi) return { cost: 0, spans: [] };
    const key = (lo * 100_000 + hi) * 4 + coarsest;
    const seen = known.get(key);
    if (seen) return seen;
    let plan: Plan = { cost: unitsCost('day', lo, hi), spans: [['day', lo, hi, 1]] };
    for (let g = coarsest; g < grains.length; g++) {
      const grain = grains[g] as StatGrain;
      if (grain === 'day') continue;
      for (const start of new Set([floor(grain, lo), ceil(grain, lo)])) {
        for (const stop of new Set([floor(grain, hi), ceil(grain, hi)])) {
          if (start >= stop) continue;
          // What the span takes in beyond [lo, hi) is taken away; what it leaves out is added.
          const left = start < lo ? flipped(best(start, lo, g + 1)) : best(lo, start, g + 1);
          const right = stop > hi ? flipped(best(hi, stop, g + 1)) : best(stop, hi, g + 1);
          const cost = unitsCost(grain, start, stop) + left.cost + right.cost;
          if (cost < plan.cost) plan = { cost, spans: [[grain, start, stop, 1], ...left.spans, ...right.spans] };
        }
      }
    }
    known.set(key, plan);
    return plan;
  };
  const flipped = (plan: Plan): Plan => ({
    cost: plan.cost,
    spans: plan.spans.map(([g, lo, hi, sign]) => [g, lo, hi, sign === 1 ? -1 : 1]),
  });
  return best(toDay(from), toDay(end), 0).spans.map(([g, lo, hi, sign]) => [g, toIso(lo), toIso(hi), sign]);
}
