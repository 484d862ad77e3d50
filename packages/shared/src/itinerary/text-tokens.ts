// The values inside a receipt's text: dates, clock times, airport codes and the '+1' of a next-day
// arrival, each found and blanked out in turn so that one is never read as another.
import { clock, clock12, fullYear, isoDate, monthOf, type WrittenDate } from './dates';

/** Lower case without accents, one character for one, so that positions match the text as pasted. */
export function fold(text: string): string {
  let out = '';
  for (const unit of text.split('')) {
    const base = (unit.normalize('NFD')[0] ?? unit).toLowerCase();
    out += base.length === 1 ? base : unit;
  }
  return out;
}

export type Tokens = {
  dates: WrittenDate[];
  /** A date that cannot be read one way only (04/05 on an English receipt). */
  ambiguous: boolean;
  times: string[];
  codes: string[];
  offset: number | null;
  /** The folded words left once the values are taken out. */
  words: string[];
};

// Capitals that are no airport when they stand alone on a receipt written in capitals.
const NOT_AIRPORTS = new Set(
  (
    'JAN FEV FEB MAR ABR APR MAI MAY JUN JUL AGO AUG SET SEP OUT OCT NOV DEZ DEC ENE DIC ' +
    'SEG TER QUA QUI SEX SAB DOM MON TUE WED THU FRI SAT SUN LUN MIE JUE VIE ' +
    'SAO VOO DIA DAY THE AND POR DEL LOS LAS VIA AIR TAP GOL LAN BRL USD EUR ARS'
  ).split(' '),
);

const ISO_DATE = /(?<!\d)(20\d{2})-(\d{2})-(\d{2})(?!\d)/g;
/** 10/03, 10/03/2026, 10/03/26, 10.03.2026 (with a dot only with the year: 08.05 may be a time). */
const NUMERIC_DATE = /(?<![\d/.:])(\d{1,2})(?:\/(\d{1,2})(?:\/(20\d{2}|\d{2}))?|\.(\d{1,2})\.(20\d{2}|\d{2}))(?![\d/.:])/g;
/** 10 mar 2026, 10MAR26, 10 de março de 2026, 20 Sep 2026 (never the minutes of a time: 08:05 Mar del Plata). */
const DAY_MONTH = /(?<![\d:h])(\d{1,2})(?:\s?de)?\s?([a-z]{3,10})\.?(?:,?\s?(?:de\s)?(20\d{2}|\d{2}(?![\d:h])))?(?![a-z])/g;
/** Sep 20, Sep 20, 2026, September 20th. */
const MONTH_DAY = /(?<![a-z])([a-z]{3,9})\.?\s(\d{1,2})(?:st|nd|rd|th)?(?![\d:h/])(?:,?\s(20\d{2}))?/g;
/** 08:05, 8h05, 11:55 PM, 6:35 a.m. */
const TIME = /(?<![\d:])(\d{1,2})[:h](\d{2})(?!\d)(?:\s?([ap])\.?\s?m(?![a-z])\.?)?/g;
const CODE_IN_PARENS = /\(([A-Z]{3})\)/g;
const BARE_CODE = /(?<![A-Za-z\u00C0-\u024F\d])[A-Z]{3}(?![A-Za-z\u00C0-\u024F\d])/g;
/** +1, (+1), +2 dias, -1 day. */
const OFFSET = /(?<![\w+-])([+-])\s?([1-3])(?!\d)/g;

/** A written day that exists (29 February without a year: some years). */
function dateOf(day: number, month: number, year: number | null): WrittenDate | null {
  return isoDate(year === null ? 2024 : fullYear(year), month, day) ? { day, month, year: year === null ? null : fullYear(year) } : null;
}

/**
 * The values in a piece of a receipt. Slashed dates are day first, as in Portuguese and Spanish;
 * on an English receipt month first as well, so there one that could be either is `ambiguous`.
 */
export function scanTokens(original: string, english: boolean): Tokens {
  const found: Tokens = { dates: [], ambiguous: false, times: [], codes: [], offset: null, words: [] };
  /** Keeps a date that exists; false (the text stays) for a day and a word that is no month. */
  const addDate = (date: WrittenDate | null) => {
    if (date) found.dates.push(date);
    return date !== null;
  };
  // The folded text finds the values, the text as pasted its capitals (codes); both lose each value found.
  let folded = fold(original);
  let text = original;
  const blank = (pattern: RegExp, take: (m: RegExpExecArray) => boolean) => {
    const foldedChars = folded.split('');
    const textChars = text.split('');
    for (const m of folded.matchAll(pattern)) {
      if (!take(m)) continue;
      for (let i = m.index; i < m.index + m[0].length; i++) foldedChars[i] = textChars[i] = ' ';
    }
    folded = foldedChars.join('');
    text = textChars.join('');
  };

  blank(ISO_DATE, (m) => addDate(dateOf(Number(m[3]), Number(m[2]), Number(m[1]))));
  blank(NUMERIC_DATE, (m) => {
    const first = Number(m[1]);
    const second = Number(m[2] ?? m[4]);
    const yearText = m[3] ?? m[5];
    const year = yearText === undefined ? null : Number(yearText);
    const dayFirst = dateOf(first, second, year);
    const monthFirst = english ? dateOf(second, first, year) : null;
    if (dayFirst && monthFirst && first !== second) found.ambiguous = true;
    else return addDate(dayFirst ?? monthFirst);
    return true;
  });
  blank(DAY_MONTH, (m) => {
    const month = monthOf(m[2] as string);
    return month !== null && addDate(dateOf(Number(m[1]), month, m[3] === undefined ? null : Number(m[3])));
  });
  blank(MONTH_DAY, (m) => {
    const month = monthOf(m[1] as string);
    return month !== null && addDate(dateOf(Number(m[2]), month, m[3] === undefined ? null : Number(m[3])));
  });
  blank(TIME, (m) => {
    const hours = Number(m[1]);
    const minutes = Number(m[2]);
    const time = m[3] ? clock12(hours, minutes, m[3]) : clock(hours, minutes);
    if (time) found.times.push(time);
    return time !== null;
  });
  const inParens = [...text.matchAll(CODE_IN_PARENS)].map((m) => m[1] as string);
  found.codes = inParens.length ? inParens : [...text.matchAll(BARE_CODE)].map((m) => m[0]).filter((c) => !NOT_AIRPORTS.has(c));
  blank(OFFSET, (m) => {
    const offset = Number(`${m[1]}${m[2]}`);
    found.ambiguous ||= found.offset !== null && found.offset !== offset;
    found.offset = offset;
    return true;
  });
  found.words = folded.split(/[^a-z]+/).filter(Boolean);
  return found;
}
