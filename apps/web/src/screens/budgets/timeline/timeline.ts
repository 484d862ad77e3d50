// A proposal's services as a day-by-day timeline: flights by each segment's departure, hotels as a
// check-in day and a check-out day, every other service on its start date; services without a date
// go last, under "Sem data". Pure, so the grouping is unit-tested apart from the screen.

/** What the grouping reads of a service (the API's `Service`, or any subset with these fields). */
export type TimelineService = {
  id: number;
  type: string;
  title: string;
  status: string;
  position: number;
  start_date: string | null;
  start_time: string | null;
  end_date: string | null;
  end_time: string | null;
  details: Record<string, unknown>;
};

export type TimelineEntry<S extends TimelineService = TimelineService> = {
  /** Unique in the timeline: a service may show on several days. */
  key: string;
  service: S;
  kind: 'service' | 'segment' | 'check_in' | 'check_out';
  /** 'HH:MM' when known. */
  time: string | null;
  /** Until when, on the same entry: a segment's arrival, a service's end. */
  until: { date: string | null; time: string | null } | null;
  /** Flights: which segment (1-based) of how many, and its flight number. */
  segment?: { index: number; count: number; flight_number: string | null };
};

export type TimelineDay<S extends TimelineService = TimelineService> = { date: string; entries: TimelineEntry<S>[] };
/** Consecutive nights of the trip where nobody sleeps anywhere sold: from the night of `from`, `nights` long. */
export type NightsWithoutStay = { from: string; nights: number };

export type Timeline<S extends TimelineService = TimelineService> = {
  days: TimelineDay<S>[];
  undated: TimelineEntry<S>[];
  nightsWithoutStay: NightsWithoutStay[];
};

type Segment = {
  departure_date?: unknown;
  departure_time?: unknown;
  arrival_date?: unknown;
  arrival_time?: unknown;
  flight_number?: unknown;
};

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** ISO calendar day ('2027-01-12'); timestamps are cut to their day. */
const day = (v: unknown): string | null => {
  const s = text(v);
  return s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
};

function entriesOf<S extends TimelineService>(s: S): { date: string | null; entry: TimelineEntry<S> }[] {
  const segments = s.type === 'air' && Array.isArray(s.details.segments) ? (s.details.segments as Segment[]) : [];
  if (segments.length > 0) {
    return segments.map((seg, i) => ({
      date: day(seg.departure_date),
      entry: {
        key: `${s.id}:segment:${i}`,
        service: s,
        kind: 'segment',
        time: text(seg.departure_time),
        until: { date: day(seg.arrival_date), time: text(seg.arrival_time) },
        segment: { index: i + 1, count: segments.length, flight_number: text(seg.flight_number) },
      },
    }));
  }
  const start = day(s.start_date);
  const end = day(s.end_date);
  if (s.type === 'accommodation' && start) {
    const checkIn = text(s.details.check_in_time) ?? text(s.start_time);
    const checkOut = text(s.details.check_out_time) ?? text(s.end_time);
    const days: { date: string | null; entry: TimelineEntry<S> }[] = [
      { date: start, entry: { key: `${s.id}:check_in`, service: s, kind: 'check_in', time: checkIn, until: null } },
    ];
    if (end && end !== start) {
      days.push({ date: end, entry: { key: `${s.id}:check_out`, service: s, kind: 'check_out', time: checkOut, until: null } });
    }
    return days;
  }
  const until = end && (end !== start || s.end_time) ? { date: end, time: text(s.end_time) } : null;
  return [{ date: start, entry: { key: `${s.id}:service`, service: s, kind: 'service', time: text(s.start_time), until } }];
}

/** Within a day: by time (untimed entries first, as all-day items), then the services' order in the proposal. */
function compare(a: TimelineEntry, b: TimelineEntry): number {
  if (a.time !== b.time) {
    if (a.time === null) return -1;
    if (b.time === null) return 1;
    return a.time < b.time ? -1 : 1;
  }
  return a.service.position - b.service.position || a.service.id - b.service.id || a.key.localeCompare(b.key);
}

const nextDay = (date: string): string => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** Each night from `start` up to the night before `end` (an empty list when `end` is not after it). */
function nights(start: string, end: string): string[] {
  const list: string[] = [];
  for (let night = start; night < end && list.length < 366; night = nextDay(night)) list.push(night);
  return list;
}

/**
 * The trip's nights (from its first dated day to its last) that no stay covers: a hotel from check-in
 * to check-out, a cruise on board, a flight that lands the next day. Cancelled services cover nothing
 * and take no part in the span.
 */
export function nightsWithoutStay(services: readonly TimelineService[]): NightsWithoutStay[] {
  const live = services.filter((s) => s.status !== 'canceled');
  const dates: string[] = [];
  const covered = new Set<string>();
  for (const s of live) {
    const segments = s.type === 'air' && Array.isArray(s.details.segments) ? (s.details.segments as Segment[]) : [];
    if (segments.length > 0) {
      for (const seg of segments) {
        const departure = day(seg.departure_date);
        const arrival = day(seg.arrival_date);
        if (departure) dates.push(departure);
        if (arrival) dates.push(arrival);
        if (departure && arrival) for (const night of nights(departure, arrival)) covered.add(night);
      }
      continue;
    }
    const start = day(s.start_date);
    const end = day(s.end_date);
    if (start) dates.push(start);
    if (end) dates.push(end);
    if ((s.type === 'accommodation' || s.type === 'cruise') && start && end) for (const night of nights(start, end)) covered.add(night);
  }
  if (dates.length === 0) return [];
  dates.sort();
  const gaps: NightsWithoutStay[] = [];
  for (const night of nights(dates[0] as string, dates[dates.length - 1] as string)) {
    if (covered.has(night)) continue;
    const last = gaps[gaps.length - 1];
    if (last && nights(last.from, night).length === last.nights) last.nights += 1;
    else gaps.push({ from: night, nights: 1 });
  }
  return gaps;
}

export function buildTimeline<S extends TimelineService>(services: readonly S[]): Timeline<S> {
  const byDay = new Map<string, TimelineEntry<S>[]>();
  const undated: TimelineEntry<S>[] = [];
  for (const s of services) {
    for (const { date, entry } of entriesOf(s)) {
      if (!date) undated.push(entry);
      else byDay.set(date, [...(byDay.get(date) ?? []), entry]);
    }
  }
  const days = [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, entries]) => ({ date, entries: entries.sort(compare) }));
  return { days, undated: undated.sort(compare), nightsWithoutStay: nightsWithoutStay(services) };
}
