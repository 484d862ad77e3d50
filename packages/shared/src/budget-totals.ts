// Every total of a budget, computed once: the API stores and answers these numbers, the screens show
// them while the agent types; nobody else adds money up. Zod-free so the web bundle can import it.
//
// Rules (all amounts integer cents):
// - A service is priced in its own currency: a fare per passenger of each age group, per room, or
//   one total; plus taxes and the agency's fee. The supplier's commission is a share of the fare.
//   Sale = fare + taxes + fee; cost (paid to the supplier) = fare + taxes - commission;
//   the agency's revenue = sale - cost = commission + fee.
// - Rounding is to the cent, half away from zero ("arredondamento comercial"), once per service and
//   per amount: the commission when taken from the fare, then each amount when converted into the
//   budget's currency. Totals are sums of rounded service amounts, so a proposal's total is exactly
//   the sum of the lines the customer sees.
// - Conversion goes through reais: amount x rate(service currency) / rate(budget currency), rates
//   being reais per unit (BRL is 1). Integer arithmetic (BigInt) so no float ever rounds a cent.
// - Age groups: a service's sale is split among adults, children and infants in proportion to
//   what each group's fare was (per room and single totals: per head, infants free unless only
//   infants travel); the split uses the largest remainder, so the parts add up to the whole.
//   Within a group each passenger pays the share over the head count rounded down, the first
//   passenger the cents left over (splits.ts splitEvenly), so the passengers add up to the share.
// - A cancelled service keeps only what the customer still pays (sale - refund) and what the
//   supplier keeps (the penalty) as its cost.
import type { TaxesBasis } from '@app/db/browser';
import { firstPartDiffers, splitEvenly } from './splits';

export type { TaxesBasis };

export const AGE_GROUPS = ['adult', 'child', 'infant'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
export type ByAgeGroup = Record<AgeGroup, number>;

export type RoomPricing = { adult_number: number; child_number: number; infant_number: number; value: number; number_room: number };

export type ServicePricing =
  /** A fare per passenger of each age group (flights, cruises, insurance, tours). */
  | { mode: 'per_pax'; adult_cents: number; child_cents: number; infant_cents: number }
  /** Rooms, each `value` for the whole stay, `number_room` alike (hotels). */
  | { mode: 'per_room'; rooms: RoomPricing[] }
  /** One amount for everyone (a car, a transfer). */
  | { mode: 'total'; total_cents: number };

export type PricedService = {
  currency: string;
  adult_number: number;
  child_number: number;
  infant_number: number;
  pricing: ServicePricing;
  taxes_cents: number;
  /** taxes_cents is the booking's (default) or each traveller's. */
  taxes_basis?: TaxesBasis;
  fee_cents: number;
  /** The supplier's commission on the fare, in basis points (1000 = 10%). */
  commission_basis_points: number;
  /** Set when the service was cancelled. */
  refund?: { refund_cents: number; penalty_cents: number } | null;
};

/** Reais per unit of each currency, with up to 6 decimals (BRL is always 1). */
export type QuoteRates = Record<string, number>;

export type ServiceTotals = {
  /** In the service's own currency. */
  fare_cents: number;
  commission_cents: number;
  /** In the budget's currency from here on. */
  sale_cents: number;
  cost_cents: number;
  revenue_cents: number;
  sale_by_age_group: ByAgeGroup;
  canceled: boolean;
};

export type ProposalTotals = {
  sale_cents: number;
  cost_cents: number;
  revenue_cents: number;
  /** revenue / sale in basis points; 0 when nothing is sold. */
  margin_basis_points: number;
  sale_by_age_group: ByAgeGroup;
  /** What each passenger of a group pays: the group's share over its head count, rounded down. */
  per_passenger: Partial<ByAgeGroup>;
  /** What the first passenger of a group pays when it differs: the share's leftover cents on top. */
  per_passenger_first: Partial<ByAgeGroup>;
  passengers: ByAgeGroup;
  services: ServiceTotals[];
};

export class MissingQuoteError extends Error {
  constructor(readonly currency: string) {
    super(`no quote for ${currency}`);
  }
}

const RATE_SCALE = 1_000_000n;

/** a / b rounded half away from zero, in BigInt. */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  const rounded = (absA * 2n + absB) / (absB * 2n);
  return negative ? -rounded : rounded;
}

function rateUnits(rates: QuoteRates, currency: string): bigint {
  if (currency === 'BRL') return RATE_SCALE;
  const rate = rates[currency];
  if (rate === undefined || !(rate > 0)) throw new MissingQuoteError(currency);
  return BigInt(Math.round(rate * Number(RATE_SCALE)));
}

/** Cents of one currency in another, through reais, rounded once. */
export function convertCents(cents: number, from: string, to: string, rates: QuoteRates): number {
  if (from === to) return cents;
  return Number(divideRounded(BigInt(cents) * rateUnits(rates, from), rateUnits(rates, to)));
}

/** basis points of an amount, rounded half away from zero. */
export function basisPointsOf(cents: number, basisPoints: number): number {
  return Number(divideRounded(BigInt(cents) * BigInt(basisPoints), 10_000n));
}

/** Splits `total` in proportion to `weights` by the largest remainder; the parts add up to `total`. */
export function splitByWeights(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.trunc(x));
  let left = total - parts.reduce((a, p) => a + p, 0);
  const order = exact.map((x, i) => ({ i, rest: Math.abs(x - Math.trunc(x)) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  const step = left < 0 ? -1 : 1;
  for (const { i } of order) {
    if (left === 0) break;
    parts[i] = (parts[i] ?? 0) + step;
    left -= step;
  }
  return parts;
}

/** What each age group's fare weighs in the service, in the service's currency. */
function fareWeights(service: PricedService): { fare: number; weights: ByAgeGroup } {
  const { pricing } = service;
  if (pricing.mode === 'per_pax') {
    const weights = {
      adult: pricing.adult_cents * service.adult_number,
      child: pricing.child_cents * service.child_number,
      infant: pricing.infant_cents * service.infant_number,
    };
    return { fare: weights.adult + weights.child + weights.infant, weights };
  }
  if (pricing.mode === 'per_room') {
    const heads = { adult: 0, child: 0, infant: 0 };
    let fare = 0;
    for (const room of pricing.rooms) {
      fare += room.value * room.number_room;
      heads.adult += room.adult_number * room.number_room;
      heads.child += room.child_number * room.number_room;
      heads.infant += room.infant_number * room.number_room;
    }
    return { fare, weights: headWeights(heads) };
  }
  return {
    fare: pricing.total_cents,
    weights: headWeights({ adult: service.adult_number, child: service.child_number, infant: service.infant_number }),
  };
}

/** Per head, infants free unless nobody else travels. */
function headWeights(heads: ByAgeGroup): ByAgeGroup {
  if (heads.adult + heads.child > 0) return { adult: heads.adult, child: heads.child, infant: 0 };
  return heads;
}

function byAgeGroup(values: number[]): ByAgeGroup {
  return { adult: values[0] ?? 0, child: values[1] ?? 0, infant: values[2] ?? 0 };
}

/** Everyone the service carries (a hotel's: its rooms' people). */
function headCount(service: PricedService): number {
  if (service.pricing.mode === 'per_room') {
    return service.pricing.rooms.reduce((n, r) => n + (r.adult_number + r.child_number + r.infant_number) * r.number_room, 0);
  }
  return service.adult_number + service.child_number + service.infant_number;
}

/** The service's taxes: as typed for the booking, or typed per traveller and times the head count. */
export function serviceTaxes(
  service: Pick<PricedService, 'taxes_cents' | 'taxes_basis' | 'pricing' | 'adult_number' | 'child_number' | 'infant_number'>,
): number {
  return service.taxes_basis === 'passenger' ? service.taxes_cents * headCount(service as PricedService) : service.taxes_cents;
}

export function serviceTotals(service: PricedService, budgetCurrency: string, rates: QuoteRates): ServiceTotals {
  const { fare, weights } = fareWeights(service);
  const commission = basisPointsOf(fare, service.commission_basis_points);
  const taxes = serviceTaxes(service);
  const saleOwn = fare + taxes + service.fee_cents;
  const costOwn = fare + taxes - commission;
  const refund = service.refund;
  const paid = refund ? saleOwn - refund.refund_cents : saleOwn;
  const sale = convertCents(paid, service.currency, budgetCurrency, rates);
  const cost = convertCents(refund ? refund.penalty_cents : costOwn, service.currency, budgetCurrency, rates);
  // A free fare (taxes only) still splits among the travellers, per head.
  const shares =
    fare > 0 ? weights : headWeights({ adult: service.adult_number, child: service.child_number, infant: service.infant_number });
  return {
    fare_cents: fare,
    commission_cents: commission,
    sale_cents: sale,
    cost_cents: cost,
    revenue_cents: sale - cost,
    sale_by_age_group: byAgeGroup(
      splitByWeights(
        sale,
        AGE_GROUPS.map((group) => shares[group]),
      ),
    ),
    canceled: Boolean(refund),
  };
}

/** A proposal's totals in the budget's currency; throws MissingQuoteError for a currency without a quote. */
export function proposalTotals(
  services: PricedService[],
  passengers: ByAgeGroup,
  budgetCurrency: string,
  rates: QuoteRates,
): ProposalTotals {
  const lines = services.map((service) => serviceTotals(service, budgetCurrency, rates));
  const sum = (pick: (line: ServiceTotals) => number) => lines.reduce((acc, line) => acc + pick(line), 0);
  const sale = sum((l) => l.sale_cents);
  const cost = sum((l) => l.cost_cents);
  const saleByAgeGroup = byAgeGroup(AGE_GROUPS.map((group) => sum((l) => l.sale_by_age_group[group])));
  const perPassenger: Partial<ByAgeGroup> = {};
  const perPassengerFirst: Partial<ByAgeGroup> = {};
  for (const group of AGE_GROUPS) {
    if (passengers[group] < 1) continue;
    const split = splitEvenly(saleByAgeGroup[group], passengers[group]);
    perPassenger[group] = split.each_cents;
    if (firstPartDiffers(split)) perPassengerFirst[group] = split.first_cents;
  }
  return {
    sale_cents: sale,
    cost_cents: cost,
    revenue_cents: sale - cost,
    margin_basis_points: sale > 0 ? Number(divideRounded(BigInt(sale - cost) * 10_000n, BigInt(sale))) : 0,
    sale_by_age_group: saleByAgeGroup,
    per_passenger: perPassenger,
    per_passenger_first: perPassengerFirst,
    passengers,
    services: lines,
  };
}

/** The largest amount any stored total holds (the columns are 32-bit cents): R$ 20.000.000,00. */
export const TOTAL_MAX_CENTS = 2_000_000_000;
export const TOTAL_TOO_LARGE_MESSAGE = 'O total passaria de R$ 20.000.000,00, o maior valor que um orçamento comporta.';

/** What decides the one amount a budget shows in lists, its attendance and the funnel. */
export type HeadlineBudget = {
  /** The standing sale's total, when the budget is sold. */
  sold_sale_cents: number | null;
  accepted_proposal_id: number | null;
  proposals: { id: number; sale_cents: number; services: number }[];
};

/**
 * The budget's amount: what was sold; else the proposal the customer accepted; else its cheapest
 * proposal with services (an empty one, still being filled, offers nothing); 0 without any.
 */
export function budgetHeadlineCents(budget: HeadlineBudget): number {
  if (budget.sold_sale_cents !== null) return budget.sold_sale_cents;
  const accepted = budget.proposals.find((p) => p.id === budget.accepted_proposal_id);
  if (accepted) return accepted.sale_cents;
  const offered = budget.proposals.filter((p) => p.services > 0).map((p) => p.sale_cents);
  return offered.length ? Math.min(...offered) : 0;
}

/** The proposal a budget's screens open on: the sold one, else the accepted one (null: the first). */
export const headlineProposalId = (budget: { sold_proposal_id: number | null; accepted_proposal_id: number | null }) =>
  budget.sold_proposal_id ?? budget.accepted_proposal_id;
