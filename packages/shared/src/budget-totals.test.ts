import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGE_GROUPS,
  basisPointsOf,
  convertCents,
  MissingQuoteError,
  type PricedService,
  proposalTotals,
  serviceTaxes,
  serviceTotals,
  splitByWeights,
} from './budget-totals';

const base = { adult_number: 2, child_number: 1, infant_number: 1, taxes_cents: 0, fee_cents: 0, commission_basis_points: 0 };
const flight = (over: Partial<PricedService> = {}): PricedService => ({
  ...base,
  currency: 'BRL',
  pricing: { mode: 'per_pax', adult_cents: 150_000, child_cents: 120_000, infant_cents: 15_000 },
  ...over,
});

describe('rounding', () => {
  it('rounds half away from zero, once', () => {
    expect(basisPointsOf(12_345, 1000)).toBe(1_235); // 1234.5
    expect(basisPointsOf(12_344, 1000)).toBe(1_234); // 1234.4
    expect(basisPointsOf(-12_345, 1000)).toBe(-1_235);
    expect(convertCents(100, 'USD', 'BRL', { USD: 5.345 })).toBe(535); // 534.5
    expect(convertCents(100, 'USD', 'BRL', { USD: 5.3449 })).toBe(534);
  });

  it('converts through reais without float drift, in both directions', () => {
    // 2e9 cents x 5.341234 needs more than 2^53: BigInt keeps the last cent.
    expect(convertCents(2_000_000_000, 'USD', 'BRL', { USD: 5.341234 })).toBe(10_682_468_000);
    expect(convertCents(534_123, 'BRL', 'USD', { USD: 5.34123 })).toBe(100_000);
    // EUR to USD: 100 EUR x 6.2 / 5.3 = 116.98 USD
    expect(convertCents(10_000, 'EUR', 'USD', { EUR: 6.2, USD: 5.3 })).toBe(11_698);
  });

  it('refuses a currency without a quote', () => {
    expect(() => convertCents(100, 'ARS', 'BRL', {})).toThrow(MissingQuoteError);
    expect(() => convertCents(100, 'ARS', 'BRL', { ARS: 0 })).toThrow(MissingQuoteError);
  });

  it('splits by the largest remainder so the parts add up', () => {
    expect(splitByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeights(10_001, [2, 1, 0])).toEqual([6_667, 3_334, 0]);
    expect(splitByWeights(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(splitByWeights(50, [0, 0, 0])).toEqual([0, 0, 0]);
  });
});

describe('a service', () => {
  it('takes taxes typed per passenger times everyone carried (a hotel: its rooms), taxes of the booking once', () => {
    // 2 adults, a child and an infant: R$ 100,00 each is R$ 400,00, in the sale and in the cost.
    const perHead = serviceTotals(flight({ taxes_cents: 10_000, taxes_basis: 'passenger' }), 'BRL', {});
    const once = serviceTotals(flight({ taxes_cents: 10_000, taxes_basis: 'booking' }), 'BRL', {});
    expect(perHead.sale_cents - perHead.fare_cents).toBe(40_000);
    expect(perHead.cost_cents - once.cost_cents).toBe(30_000);
    expect(serviceTotals(flight({ taxes_cents: 10_000 }), 'BRL', {}).sale_cents).toBe(once.sale_cents);
    const hotel = flight({
      pricing: {
        mode: 'per_room',
        rooms: [{ value: 50_000, number_room: 2, adult_number: 2, child_number: 1, infant_number: 0 }],
      },
      taxes_cents: 1_500,
      taxes_basis: 'passenger',
    });
    // 2 rooms of 3 people: 6 x R$ 15,00.
    expect(serviceTaxes(hotel)).toBe(9_000);
    expect(serviceTotals(hotel, 'BRL', {}).sale_cents).toBe(100_000 + 9_000);
  });

  it('prices a flight per passenger of each age group, with taxes, fee and commission', () => {
    const totals = serviceTotals(flight({ taxes_cents: 40_000, fee_cents: 20_000, commission_basis_points: 600 }), 'BRL', {});
    // fare 2 x 1500 + 1200 + 150 = 4350,00; commission 6% = 261,00
    expect(totals.fare_cents).toBe(435_000);
    expect(totals.commission_cents).toBe(26_100);
    expect(totals.sale_cents).toBe(435_000 + 40_000 + 20_000);
    expect(totals.cost_cents).toBe(435_000 + 40_000 - 26_100);
    expect(totals.revenue_cents).toBe(26_100 + 20_000);
    // the sale split in proportion to the fares: 3000 / 1200 / 150 of 4350
    const { adult, child, infant } = totals.sale_by_age_group;
    expect(adult + child + infant).toBe(totals.sale_cents);
    expect(adult).toBe(Math.round((495_000 * 300_000) / 435_000));
    expect(infant).toBe(Math.round((495_000 * 15_000) / 435_000));
  });

  it('prices a hotel by rooms (default one room) and splits it per head, infants free', () => {
    const hotel: PricedService = {
      ...base,
      currency: 'BRL',
      pricing: {
        mode: 'per_room',
        rooms: [
          { adult_number: 2, child_number: 0, infant_number: 1, value: 300_000, number_room: 1 },
          { adult_number: 0, child_number: 1, infant_number: 0, value: 100_001, number_room: 2 },
        ],
      },
    };
    const totals = serviceTotals(hotel, 'BRL', {});
    expect(totals.sale_cents).toBe(500_002);
    // heads: 2 adults, 2 children (1 x 2 rooms); the infant is free
    expect(totals.sale_by_age_group).toEqual({ adult: 250_001, child: 250_001, infant: 0 });
  });

  it('converts a service in dollars into a budget in reais, rounding once per amount', () => {
    const car: PricedService = { ...base, currency: 'USD', pricing: { mode: 'total', total_cents: 33_333 }, commission_basis_points: 1000 };
    const totals = serviceTotals(car, 'BRL', { USD: 5.3412 });
    expect(totals.fare_cents).toBe(33_333);
    expect(totals.commission_cents).toBe(3_333); // 3333.3
    expect(totals.sale_cents).toBe(178_038); // 33333 x 5.3412 = 178038.2
    expect(totals.cost_cents).toBe(160_236); // 30000 x 5.3412 = 160236
    expect(totals.revenue_cents).toBe(178_038 - 160_236);
  });

  it('keeps of a cancelled service what the customer still pays and the supplier keeps', () => {
    const totals = serviceTotals(flight({ refund: { refund_cents: 300_000, penalty_cents: 100_000 } }), 'BRL', {});
    expect(totals.canceled).toBe(true);
    expect(totals.sale_cents).toBe(135_000);
    expect(totals.cost_cents).toBe(100_000);
    expect(totals.revenue_cents).toBe(35_000);
  });

  it('splits a taxes-only service per head', () => {
    const totals = serviceTotals(
      flight({ pricing: { mode: 'per_pax', adult_cents: 0, child_cents: 0, infant_cents: 0 }, taxes_cents: 3_000 }),
      'BRL',
      {},
    );
    expect(totals.sale_by_age_group).toEqual({ adult: 2_000, child: 1_000, infant: 0 });
  });
});

describe('a proposal', () => {
  it('adds its services, per age group and per passenger, with the margin', () => {
    const hotel: PricedService = {
      ...base,
      currency: 'USD',
      pricing: { mode: 'per_room', rooms: [{ adult_number: 2, child_number: 1, infant_number: 1, value: 100_000, number_room: 1 }] },
      commission_basis_points: 1_200,
    };
    const totals = proposalTotals([flight({ fee_cents: 10_000 }), hotel], { adult: 2, child: 1, infant: 1 }, 'BRL', { USD: 5 });
    expect(totals.services).toHaveLength(2);
    expect(totals.sale_cents).toBe(445_000 + 500_000);
    expect(totals.cost_cents).toBe(435_000 + 440_000);
    expect(totals.revenue_cents).toBe(10_000 + 60_000);
    expect(totals.margin_basis_points).toBe(741); // 70000 / 945000 = 7.407%
    const groups = totals.sale_by_age_group;
    expect(groups.adult + groups.child + groups.infant).toBe(totals.sale_cents);
    // Adults: 3.068,96 of the flight + 3.333,33 of the hotel = 6.402,29 for 2: 3.201,15 + 3.201,14.
    expect(groups.adult).toBe(640_229);
    expect(totals.per_passenger.adult).toBe(320_114);
    expect(totals.per_passenger_first).toEqual({ adult: 320_115 });
    expect(totals.per_passenger.infant).toBe(groups.infant);
  });

  it('has no per-passenger value for a group nobody is in, and no margin when nothing is sold', () => {
    const totals = proposalTotals([], { adult: 1, child: 0, infant: 0 }, 'BRL', {});
    expect(totals.per_passenger).toEqual({ adult: 0 });
    expect(totals.per_passenger_first).toEqual({});
    expect(totals.margin_basis_points).toBe(0);
  });
});

// Random proposals as the service forms allow them (someone travels in each service and each
// room; a hotel's head counts are its rooms'): priced per passenger, per room or as one total, in
// reais or in a quoted currency, with taxes, fees, commissions and refunds, for any head counts.
const cents = (max: number) => fc.integer({ min: 0, max });
const heads = fc.integer({ min: 0, max: 6 });
const someone = fc
  .record({ adult_number: heads, child_number: heads, infant_number: heads })
  .filter((h) => h.adult_number + h.child_number + h.infant_number > 0);
const perPax = fc.record({
  heads: someone,
  pricing: fc.record({
    mode: fc.constant('per_pax' as const),
    adult_cents: cents(900_000),
    child_cents: cents(900_000),
    infant_cents: cents(200_000),
  }),
});
const perRoom = fc
  .array(
    fc.record({ value: cents(3_000_000), number_room: fc.integer({ min: 1, max: 4 }) }).chain((r) => someone.map((h) => ({ ...r, ...h }))),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((rooms) => {
    const sum = (k: 'adult_number' | 'child_number' | 'infant_number') => rooms.reduce((n, r) => n + r[k] * r.number_room, 0);
    return {
      heads: { adult_number: sum('adult_number'), child_number: sum('child_number'), infant_number: sum('infant_number') },
      pricing: { mode: 'per_room' as const, rooms },
    };
  });
const single = fc.record({ heads: someone, pricing: fc.record({ mode: fc.constant('total' as const), total_cents: cents(5_000_000) }) });
const service: fc.Arbitrary<PricedService> = fc
  .record({
    priced: fc.oneof(perPax, perRoom, single),
    currency: fc.constantFrom('BRL', 'USD', 'EUR'),
    taxes_cents: cents(300_000),
    fee_cents: cents(200_000),
    commission_basis_points: fc.integer({ min: 0, max: 3_000 }),
    refund: fc.option(fc.record({ refund_cents: cents(2_000_000), penalty_cents: cents(500_000) }), { nil: null }),
  })
  .map(({ priced, ...rest }) => ({ ...rest, ...priced.heads, pricing: priced.pricing }));
/** Reais per unit with up to 6 decimals, as quotes are stored. */
const rate = fc.integer({ min: 100_000, max: 9_999_999 }).map((units) => units / 1_000_000);
const proposal = fc.record({
  services: fc.array(service, { maxLength: 6 }),
  passengers: fc.record({ adult: heads, child: heads, infant: heads }),
  currency: fc.constantFrom('BRL', 'USD', 'EUR'),
  rates: fc.record({ USD: rate, EUR: rate }),
});

describe('any proposal', () => {
  it('every split sums exactly to its whole: the age groups add up to the sale, per service and per proposal', () => {
    fc.assert(
      fc.property(proposal, ({ services, passengers, currency, rates }) => {
        const totals = proposalTotals(services, passengers, currency, rates);
        const groups = totals.sale_by_age_group;
        expect(groups.adult + groups.child + groups.infant).toBe(totals.sale_cents);
        for (const line of totals.services) {
          const own = line.sale_by_age_group;
          expect(own.adult + own.child + own.infant).toBe(line.sale_cents);
        }
      }),
    );
  });

  it("every split sums exactly to its whole: a group's first passenger plus each other makes the group's share", () => {
    fc.assert(
      fc.property(proposal, ({ services, passengers, currency, rates }) => {
        const totals = proposalTotals(services, passengers, currency, rates);
        for (const group of AGE_GROUPS) {
          const count = passengers[group];
          const each = totals.per_passenger[group];
          const first = totals.per_passenger_first[group];
          if (count === 0) {
            expect(each).toBeUndefined();
            expect(first).toBeUndefined();
            continue;
          }
          if (each === undefined) throw new Error(`no per-passenger value for ${group}`);
          // Named only where it differs, and then by fewer cents than there are passengers.
          if (first !== undefined) {
            expect(first).toBeGreaterThan(each);
            expect(first - each).toBeLessThan(count);
          }
          expect((first ?? each) + each * (count - 1)).toBe(totals.sale_by_age_group[group]);
        }
      }),
    );
  });
});
