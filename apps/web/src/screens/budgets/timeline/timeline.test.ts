import { describe, expect, it } from 'vitest';
import { buildTimeline, nightsWithoutStay, type TimelineService } from './timeline';

let nextId = 1;
const service = (fields: Partial<TimelineService> & Pick<TimelineService, 'type'>): TimelineService => ({
  id: nextId++,
  title: fields.type,
  status: 'active',
  position: 0,
  start_date: null,
  start_time: null,
  end_date: null,
  end_time: null,
  details: {},
  ...fields,
});

/** Each day with its entries as 'key time' strings, for readable expectations. */
const shape = (services: TimelineService[]) => {
  const t = buildTimeline(services);
  return {
    days: t.days.map((d) => [d.date, d.entries.map((e) => `${e.service.title}/${e.kind}${e.time ? ` ${e.time}` : ''}`)]),
    undated: t.undated.map((e) => `${e.service.title}/${e.kind}`),
  };
};

describe('buildTimeline', () => {
  it('puts a flight on the departure day of each segment, with its arrival and segment number', () => {
    const air = service({
      type: 'air',
      title: 'Voo',
      start_date: '2027-01-12',
      details: {
        segments: [
          {
            departure_date: '2027-01-12',
            departure_time: '22:10',
            arrival_date: '2027-01-13',
            arrival_time: '10:05',
            flight_number: 'TP 88',
          },
          { departure_date: '2027-01-20', departure_time: '11:00', arrival_date: '2027-01-20', arrival_time: '18:30' },
        ],
      },
    });
    const t = buildTimeline([air]);
    expect(t.days.map((d) => d.date)).toEqual(['2027-01-12', '2027-01-20']);
    expect(t.days[0]?.entries[0]).toMatchObject({
      kind: 'segment',
      time: '22:10',
      until: { date: '2027-01-13', time: '10:05' },
      segment: { index: 1, count: 2, flight_number: 'TP 88' },
    });
    expect(t.days[1]?.entries[0]?.segment).toEqual({ index: 2, count: 2, flight_number: null });
  });

  it('shows a hotel on its check-in day and its check-out day, with the hotel times first, else the service times', () => {
    const hotel = service({
      type: 'accommodation',
      title: 'Hotel',
      start_date: '2027-01-13',
      start_time: '15:00',
      end_date: '2027-01-20',
      end_time: '11:00',
      details: { check_in_time: '14:00' },
    });
    expect(shape([hotel]).days).toEqual([
      ['2027-01-13', ['Hotel/check_in 14:00']],
      ['2027-01-20', ['Hotel/check_out 11:00']],
    ]);
    // A stay that ends on the day it starts shows once.
    expect(shape([{ ...hotel, end_date: '2027-01-13' }]).days).toEqual([['2027-01-13', ['Hotel/check_in 14:00']]]);
  });

  it('orders days, then entries by time (untimed first), then by the position in the proposal', () => {
    const services = [
      service({ type: 'tour', title: 'Passeio', start_date: '2027-01-14', start_time: '09:00', position: 4 }),
      service({ type: 'transfer', title: 'Transfer', start_date: '2027-01-13', start_time: '10:30', position: 2 }),
      service({ type: 'insurance', title: 'Seguro', start_date: '2027-01-13', end_date: '2027-01-20', position: 5 }),
      service({ type: 'car_rental', title: 'Carro', start_date: '2027-01-13', start_time: '10:30', position: 1 }),
    ];
    expect(shape(services).days).toEqual([
      ['2027-01-13', ['Seguro/service', 'Carro/service 10:30', 'Transfer/service 10:30']],
      ['2027-01-14', ['Passeio/service 09:00']],
    ]);
    const insurance = buildTimeline(services).days[0]?.entries[0];
    expect(insurance?.until).toEqual({ date: '2027-01-20', time: null });
  });

  it('keeps services without a date for the end, in their order', () => {
    const t = shape([
      service({ type: 'other', title: 'Outro', position: 3 }),
      service({ type: 'accommodation', title: 'Hotel sem data', position: 1 }),
      service({ type: 'tour', title: 'Passeio', start_date: '2027-02-01' }),
    ]);
    expect(t.days).toEqual([['2027-02-01', ['Passeio/service']]]);
    expect(t.undated).toEqual(['Hotel sem data/service', 'Outro/service']);
  });

  it('is empty for a proposal without services', () => {
    expect(buildTimeline([])).toEqual({ days: [], undated: [], nightsWithoutStay: [] });
  });
});

describe('nightsWithoutStay', () => {
  const flight = (departure: string, arrival: string) =>
    service({ type: 'air', start_date: departure, details: { segments: [{ departure_date: departure, arrival_date: arrival }] } });
  const hotel = (start: string, end: string, status = 'active') =>
    service({ type: 'accommodation', start_date: start, end_date: end, status });

  it('flags the nights between a hotel and the next one, and none where a stay or an overnight flight covers them', () => {
    // Out overnight on the 10th, hotel 11-14, nothing 14-16, hotel 16-18, back on the 18th.
    const trip = [
      flight('2027-07-10', '2027-07-11'),
      hotel('2027-07-11', '2027-07-14'),
      hotel('2027-07-16', '2027-07-18'),
      flight('2027-07-18', '2027-07-18'),
    ];
    expect(nightsWithoutStay(trip)).toEqual([{ from: '2027-07-14', nights: 2 }]);
  });

  it('a cruise sleeps on board; a car rental does not; a cancelled hotel covers nothing', () => {
    const cruise = service({ type: 'cruise', start_date: '2027-02-01', end_date: '2027-02-05' });
    const car = service({ type: 'car_rental', start_date: '2027-02-05', end_date: '2027-02-07' });
    expect(nightsWithoutStay([cruise, car])).toEqual([{ from: '2027-02-05', nights: 2 }]);
    expect(nightsWithoutStay([cruise, car, hotel('2027-02-05', '2027-02-07', 'canceled')])).toEqual([{ from: '2027-02-05', nights: 2 }]);
    expect(nightsWithoutStay([cruise, car, hotel('2027-02-05', '2027-02-07')])).toEqual([]);
  });

  it('runs over a month and a year end; a day trip or an undated proposal has no nights', () => {
    expect(nightsWithoutStay([flight('2027-12-30', '2027-12-30'), flight('2028-01-02', '2028-01-02')])).toEqual([
      { from: '2027-12-30', nights: 3 },
    ]);
    expect(nightsWithoutStay([flight('2027-03-03', '2027-03-03')])).toEqual([]);
    expect(nightsWithoutStay([service({ type: 'tour' })])).toEqual([]);
  });
});
