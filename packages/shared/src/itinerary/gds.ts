// Segment lines of the GDS displays agents copy from: Amadeus, Sabre and Galileo (Travelport).
// Each reader takes one line whole or not at all; anything else on the line (e-ticket flags,
// the airline's locator) sits after the arrival time.
import { AIRLINE_CODE_PATTERN, parseFlightNumber } from '../flights';
import { clock, clock12, monthOf, type WrittenDate } from './dates';
import type { RawSegment } from './raw-segment';

//  2  LA8010 Y 10JUL 6 GRUEZE HK2  0805 1100  10JUL  E  LA/ABCDEF
const AMADEUS =
  /^\s*\d{1,3}\s+([A-Z\d]{2})\s{0,3}(\d{1,4})\s+([A-Z])\s+(\d{1,2})([A-Z]{3})\s+[1-7]\s?\*?\s?([A-Z]{3})([A-Z]{3})\s+([A-Z]{2})\d{0,3}\s+(\d{4})\s+(\d{4})(?:\s?([+-]\d))?(?:\s+(.*))?$/;
//  1 LA 8010Y 10JUL 6 GRUEZE HK2   805A 1100A /DCLA*ABCDEF /E
const SABRE =
  /^\s*\d{1,3}\s+([A-Z\d]{2})\s{0,3}(\d{1,4})([A-Z])\s+(\d{1,2})([A-Z]{3})\s+[1-7MTWQFJS]\s+([A-Z]{3})([A-Z]{3})\*?\s+([A-Z]{2})\d{0,3}\s+(\d{3,4}[APNM])\s+(\d{3,4}[APNM])(?:\s?([+-]\d))?(?:\s+(.*))?$/;
//  1. LA 8010 Y  10JUL GRUEZE HK2   805A  1100A O*  SA
const GALILEO =
  /^\s*\d{1,3}\.\s?([A-Z\d]{2})\s{0,3}(\d{1,4})\s?([A-Z])\s+(\d{1,2})([A-Z]{3})\s+([A-Z]{3})([A-Z]{3})\s+([A-Z]{2})\d{0,3}\s+(\d{3,4}[APNM])\s+(\d{3,4}[APNM])(?:\s?([+-]\d|#))?(?:\s+(.*))?$/;

/** The arrival date some displays print after the times ('11MAR'; Sabre adds the weekday). */
const ARRIVAL_DATE = /^(\d{2})([A-Z]{3})(?:\s|$)/;
/** Amadeus: the airline's own locator ('LA/ABCDEF'); Sabre: '/DCLA*ABCDEF'. */
const AMADEUS_LOCATOR = /(?:^|\s)[A-Z\d]{2}\/([A-Z\d]{6})(?=\s|$)/;
const SABRE_LOCATOR = /\/DC[A-Z\d]{2}\*([A-Z\d]{5,8})(?=[\s/]|$)/;
/** The line under a codeshare segment: 'OPERATED BY LATAM AIRLINES BRASIL' (Sabre: 'OPERATED BY /LATAM ...'). */
const OPERATED_BY = /^\s*\/?OPERATED BY\s*(?:\/\s*)?(\S.*)$/i;

/** `locator`: where the line holds the airline's locator (Galileo prints it in the header only). */
type Format = { source: RawSegment['source']; pattern: RegExp; time: (text: string) => string | null; locator: RegExp | null };

const time24 = (text: string) => clock(Number(text.slice(0, 2)), Number(text.slice(2)));
const time12 = (text: string) => {
  const digits = text.slice(0, -1);
  return clock12(Number(digits.slice(0, -2)), Number(digits.slice(-2)), text.slice(-1));
};

const FORMATS: Format[] = [
  { source: 'amadeus', pattern: AMADEUS, time: time24, locator: AMADEUS_LOCATOR },
  { source: 'sabre', pattern: SABRE, time: time12, locator: SABRE_LOCATOR },
  { source: 'galileo', pattern: GALILEO, time: time12, locator: null },
];

function written(day: string, month: string): WrittenDate | null {
  const m = monthOf(month.toLowerCase());
  return m ? { day: Number(day), month: m, year: null } : null;
}

/** '+1', '-1'; Galileo's '#' is the next day. */
function dayOffset(mark: string | undefined): number | null {
  if (!mark) return null;
  return mark === '#' ? 1 : Number(mark);
}

/** A GDS segment line, or null when the line is none (or is one with an impossible value). */
export function readGdsLine(text: string, line: number): RawSegment | null {
  for (const format of FORMATS) {
    const m = format.pattern.exec(text);
    if (!m) continue;
    const [, airline = '', number = '', bookingClass = '', day = '', month = '', origin = '', destination = ''] = m;
    const [status = '', departs = '', arrives = '', mark, rest = ''] = m.slice(8);
    const flight = parseFlightNumber(number);
    const departure = written(day, month);
    const departureTime = format.time(departs);
    const arrivalTime = format.time(arrives);
    if (!AIRLINE_CODE_PATTERN.test(airline) || !flight || !departure || !departureTime || !arrivalTime || origin === destination)
      return null;
    const arrivalMatch = ARRIVAL_DATE.exec(rest);
    const arrival = arrivalMatch ? written(arrivalMatch[1] as string, arrivalMatch[2] as string) : null;
    if (arrivalMatch && !arrival) return null;
    return {
      source: format.source,
      lines: [line],
      airline,
      flight_number: flight.number,
      booking_class: bookingClass,
      origin,
      destination,
      departure,
      departure_time: departureTime,
      arrival,
      arrival_time: arrivalTime,
      day_offset: dayOffset(mark),
      same_day_unless_marked: true,
      status,
      operated_by: null,
      locator: format.locator?.exec(rest)?.[1] ?? null,
    };
  }
  return null;
}

/** The carrier named on the line under a codeshare segment, or null when the line is not that. */
export function readOperatedBy(text: string): string | null {
  return OPERATED_BY.exec(text)?.[1]?.trimEnd() ?? null;
}
