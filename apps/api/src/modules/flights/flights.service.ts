import { FLIGHT_LOOKUP_MESSAGES, type FlightAirport, type FlightLookup, type FlightLookupInput, parseFlightNumber } from '@app/shared';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { flightProviderFrom } from './aerodatabox.provider';
import { type FlightProvider, FlightProviderError, type ProviderAirport, type ProviderFlight } from './flight-provider';
import { airlinesByCodeWhere, airportsByCodeWhere } from './flights.where';

const UPSTREAM_MESSAGES = {
  timeout: FLIGHT_LOOKUP_MESSAGES.timeout,
  failed: FLIGHT_LOOKUP_MESSAGES.failed,
  bad_answer: FLIGHT_LOOKUP_MESSAGES.badAnswer,
} as const;

const instant = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso));
const departsAt = (f: ProviderFlight) => instant(f.departure.scheduledUtc ?? f.departure.scheduledLocal);
const arrivesAt = (f: ProviderFlight) => instant(f.arrival.scheduledUtc ?? f.arrival.scheduledLocal);

/**
 * The legs the agent's flight is made of: the first to depart, then each leg leaving the airport
 * the previous one reached (a number flying GRU-LIM-MEX that day). Other legs are left out.
 */
export function flightChain(flights: ProviderFlight[]): ProviderFlight[] {
  const order = (f: ProviderFlight) => {
    const t = departsAt(f);
    return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
  };
  const sorted = [...flights].sort((a, b) => order(a) - order(b));
  const [first, ...rest] = sorted;
  if (!first) return [];
  const chain = [first];
  for (const leg of rest) {
    const last = chain.at(-1) as ProviderFlight;
    const from = leg.departure.airport.iata;
    if (from && from === last.arrival.airport.iata && !(departsAt(leg) < arrivesAt(last))) chain.push(leg);
  }
  return chain;
}

type ListRow = {
  id: number;
  code: string | null;
  name: string;
  companyId: number | null;
  fields: unknown;
  parent: { name: string } | null;
};
const select = { id: true, code: true, name: true, companyId: true, fields: true, parent: { select: { name: true } } } as const;
const fieldText = (fields: unknown, key: string) => {
  const v = (fields as Record<string, unknown> | null)?.[key];
  return typeof v === 'string' && v.trim() ? v : null;
};
/** The agency's own row before the system's: an agency that keeps its own row for a code chose it. */
const ownFirst = (a: ListRow, b: ListRow) => Number(b.companyId !== null) - Number(a.companyId !== null) || a.id - b.id;

/**
 * A flight by airline, number and date from the flight-data provider, its airports and airline
 * matched to the agency's reference lists by IATA code (id null when the list lacks them).
 * Reads only: a failure of any kind changes nothing.
 */
export async function lookupFlight(
  deps: Pick<Deps, 'db' | 'config'>,
  companyId: number,
  input: FlightLookupInput,
  provider: FlightProvider | null = flightProviderFrom(deps.config),
): Promise<FlightLookup> {
  if (!provider) throw new AppError('NOT_CONFIGURED', { message: FLIGHT_LOOKUP_MESSAGES.notConfigured });
  const parsed = parseFlightNumber(input.flight_number);
  // The input schema refused anything else; kept as a guard for callers that skip it.
  if (!parsed) throw new AppError('VALIDATION', { errors: { flight_number: ['não é válido'] } });
  const airline = input.airline.trim().toUpperCase();

  let flights: ProviderFlight[];
  try {
    flights = await provider.findFlights({ airline, number: parsed.number, date: input.date });
  } catch (error) {
    if (!(error instanceof FlightProviderError)) throw error;
    const upstream = new AppError('UPSTREAM', { message: UPSTREAM_MESSAGES[error.reason] });
    upstream.cause = error; // logged with the 502, never sent
    throw upstream;
  }
  const legs = flightChain(flights);
  const first = legs[0];
  const last = legs.at(-1);
  if (!first || !last) throw new AppError('NOT_FOUND', { message: FLIGHT_LOOKUP_MESSAGES.notFound });

  const places = [first.departure.airport, ...legs.map((leg) => leg.arrival.airport)];
  const codes = [...new Set(places.map((p) => p.iata).filter((c): c is string => c !== null))];
  const carrierCode = first.airline?.iata ?? airline;
  const [airportRows, airlineRows] = await Promise.all([
    codes.length ? deps.db.referenceItem.findMany({ where: airportsByCodeWhere(companyId, codes), select }) : [],
    deps.db.referenceItem.findMany({ where: airlinesByCodeWhere(companyId, carrierCode), select }),
  ]);

  const airports = new Map<string, ListRow>();
  for (const row of [...airportRows].sort(ownFirst)) if (row.code && !airports.has(row.code)) airports.set(row.code, row);
  const toAirport = (place: ProviderAirport): FlightAirport => {
    const row = place.iata ? airports.get(place.iata) : undefined;
    if (row)
      return { id: row.id, code: row.code, name: row.name, city: row.parent?.name ?? fieldText(row.fields, 'city_name') ?? place.city };
    return { id: null, code: place.iata, name: place.name ?? place.iata ?? '', city: place.city };
  };
  // Two airlines may share an IATA code: the agency's own row, then the one with the provider's ICAO code.
  const icao = first.airline?.icao ?? null;
  const sameIcao = (row: ListRow) => Number(icao !== null && fieldText(row.fields, 'icao_code') === icao);
  const carrierRow = [...airlineRows].sort(
    (a, b) => Number(b.companyId !== null) - Number(a.companyId !== null) || sameIcao(b) - sameIcao(a) || a.id - b.id,
  )[0];

  const departure = first.departure;
  const arrival = last.arrival;
  const minutes = (arrivesAt(last) - departsAt(first)) / 60_000;
  return {
    carrier: { id: carrierRow?.id ?? null, code: carrierCode, name: carrierRow?.name ?? first.airline?.name ?? null },
    flight_number: first.number?.replace(/\s+/g, '').toUpperCase() || `${airline}${parsed.number}`,
    date: input.date,
    origin: toAirport(departure.airport),
    destination: toAirport(arrival.airport),
    stops: legs.slice(1).map((leg) => toAirport(leg.departure.airport)),
    departure: { scheduled_at: departure.scheduledLocal ?? departure.scheduledUtc, terminal: departure.terminal, gate: departure.gate },
    arrival: { scheduled_at: arrival.scheduledLocal ?? arrival.scheduledUtc, terminal: arrival.terminal, gate: arrival.gate },
    aircraft: first.aircraft,
    duration_minutes: Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : null,
  };
}
