// "Colar reserva": the pasted reservation read by the shared reader, and each code it names matched
// to the agency's reference lists, so the air-service form fills its pickers. Reads only.
import type { Db } from '@app/db';
import { businessDate, type ParseItineraryInput, type ParseItineraryOutput, parseItinerary } from '@app/shared';
import { airlinesByCodeWhere, airportsByCodeWhere } from '../flights/flights.where';

type Row = { id: number; code: string | null; name: string; companyId: number | null; fields: unknown; parent: { name: string } | null };
type Match = NonNullable<ParseItineraryOutput['segments'][number]['origin_match']>;

const select = { id: true, code: true, name: true, companyId: true, fields: true, parent: { select: { name: true } } } as const;
const field = (fields: unknown, key: string) => (fields as Record<string, unknown> | null)?.[key];

/**
 * Per code, the row an agent typing the code into the picker is offered first: the agency's own,
 * then the curated priority (the carriers Brazilian agencies sell before a defunct namesake), then
 * by name. Airports are unique per owner; IATA gave some airline codes to two carriers.
 */
function bestByCode(rows: Row[]): Map<string, Match> {
  const rank = (row: Row) => {
    const priority = field(row.fields, 'priority');
    return typeof priority === 'number' ? priority : Number.POSITIVE_INFINITY;
  };
  const ordered = [...rows].sort(
    (a, b) =>
      Number(b.companyId !== null) - Number(a.companyId !== null) || rank(a) - rank(b) || a.name.localeCompare(b.name) || a.id - b.id,
  );
  const best = new Map<string, Match>();
  for (const row of ordered) {
    const city = row.parent?.name ?? field(row.fields, 'city_name');
    if (row.code && !best.has(row.code))
      best.set(row.code, { id: row.id, name: row.name, city: typeof city === 'string' && city ? city : null });
  }
  return best;
}

export async function parseItineraryForAgency(db: Db, companyId: number, input: ParseItineraryInput): Promise<ParseItineraryOutput> {
  const { segments, unread_lines } = parseItinerary(input.text, input.today ?? businessDate());
  if (!segments.length) return { segments: [], unread_lines };
  const airportCodes = [...new Set(segments.flatMap((s) => [s.origin, s.destination]))];
  const airlineCodes = [...new Set(segments.map((s) => s.airline))];
  const [airportRows, airlineRows] = await Promise.all([
    db.referenceItem.findMany({ where: airportsByCodeWhere(companyId, airportCodes), select }),
    db.referenceItem.findMany({ where: { OR: airlineCodes.map((code) => airlinesByCodeWhere(companyId, code)) }, select }),
  ]);
  const airports = bestByCode(airportRows);
  const airlines = bestByCode(airlineRows);
  return {
    segments: segments.map((s) => ({
      ...s,
      airline_match: airlines.get(s.airline) ?? null,
      origin_match: airports.get(s.origin) ?? null,
      destination_match: airports.get(s.destination) ?? null,
    })),
    unread_lines,
  };
}
