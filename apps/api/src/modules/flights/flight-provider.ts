// The port to a flight-data service: what the lookup asks and what it gets back, free of any
// provider's wire format. The HTTP adapter (aerodatabox.provider.ts) is the one implementation;
// config.ts decides whether there is one at all.

/** A flight on a day: the airline's IATA code, the number's digits ('3456'), the local departure date. */
export type FlightQuery = { airline: string; number: string; date: string };

export type ProviderAirport = { iata: string | null; icao: string | null; name: string | null; city: string | null };

/** One end of a leg. Times are ISO 8601 with an offset: local at the airport, and UTC ('Z'). */
export type ProviderMovement = {
  airport: ProviderAirport;
  scheduledLocal: string | null;
  scheduledUtc: string | null;
  terminal: string | null;
  gate: string | null;
};

/** One leg flown under the number that day. */
export type ProviderFlight = {
  /** The designator as the provider writes it ('LA 3456'). */
  number: string | null;
  airline: { iata: string | null; icao: string | null; name: string | null } | null;
  departure: ProviderMovement;
  arrival: ProviderMovement;
  aircraft: string | null;
};

export interface FlightProvider {
  /** The legs of the flight that day; an empty list when the provider knows no such flight. */
  findFlights(query: FlightQuery): Promise<ProviderFlight[]>;
}

/**
 * Why the provider could not answer: it took longer than the timeout, it failed (network, 5xx,
 * key refused), or what it sent is not the protocol's answer. `message` is for the log only.
 */
export class FlightProviderError extends Error {
  override readonly name = 'FlightProviderError';
  constructor(
    readonly reason: 'timeout' | 'failed' | 'bad_answer',
    detail: string,
  ) {
    super(`flight provider ${reason}: ${detail}`);
  }
}
