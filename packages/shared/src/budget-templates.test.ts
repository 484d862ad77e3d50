import { describe, expect, it } from 'vitest';
import { datesToDays, serviceFromTemplate, type TemplateService, templateAnchor, templateHasDays } from './budget-templates';

const base = {
  type: 'air' as const,
  title: 'GRU – EZE',
  description: null,
  supplier_id: null,
  start_time: null,
  end_time: null,
  adult_number: 2,
  child_number: 0,
  infant_number: 0,
  currency: 'BRL' as const,
  adult_cents: 100_000,
  child_cents: 0,
  infant_cents: 0,
  total_cents: 0,
  taxes_cents: 0,
  taxes_basis: 'booking' as const,
  fee_cents: 0,
  commission_basis_points: 0,
};

describe('budget template dates', () => {
  const dated = {
    ...base,
    start_date: '2026-12-30',
    end_date: '2027-01-06',
    details: {
      segments: [
        { origin_airport_id: 1, destination_airport_id: 2, departure_date: '2026-12-30', arrival_date: '2026-12-31' },
        { origin_airport_id: 2, destination_airport_id: 1, departure_date: '2027-01-06' },
      ],
    },
  };

  it('counts from the trip start, else the earliest date the services hold', () => {
    expect(templateAnchor('2026-12-28', [dated])).toBe('2026-12-28');
    expect(templateAnchor(null, [dated])).toBe('2026-12-30');
    expect(templateAnchor(null, [{ start_date: null, end_date: null, details: {} }])).toBeNull();
  });

  it('keeps days, not dates, and places them on another trip across a year end and a leap day', () => {
    const days = datesToDays(dated, '2026-12-30') as TemplateService;
    expect(days).toMatchObject({ start_day: 0, end_day: 7 });
    expect(days.details.segments).toEqual([
      { origin_airport_id: 1, destination_airport_id: 2, departure_day: 0, arrival_day: 1 },
      { origin_airport_id: 2, destination_airport_id: 1, departure_day: 7, arrival_day: null },
    ]);
    expect(templateHasDays([{ title: 'P', notes: null, services: [days] }])).toBe(true);
    const placed = serviceFromTemplate(days, '2028-02-25', { adult_number: 3, child_number: 1, infant_number: 0 });
    expect(placed).toMatchObject({ start_date: '2028-02-25', end_date: '2028-03-03', adult_number: 3, child_number: 1 });
    expect(
      (placed.details.segments as { departure_date: string; arrival_date: string | null }[]).map((s) => [s.departure_date, s.arrival_date]),
    ).toEqual([
      ['2028-02-25', '2028-02-26'],
      ['2028-03-03', null],
    ]);
  });

  it('a hotel of one room takes the travellers; without travellers the template counts stay', () => {
    const hotel: TemplateService = {
      ...base,
      type: 'accommodation',
      start_day: 0,
      end_day: 7,
      details: {
        hotel_name: 'Palermo',
        rooms: [{ id: 'room-1', adult_number: 2, child_number: 0, infant_number: 0, value: 500_000, number_room: 1 }],
      },
    };
    const placed = serviceFromTemplate(hotel, '2027-07-01', { adult_number: 1, child_number: 1, infant_number: 1 });
    expect(placed.details.rooms).toEqual([
      { id: 'room-1', adult_number: 1, child_number: 1, infant_number: 1, value: 500_000, number_room: 1 },
    ]);
    expect(serviceFromTemplate(hotel, '2027-07-01', null)).toMatchObject({ adult_number: 2, details: hotel.details });
  });
});
