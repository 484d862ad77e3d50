// "Colar reserva": the flights in what an agent pastes from a GDS or an airline's receipt, and the
// lines that gave none. Pure: the year of a date written without one comes from `today`.
import { ARRIVAL_OFFSET, addDays, arrivalDate, daysBetween, inferredDate } from './dates';
import { readGdsLine, readOperatedBy } from './gds';
import type { RawSegment, TextLine } from './raw-segment';
import { readReceipts } from './receipts';
import { type ItinerarySegment, itineraryLines, type ParsedItinerary } from './schemas';

/**
 * The segment with its dates settled: the departure's year as written or inferred from `today`
 * (past this year's: next year's); the arrival's from the day written beside it, else the
 * departure's plus the '+1' marked, else the departure's own on a GDS line (where no mark means the
 * same day) or on a receipt whose arrival time is not before the departure's. Null when a date does
 * not exist or the arrival's date and its mark disagree.
 */
function settled(raw: RawSegment, today: string): ItinerarySegment | null {
  const departure = inferredDate(raw.departure, today);
  if (!departure) return null;
  let arrival: string | null;
  if (raw.arrival) {
    arrival = arrivalDate(raw.arrival, departure);
    if (!arrival || (raw.day_offset !== null && daysBetween(departure, arrival) !== raw.day_offset)) return null;
  } else if (raw.day_offset !== null) {
    if (raw.day_offset < ARRIVAL_OFFSET.min || raw.day_offset > ARRIVAL_OFFSET.max) return null;
    arrival = addDays(departure, raw.day_offset);
  } else {
    const sameDay =
      raw.same_day_unless_marked || (raw.departure_time !== null && raw.arrival_time !== null && raw.arrival_time >= raw.departure_time);
    arrival = sameDay && raw.arrival_time !== null ? departure : null;
  }
  return {
    line: raw.lines[0] as number,
    source: raw.source,
    airline: raw.airline,
    flight_number: raw.flight_number,
    booking_class: raw.booking_class,
    origin: raw.origin,
    destination: raw.destination,
    departure_date: departure,
    departure_time: raw.departure_time,
    arrival_date: arrival,
    arrival_time: raw.arrival_time,
    arrival_day_offset: arrival === null ? null : daysBetween(departure, arrival),
    status: raw.status,
    operated_by: raw.operated_by,
    locator: raw.locator,
  };
}

/**
 * Reads every flight segment of `text` in the order written. A line is read whole or reported in
 * `unread_lines` as pasted, never guessed at; blank lines are neither.
 */
export function parseItinerary(text: string, today: string): ParsedItinerary {
  const lines: TextLine[] = itineraryLines(text).map((t, i) => ({ line: i + 1, text: t }));
  const raws: RawSegment[] = [];
  const taken = new Set<number>();
  let last: RawSegment | null = null;
  for (const { line, text: t } of lines) {
    const gds = readGdsLine(t, line);
    const operator: string | null = last ? readOperatedBy(t) : null;
    if (gds) {
      raws.push(gds);
      taken.add(line);
    } else if (last && operator) {
      // The codeshare line under a GDS segment.
      last.operated_by = operator;
      last.lines.push(line);
      taken.add(line);
    }
    last = gds ?? (operator ? null : t.trim() ? null : last);
  }
  raws.push(...readReceipts(lines, taken));

  const read = new Set<number>();
  const segments: ItinerarySegment[] = [];
  for (const raw of raws.sort((a, b) => (a.lines[0] as number) - (b.lines[0] as number))) {
    const segment = settled(raw, today);
    if (!segment) continue;
    segments.push(segment);
    for (const l of raw.lines) read.add(l);
  }
  return {
    segments,
    unread_lines: lines.filter((l) => l.text.trim() && !read.has(l.line)).map((l) => ({ line: l.line, text: l.text })),
  };
}
