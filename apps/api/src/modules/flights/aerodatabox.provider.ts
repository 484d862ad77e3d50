// The HTTP adapter of the flight port, speaking AeroDataBox's "flight status by number" protocol:
//   GET {base}/flights/number/{LA3456}/{YYYY-MM-DD}?dateLocalRole=Departure
// with the API key in a header (RapidAPI's X-RapidAPI-Key + X-RapidAPI-Host by default). It
// answers 200 with an array of FlightContract (one per leg), 204 when it knows no such flight.
import { z } from 'zod';
import type { Config } from '../../config';
import {
  type FlightProvider,
  FlightProviderError,
  type FlightQuery,
  type ProviderAirport,
  type ProviderFlight,
  type ProviderMovement,
} from './flight-provider';

export type AeroDataBoxOptions = { baseUrl: string; apiKey: string; keyHeader: string; timeoutMs: number };

/** The configured provider, or null when the lookup is off (no URL or no key). */
export function flightProviderFrom(
  config: Pick<Config, 'FLIGHT_API_URL' | 'FLIGHT_API_KEY' | 'FLIGHT_API_KEY_HEADER' | 'FLIGHT_API_TIMEOUT_MS'>,
): FlightProvider | null {
  if (!config.FLIGHT_API_URL || !config.FLIGHT_API_KEY) return null;
  return aeroDataBoxProvider({
    baseUrl: config.FLIGHT_API_URL,
    apiKey: config.FLIGHT_API_KEY,
    keyHeader: config.FLIGHT_API_KEY_HEADER,
    timeoutMs: config.FLIGHT_API_TIMEOUT_MS,
  });
}

// What AeroDataBox sends, read leniently: unknown fields ignored, optional ones may be missing or
// null. Texts are capped so that a broken answer cannot flood ours.
const text = z
  .union([z.string().max(300), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()));
const time = z.looseObject({ local: text, utc: text });
const airport = z.looseObject({ iata: text, icao: text, name: text, municipalityName: text });
const movement = z.looseObject({
  airport: airport.nullish(),
  scheduledTime: time.nullish(),
  // The flat fields of earlier versions of the protocol.
  scheduledTimeLocal: text,
  scheduledTimeUtc: text,
  terminal: text,
  gate: text,
});
const answerSchema = z.array(
  z.looseObject({
    number: text,
    airline: z.looseObject({ name: text, iata: text, icao: text }).nullish(),
    aircraft: z.looseObject({ model: text }).nullish(),
    departure: movement,
    arrival: movement,
  }),
);
type AnswerMovement = z.infer<typeof movement>;

const PROVIDER_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(?:\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})$/i;
const isoWithOffset = z.iso.datetime({ offset: true });

/** '2026-03-10 08:05-03:00' (the protocol's form) as ISO 8601 '2026-03-10T08:05:00-03:00'; null when it is not a time. */
export function toIsoTime(value: string): string | null {
  const m = PROVIDER_TIME.exec(value);
  if (!m) return null;
  const [, day, minutes, seconds, zone = ''] = m;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const iso = `${day}T${minutes}${seconds ?? ':00'}${offset}`;
  return isoWithOffset.safeParse(iso).success && !Number.isNaN(Date.parse(iso)) ? iso : null;
}

const IATA_AIRPORT = /^[A-Z0-9]{3}$/;
const ICAO_AIRPORT = /^[A-Z0-9]{4}$/;
const IATA_AIRLINE = /^[A-Z0-9]{2}$/;
const ICAO_AIRLINE = /^[A-Z]{3}$/;
const code = (value: string | null, pattern: RegExp) => {
  const v = value?.toUpperCase() ?? null;
  return v && pattern.test(v) ? v : null;
};

function toMovement(m: AnswerMovement, end: string): ProviderMovement {
  const a = m.airport;
  const place: ProviderAirport = {
    iata: code(a?.iata ?? null, IATA_AIRPORT),
    icao: code(a?.icao ?? null, ICAO_AIRPORT),
    name: a?.name ?? null,
    city: a?.municipalityName ?? null,
  };
  if (!place.iata && !place.name) throw new FlightProviderError('bad_answer', `${end} without an airport`);
  const time = (value: string | null, label: string) => {
    if (value === null) return null;
    const iso = toIsoTime(value);
    if (!iso) throw new FlightProviderError('bad_answer', `${end} ${label} time ${JSON.stringify(value.slice(0, 40))}`);
    return iso;
  };
  return {
    airport: place,
    scheduledLocal: time(m.scheduledTime?.local ?? m.scheduledTimeLocal, 'local'),
    scheduledUtc: time(m.scheduledTime?.utc ?? m.scheduledTimeUtc, 'utc'),
    terminal: m.terminal,
    gate: m.gate,
  };
}

/** The provider's answer body as legs; throws bad_answer for anything that is not the protocol's answer. */
export function parseAnswer(body: string): ProviderFlight[] {
  // An empty body is how the protocol says "no such flight" (204); some proxies turn it into a 200.
  if (body.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new FlightProviderError('bad_answer', 'not JSON');
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) throw new FlightProviderError('bad_answer', `unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data.map((f) => ({
    number: f.number,
    airline: f.airline
      ? { iata: code(f.airline.iata, IATA_AIRLINE), icao: code(f.airline.icao, ICAO_AIRLINE), name: f.airline.name }
      : null,
    departure: toMovement(f.departure, 'departure'),
    arrival: toMovement(f.arrival, 'arrival'),
    aircraft: f.aircraft?.model ?? null,
  }));
}

/** Statuses that mean "no such flight that day" (400: a date outside the provider's range). */
const NOT_FOUND_STATUSES = new Set([204, 400, 404]);

export function aeroDataBoxProvider(opts: AeroDataBoxOptions): FlightProvider {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { accept: 'application/json', [opts.keyHeader]: opts.apiKey };
  // RapidAPI routes by host and wants it named in its own header too.
  if (opts.keyHeader.toLowerCase() === 'x-rapidapi-key') headers['x-rapidapi-host'] = new URL(base).host;
  return {
    async findFlights({ airline, number, date }: FlightQuery) {
      const url = `${base}/flights/number/${encodeURIComponent(`${airline}${number}`)}/${date}?dateLocalRole=Departure&withAircraftImage=false&withLocation=false`;
      let status: number;
      let body: string;
      try {
        // One signal for the whole exchange: a body that trickles in is cut by the same timeout.
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(opts.timeoutMs), redirect: 'error' });
        status = res.status;
        body = await res.text();
      } catch (error) {
        const name = (error as Error | undefined)?.name;
        if (name === 'TimeoutError' || name === 'AbortError') throw new FlightProviderError('timeout', `${opts.timeoutMs} ms`);
        throw new FlightProviderError('failed', (error as Error | undefined)?.message ?? 'network error');
      }
      if (NOT_FOUND_STATUSES.has(status)) return [];
      if (status < 200 || status >= 300) throw new FlightProviderError('failed', `answered HTTP ${status}`);
      return parseAnswer(body);
    },
  };
}
