// How a whole is split into equal parts so the parts add up to it exactly: every part is the
// division rounded down, and the first takes the cents left over (R$ 100,00 in 3 = R$ 33,34 +
// 2 × R$ 33,33). Installments, a sale's monthly plan and what each passenger of an age group pays
// all split this way, and the screens name the first part where it differs. Zod-free, for the web.
import type { AgeGroup } from '@app/db/browser';

/** `count` parts of a whole: the first, and each of the other `count - 1`. */
export type EvenSplit = { count: number; first_cents: number; each_cents: number };

/** Splits `totalCents` (integer) in `count` parts (at least 1): floor of the division, the remainder on the first. */
export function splitEvenly(totalCents: number, count: number): EvenSplit {
  const parts = Math.max(1, Math.floor(count));
  const each = Math.floor(totalCents / parts);
  return { count: parts, first_cents: totalCents - each * (parts - 1), each_cents: each };
}

/** Every part, the first first. */
export const splitParts = (split: EvenSplit): number[] =>
  Array.from({ length: split.count }, (_, i) => (i === 0 ? split.first_cents : split.each_cents));

/** Whether the first part differs from the others: only then do the texts name it. */
export const firstPartDiffers = (split: EvenSplit): boolean => split.count > 1 && split.first_cents !== split.each_cents;

/** Formats cents; a back-office screen passes one that masks hidden values. */
export type CentsFormat = (cents: number) => string;

/** '3x de R$ 7.716,66', or '1ª de R$ 7.716,68 + 2x de R$ 7.716,66' when the first installment differs. */
export function installmentsText(split: EvenSplit, format: CentsFormat): string {
  if (!firstPartDiffers(split)) return `${split.count}x de ${format(split.each_cents)}`;
  return `1ª de ${format(split.first_cents)} + ${split.count - 1}x de ${format(split.each_cents)}`;
}

/** How the texts name the passengers of an age group: one, many, and the first (ordinal in the noun's gender). */
export const PASSENGER_NOUNS: Record<AgeGroup, { one: string; many: string; first: string }> = {
  adult: { one: 'adulto', many: 'adultos', first: '1º adulto' },
  child: { one: 'criança', many: 'crianças', first: '1ª criança' },
  infant: { one: 'bebê', many: 'bebês', first: '1º bebê' },
};

/** What each passenger of a group pays, as read from a proposal's totals (budget-totals proposalTotals). */
export type PassengerShares = {
  per_passenger: Partial<Record<AgeGroup, number>>;
  /** Only for the groups whose first passenger pays the leftover cents. */
  per_passenger_first?: Partial<Record<AgeGroup, number>>;
  passengers: Record<AgeGroup, number>;
};

/** A group's share split among its passengers, or null when nobody of the group travels. */
export function passengerSplit(totals: PassengerShares, group: AgeGroup): EvenSplit | null {
  const each = totals.per_passenger[group];
  if (each === undefined || totals.passengers[group] < 1) return null;
  return { count: totals.passengers[group], first_cents: totals.per_passenger_first?.[group] ?? each, each_cents: each };
}

/** 'R$ 8.228,24 por adulto', or '1º adulto de R$ 8.228,25 + 2 adultos de R$ 8.228,24' when the first pays more. */
export function perPassengerText(group: AgeGroup, split: EvenSplit, format: CentsFormat): string {
  const noun = PASSENGER_NOUNS[group];
  if (!firstPartDiffers(split)) return `${format(split.each_cents)} por ${noun.one}`;
  const others = split.count - 1;
  return `${noun.first} de ${format(split.first_cents)} + ${others} ${others === 1 ? noun.one : noun.many} de ${format(split.each_cents)}`;
}
