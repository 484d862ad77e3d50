// Calendar helpers of the itinerary reader: month names as the GDSs and the airlines' receipts
// write them, the year a date without one falls in, and clock times in 24 h.

/** A day as written: the year is null when the text leaves it out ('10JUL', '15/08'). */
export type WrittenDate = { day: number; month: number; year: number | null };

const MONTH_WORDS: Record<string, number> = {};
const months: readonly string[][] = [
  ['jan', 'janeiro', 'ene', 'enero', 'january'],
  ['fev', 'fevereiro', 'feb', 'febrero', 'february'],
  ['mar', 'marco', 'marzo', 'march'],
  ['abr', 'abril', 'apr', 'april'],
  ['mai', 'maio', 'may', 'mayo'],
  ['jun', 'junho', 'junio', 'june'],
  ['jul', 'julho', 'julio', 'july'],
  ['ago', 'agosto', 'aug', 'august'],
  ['set', 'setembro', 'sep', 'sept', 'septiembre', 'setiembre', 'september'],
  ['out', 'outubro', 'oct', 'octubre', 'october'],
  ['nov', 'novembro', 'noviembre', 'november'],
  ['dez', 'dezembro', 'dic', 'diciembre', 'dec', 'december'],
];
months.forEach((words, index) => {
  for (const word of words) MONTH_WORDS[word] = index + 1;
});

/** The month (1-12) of a month name or abbreviation in Portuguese, Spanish or English, folded to lower case without accents. */
export function monthOf(word: string): number | null {
  return MONTH_WORDS[word] ?? null;
}

/** '2026-07-10', or null when the day does not exist (31 June, 29 February of a common year). */
export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** A two-digit year is this century's ('26' -> 2026). */
export const fullYear = (year: number) => (year < 100 ? 2000 + year : year);

/**
 * The date of a day written without a year, as seen on `today` ('YYYY-MM-DD'): this year's, or next
 * year's when this year's is already past (in December, '10JAN' is next January). Null when the day
 * does not exist in that year.
 */
export function inferredDate(written: WrittenDate, today: string): string | null {
  if (written.year !== null) return isoDate(fullYear(written.year), written.month, written.day);
  const year = Number(today.slice(0, 4));
  const thisYear = isoDate(year, written.month, written.day);
  if (thisYear && thisYear >= today) return thisYear;
  return isoDate(year + 1, written.month, written.day);
}

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** How many days after its departure a flight may land (or, across the date line, before). */
export const ARRIVAL_OFFSET = { min: -1, max: 3 } as const;

/**
 * The arrival date of a day written without a year: the year that puts it within the offsets a
 * flight can have from its departure (31DEC -> 01JAN is next year's). Null when none does.
 */
export function arrivalDate(written: WrittenDate, departure: string): string | null {
  const year = Number(departure.slice(0, 4));
  const years = written.year !== null ? [fullYear(written.year)] : [year - 1, year, year + 1];
  for (const candidate of years) {
    const date = isoDate(candidate, written.month, written.day);
    if (!date) continue;
    const offset = daysBetween(departure, date);
    if (offset >= ARRIVAL_OFFSET.min && offset <= ARRIVAL_OFFSET.max) return date;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' of a 24 h clock, or null when it is no time of day. */
export function clock(hours: number, minutes: number): string | null {
  if (hours > 23 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}

/**
 * 'HH:MM' of a 12 h clock: A(M) and P(M), and the GDSs' N (noon) and M (midnight), which only
 * 12:00 takes. Null for anything else (13:05 PM).
 */
export function clock12(hours: number, minutes: number, half: string): string | null {
  if (hours < 1 || hours > 12) return null;
  switch (half.toUpperCase()) {
    case 'A':
      return clock(hours % 12, minutes);
    case 'P':
      return clock((hours % 12) + 12, minutes);
    case 'N':
      return hours === 12 && minutes === 0 ? '12:00' : null;
    case 'M':
      return hours === 12 && minutes === 0 ? '00:00' : null;
    default:
      return null;
  }
}
