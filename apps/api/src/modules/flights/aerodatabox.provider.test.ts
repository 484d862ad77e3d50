import { parseFlightNumber } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { parseAnswer, toIsoTime } from './aerodatabox.provider';
import { FlightProviderError } from './flight-provider';

describe('toIsoTime', () => {
  it("reads the protocol's times as ISO 8601 with the offset", () => {
    expect(toIsoTime('2026-03-10 08:05-03:00')).toBe('2026-03-10T08:05:00-03:00');
    expect(toIsoTime('2026-03-10 11:05Z')).toBe('2026-03-10T11:05:00Z');
    expect(toIsoTime('2026-03-10T23:59:30+0530')).toBe('2026-03-10T23:59:30+05:30');
  });
  it('refuses what is not a time', () => {
    for (const v of ['2026-03-10', '2026-03-10 08:05', '2026-03-10 25:00-03:00', 'amanhã', '2026-13-01 08:00Z'])
      expect(toIsoTime(v)).toBeNull();
  });
});

describe('parseAnswer', () => {
  const leg = {
    number: 'G3 1020',
    airline: { name: 'GOL', iata: 'G3', icao: 'GLO' },
    departure: {
      airport: { iata: 'cgh', name: 'Congonhas' },
      scheduledTime: { local: '2026-03-10 07:00-03:00', utc: '2026-03-10 10:00Z' },
      gate: 12,
    },
    arrival: { airport: { name: 'Santos Dumont' }, scheduledTimeLocal: '2026-03-10 08:00-03:00', terminal: ' ' },
  };
  it('reads legs leniently: codes upper-cased, numbers as text, blanks as null, the flat times of older versions', () => {
    const [f] = parseAnswer(JSON.stringify([leg]));
    expect(f).toEqual({
      number: 'G3 1020',
      airline: { iata: 'G3', icao: 'GLO', name: 'GOL' },
      departure: {
        airport: { iata: 'CGH', icao: null, name: 'Congonhas', city: null },
        scheduledLocal: '2026-03-10T07:00:00-03:00',
        scheduledUtc: '2026-03-10T10:00:00Z',
        terminal: null,
        gate: '12',
      },
      arrival: {
        airport: { iata: null, icao: null, name: 'Santos Dumont', city: null },
        scheduledLocal: '2026-03-10T08:00:00-03:00',
        scheduledUtc: null,
        terminal: null,
        gate: null,
      },
      aircraft: null,
    });
  });
  it('an empty body is no flight; anything else that is not the answer is a bad answer', () => {
    expect(parseAnswer('')).toEqual([]);
    for (const body of [
      '<html>',
      '{}',
      '[1]',
      JSON.stringify([{ ...leg, departure: {} }]),
      JSON.stringify([{ ...leg, number: 'x'.repeat(301) }]),
    ]) {
      expect(() => parseAnswer(body), body.slice(0, 40)).toThrow(FlightProviderError);
    }
  });
});

describe('parseFlightNumber', () => {
  it('splits the designator from the digits and drops leading zeros', () => {
    expect(parseFlightNumber('la 0456')).toEqual({ prefix: 'LA', number: '456' });
    expect(parseFlightNumber('G31020')).toEqual({ prefix: 'G3', number: '1020' });
    expect(parseFlightNumber('3456')).toEqual({ prefix: null, number: '3456' });
    for (const v of ['0', '12345', 'LA', 'LA-34', '31234']) expect(parseFlightNumber(v)).toBeNull();
  });
});
