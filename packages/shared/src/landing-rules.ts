// The landing page's rules and texts without zod, for the customer's small entry (landing-pages.ts
// re-exports them with the schemas).
import type { BudgetStatus } from '@app/db/browser';

export const LANDING_PAGE_MESSAGES = {
  /** A revoked link, a draft or canceled budget, or an id no budget has: one answer for all. */
  invalidLink: 'Este link não é mais válido. Peça um novo link à sua agência.',
  alreadyAccepted: 'Este orçamento já foi aceito.',
  alreadySold: 'Este orçamento já foi vendido e não pode mais ser aceito.',
  proposalNotFound: 'Proposta não encontrada neste orçamento.',
  paymentMethodNotFound: 'Forma de pagamento não encontrada.',
  accepted: 'Proposta aceita! A agência vai entrar em contato para concluir a reserva.',
  tooManyRequests: 'Muitas tentativas. Aguarde um pouco e tente de novo.',
} as const;

/**
 * How views of the landing page are counted: as visits, not reads. A visitor is a keyed hash of the
 * IP and user agent (no cookie); a read counts only when that visitor has no counted view of the
 * budget in the last this-many minutes, so reopening, reloading and the page's own extra reads
 * within the window are one visit. Bots and the agency's own previews never count.
 */
export const LANDING_VISIT_WINDOW_MINUTES = 30;

/** The statuses whose landing page and PDF answer the public; a draft or canceled budget never does. */
export const LANDING_VISIBLE_STATUSES = ['sent', 'accepted', 'sold'] as const satisfies readonly BudgetStatus[];

/** The web path of a budget's landing page and of its PDF. */
export const landingPagePath = (landingPageId: string) => `/landing-page/${landingPageId}`;
export const landingPdfPath = (landingPageId: string) => `/pdf/${landingPageId}`;

/** A day of a proposal's timeline: its services that start that day, in order; undated ones last (date null). */
export type LandingDay<S> = { date: string | null; services: S[] };

/** The proposal's services by the day they start (ISO date order, then start time), undated services last. */
export function timelineDays<S extends { start_date: string | null; start_time: string | null }>(services: readonly S[]): LandingDay<S>[] {
  const sorted = [...services].sort(
    (a, b) => (a.start_date ?? '9999').localeCompare(b.start_date ?? '9999') || (a.start_time ?? '99').localeCompare(b.start_time ?? '99'),
  );
  const days: LandingDay<S>[] = [];
  for (const s of sorted) {
    const last = days.at(-1);
    if (last && last.date === s.start_date) last.services.push(s);
    else days.push({ date: s.start_date, services: [s] });
  }
  return days;
}

/** Amounts of a canceled service (landing-pages' canceled_services); null: the budget hides its values. */
type CanceledAmounts = { original_cents: number | null; returned_cents: number | null; retained_cents: number | null };

/**
 * How the page and the PDF word a canceled service: 'Cancelado — valor retido R$ 2.320,00' (what it
 * adds to the total), and the original value (shown struck) and the refund it came from.
 */
export function canceledServiceTexts(s: CanceledAmounts, money: (cents: number) => string) {
  if (s.retained_cents === null) return { status: 'Cancelado', original: null, returned: null };
  return {
    status: `Cancelado — valor retido ${money(s.retained_cents)}`,
    original: s.original_cents === null ? null : money(s.original_cents),
    returned: s.returned_cents === null ? null : money(s.returned_cents),
  };
}

/** The first name the customer's page greets a passenger by. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';
