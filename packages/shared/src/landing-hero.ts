// The texts of the landing page's hero (the cover's caption), built alike by the page's script and by
// the server, which renders the hero into the HTML so it paints before the script runs. Zod-free: the
// landing entry imports it.
import { longDate } from './format';

/** 'Ana, Bruno e Clara' */
export function namesList(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} e ${names.at(-1)}`;
}

/** '12 de janeiro de 2027 a 20 de janeiro de 2027', or the one date there is. */
export function dateRange(start: string | null, end: string | null): string {
  if (start && end && start !== end) return `${longDate(start)} a ${longDate(end)}`;
  return longDate(start ?? end);
}

export const LANDING_HERO_KICKER = 'Proposta de viagem';

/** The hero's lines under the title: where and when, and for whom (null without named passengers). */
export function heroLines(page: {
  destination: string | null;
  start_date: string | null;
  end_date: string | null;
  passengers: readonly { first_name: string }[];
}): { trip: string; forWhom: string | null } {
  const names = page.passengers.map((p) => p.first_name).filter(Boolean);
  return {
    trip: [page.destination, dateRange(page.start_date, page.end_date)].filter(Boolean).join(' · '),
    forWhom: names.length ? `Para ${namesList(names)}` : null,
  };
}
