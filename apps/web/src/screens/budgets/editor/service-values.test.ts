import { serviceFieldsInput } from '@app/shared/budget-services';
import { formSchema } from '@app/shared/form';
import type { Service } from '@app/shared/services';
import { describe, expect, it } from 'vitest';
import {
  blankService,
  headCountsOf,
  nextRoom,
  referenceLabels,
  type ServiceValues,
  serviceInputOf,
  serviceValuesOf,
  suggestedTitle,
} from './service-values';
import { liveProposalTotals } from './totals';

const stored = (fields: Partial<Service>): Service => ({
  id: 1,
  version: 1,
  budget_id: 1,
  proposal_id: 1,
  type: 'other',
  title: 'Serviço',
  description: null,
  supplier: null,
  start_date: null,
  start_time: null,
  end_date: null,
  end_time: null,
  adult_number: 2,
  child_number: 1,
  infant_number: 0,
  currency: 'BRL',
  adult_cents: 0,
  child_cents: 0,
  infant_cents: 0,
  total_cents: 0,
  taxes_cents: 0,
  taxes_basis: 'booking',
  fee_cents: 0,
  commission_basis_points: 0,
  quote_rate: 1,
  quote_history_id: null,
  quote_source: 'day',
  details: {},
  status: 'active',
  position: 0,
  sale_cents: 0,
  cost_cents: 0,
  refund: null,
  ...fields,
});

const brl = { currency: 'BRL', currency_rate: 1, paxes: [] };

describe('blankService', () => {
  it('starts a flight with one blank segment and a hotel with room-1, with the budget passengers', () => {
    const air = blankService('air', { currency: 'BRL', passengers: { adult: 2, child: 1, infant: 0 } });
    expect(air.details.segments).toHaveLength(1);
    expect(air).toMatchObject({ adult_number: 2, child_number: 1, infant_number: 0, currency: 'BRL' });
    const hotel = blankService('accommodation', { currency: 'EUR' });
    expect(hotel.details.rooms).toEqual([
      {
        id: 'room-1',
        adult_number: 2,
        child_number: 0,
        infant_number: 0,
        value: 0,
        number_room: 1,
        room_type_id: null,
        room_category_id: null,
      },
    ]);
    // Nobody counted: one adult.
    expect(hotel).toMatchObject({ adult_number: 1, child_number: 0, currency: 'EUR' });
  });

  it('numbers the next room after the highest', () => {
    expect(nextRoom([{ id: 'room-1' }, { id: 'room-4' }]).id).toBe('room-5');
  });
});

describe('serviceValuesOf and serviceInputOf', () => {
  const flight = stored({
    type: 'air',
    supplier: { id: 7, name: 'Operadora' },
    adult_cents: 250_000,
    details: { segments: [{ origin_airport_id: 1, destination_airport_id: 2, departure_date: '2027-03-10', flight_number: null }] },
  });

  it('reads a stored service as the inputs hold it: blank texts, every stored row', () => {
    const values = serviceValuesOf(flight);
    expect(values.supplier_id).toBe(7);
    expect(values.description).toBe('');
    expect(values.start_time).toBe('');
    const [segment] = values.details.segments as Record<string, unknown>[];
    expect(segment).toMatchObject({
      origin_airport_id: 1,
      destination_airport_id: 2,
      flight_number: '',
      airline_id: null,
      departure_time: '',
    });
  });

  it('sends a stored service whole again, at its new place', () => {
    expect(serviceInputOf(flight, { position: 3 })).toMatchObject({
      id: 1,
      proposal_id: 1,
      position: 3,
      supplier_id: 7,
      details: flight.details,
    });
  });

  it('takes the texts of the picks from service-central, with an airline code for the lookup', () => {
    expect(referenceLabels({ 'details.segments.0.airline_id': { name: 'TAP Portugal', code: 'TP' } })).toEqual({
      'details.segments.0.airline_id': 'TP · TAP Portugal',
      'details.segments.0.airline_id#code': 'TP',
    });
  });
});

describe('the form values as the API takes them', () => {
  it('a hotel typed in the form passes the API schema; its travellers are its rooms', () => {
    const values: ServiceValues = {
      ...blankService('accommodation', { currency: 'BRL' }),
      title: 'Hotel Chiado',
      details: {
        ...blankService('accommodation', { currency: 'BRL' }).details,
        hotel_name: 'Hotel Chiado',
        rooms: [nextRoom([]), { ...nextRoom([{ id: 'room-1' }]), adult_number: 0, child_number: 1, number_room: 2 }],
      },
    };
    const input = formSchema(serviceFieldsInput).parse(values);
    expect(input.details).toMatchObject({ hotel_name: 'Hotel Chiado', rooms: [{ id: 'room-1' }, { id: 'room-2' }] });
    // A blank text is sent as null: a PUT clears it.
    expect(input.description).toBeNull();
    expect(headCountsOf(values)).toEqual({ adult_number: 2, child_number: 2, infant_number: 0 });
  });

  it('a flight segment without airports is refused where the form shows it', () => {
    const values = { ...blankService('air', { currency: 'BRL' }), title: 'Voo' };
    const segment = (values.details.segments as Record<string, unknown>[])[0] as Record<string, unknown>;
    segment.flight_number = 'TP88';
    const result = formSchema(serviceFieldsInput)['~standard'].validate(values) as { issues?: { path: PropertyKey[] }[] };
    const paths = (result.issues ?? []).map((i) => i.path.map(String).join('.'));
    expect(paths).toContain('details.segments.0.origin_airport_id');
  });
});

describe('liveProposalTotals', () => {
  const air = stored({ id: 1, type: 'air', adult_cents: 250_000, child_cents: 187_500, taxes_cents: 30_000, fee_cents: 15_000 });

  it('adds the service being typed to the stored ones (7.325,00 + 4.200,00)', () => {
    const hotel = blankService('accommodation', { currency: 'BRL' });
    hotel.details.rooms = [
      { ...nextRoom([]), value: 300_000 },
      { ...nextRoom([{ id: 'room-1' }]), adult_number: 0, child_number: 1, value: 120_000 },
    ];
    const live = liveProposalTotals(brl, [air], { values: hotel });
    expect(live.totals?.sale_cents).toBe(1_152_500);
    // No paxes: the most of each group any service carries (2 adults, 1 child). The adults' 8.127,27
    // split in two: the first pays the leftover cent.
    expect(live.totals?.per_passenger).toEqual({ adult: 406_363, child: 339_773 });
    expect(live.totals?.per_passenger_first).toEqual({ adult: 406_364 });
  });

  it('puts the typed values in place of the stored service they edit', () => {
    const edited = { ...serviceValuesOf(air), fee_cents: 25_000 };
    expect(liveProposalTotals(brl, [air], { id: air.id, values: edited }).totals?.sale_cents).toBe(742_500);
  });

  it('converts with the stored quotes, and names a currency without one', () => {
    const usd = stored({ id: 2, type: 'other', currency: 'USD', quote_rate: 5.4321, total_cents: 12_500 });
    expect(liveProposalTotals(brl, [usd]).totals?.sale_cents).toBe(67_901);
    const eur = { ...blankService('other', { currency: 'EUR' }), total_cents: 10_000 };
    expect(liveProposalTotals(brl, [usd], { values: eur })).toEqual({ totals: null, missing: 'EUR' });
    expect(liveProposalTotals(brl, [usd], { values: eur }, { EUR: 6.1234 }).totals?.sale_cents).toBe(67_901 + 61_234);
  });
});

describe('the title a new service takes from its own fields', () => {
  const blank = (type: Parameters<typeof blankService>[0], details: Record<string, unknown>): ServiceValues => {
    const values = blankService(type, { currency: 'BRL' });
    return { ...values, details: { ...values.details, ...details } };
  };

  it('is the route of the flight, the hotel, the pick-up place; nothing before they are filled', () => {
    const segments = [{ origin_airport_id: 1 }, { origin_airport_id: 2 }];
    const labels = {
      'details.segments.0.origin_airport_id': 'GRU · Guarulhos',
      'details.segments.0.destination_airport_id': 'LIS · Lisboa',
      'details.segments.1.origin_airport_id': 'LIS · Lisboa',
      'details.segments.1.destination_airport_id': 'GRU · Guarulhos',
    };
    expect(suggestedTitle(blank('air', { segments }), labels)).toBe('Voos GRU → LIS → GRU');
    expect(suggestedTitle(blank('air', { segments: [segments[0]] }), labels)).toBe('Voo GRU → LIS');
    expect(suggestedTitle(blank('air', { segments }), {})).toBeNull();
    expect(suggestedTitle(blank('accommodation', { hotel_name: ' Pestana Palace ' }), {})).toBe('Pestana Palace');
    expect(suggestedTitle(blank('accommodation', { hotel_name: '' }), {})).toBeNull();
    expect(suggestedTitle(blank('car_rental', { pickup_place: 'Aeroporto de Lisboa' }), {})).toBe(
      'Locação de veículo · Aeroporto de Lisboa',
    );
    expect(suggestedTitle(blank('transfer', { from_place: 'Aeroporto', to_place: 'Hotel' }), {})).toBe('Transfer Aeroporto → Hotel');
    expect(suggestedTitle(blank('transfer', { from_place: 'Aeroporto' }), {})).toBeNull();
    expect(suggestedTitle(blank('other', {}), {})).toBeNull();
  });
});
