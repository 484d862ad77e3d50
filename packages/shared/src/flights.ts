// Flight lookup: the contract of POST /api/flight/flight_number. The budget's air-service form
// asks it for a flight's airports and times and falls back to typing them when it fails.
import { INVALID_MESSAGE } from './crm-labels';
import { reportIssues, z } from './zod';

/** The pt-BR messages of the lookup's answers (the error body's `message`). */
export const FLIGHT_LOOKUP_MESSAGES = {
  notConfigured: 'Consulta de voos não configurada. Preencha os dados do voo manualmente.',
  notFound: 'Voo não encontrado para a companhia, o número e a data informados. Confira os dados ou preencha o voo manualmente.',
  timeout: 'A consulta de voos demorou demais para responder. Tente de novo ou preencha os dados do voo manualmente.',
  failed: 'A consulta de voos está indisponível no momento. Tente de novo ou preencha os dados do voo manualmente.',
  badAnswer: 'A consulta de voos devolveu uma resposta inválida. Preencha os dados do voo manualmente.',
  /** Field error: 'LA3456' sent with airline 'G3'. */
  prefixMismatch: 'não corresponde à companhia aérea informada',
} as const;

/** An IATA airline designator: two letters or digits, at least one a letter ('LA', 'G3', '2Z'). */
export const AIRLINE_CODE_PATTERN = /^(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])$/;
/** A flight number as agents type it (after trimming and upper-casing): '3456', 'LA3456', 'LA 3456', 'G3 1020'. */
export const FLIGHT_NUMBER_PATTERN = /^(?:([A-Z]{2}|[A-Z]\d|\d[A-Z]) ?)?(\d{1,4})$/;

/** The parts of a typed flight number, or null when it is not one ('LA 0456' -> { prefix: 'LA', number: '456' }). */
export function parseFlightNumber(value: string): { prefix: string | null; number: string } | null {
  const match = FLIGHT_NUMBER_PATTERN.exec(value.trim().toUpperCase());
  const digits = match?.[2];
  if (!digits || Number(digits) === 0) return null;
  return { prefix: match[1] ?? null, number: String(Number(digits)) };
}

/** The cross-field rule: a designator typed into the number must be the airline's. */
export function flightLookupIssues(input: { airline: string; flight_number: string }) {
  if (typeof input.airline !== 'string' || typeof input.flight_number !== 'string') return [];
  const parsed = parseFlightNumber(input.flight_number);
  return parsed?.prefix && parsed.prefix !== input.airline.trim().toUpperCase()
    ? [{ path: 'flight_number', message: FLIGHT_LOOKUP_MESSAGES.prefixMismatch }]
    : [];
}

export const flightLookupInput = z
  .object({
    airline: z
      .string()
      .trim()
      .toUpperCase()
      .regex(AIRLINE_CODE_PATTERN, { message: INVALID_MESSAGE })
      .meta({ description: 'Código IATA da companhia aérea (o `code` da lista air_cias_params), ex.: LA, G3, AD.', examples: ['LA'] }),
    flight_number: z
      .string()
      .trim()
      .toUpperCase()
      .max(8)
      .refine((v) => parseFlightNumber(v) !== null, { message: INVALID_MESSAGE })
      .meta({
        description: 'Número do voo: de 1 a 4 dígitos, com ou sem o código da companhia na frente (3456, LA3456 ou LA 3456).',
        examples: ['3456'],
        pattern: FLIGHT_NUMBER_PATTERN.source,
      }),
    date: z.iso.date().meta({ description: 'Data local da partida (AAAA-MM-DD).', examples: ['2026-03-10'] }),
  })
  .strict()
  .superRefine(reportIssues(flightLookupIssues));
export type FlightLookupInput = z.infer<typeof flightLookupInput>;

const nullableText = z.string().nullable();

export const flightAirportSchema = z.object({
  id: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'O aeroporto da lista air_airport_params com este código IATA; null quando a lista não o tem.' }),
  code: nullableText.meta({ description: 'Código IATA do aeroporto (null quando o serviço de voos não o informa).' }),
  name: z.string(),
  city: nullableText,
});
export type FlightAirport = z.infer<typeof flightAirportSchema>;

const flightMovementSchema = z.object({
  scheduled_at: z.iso
    .datetime({ offset: true })
    .nullable()
    .meta({
      description: 'Horário previsto, na hora local do aeroporto com o deslocamento UTC (ISO 8601).',
      examples: ['2026-03-10T08:05:00-03:00'],
    }),
  terminal: nullableText,
  gate: nullableText,
});

export const flightLookupOutput = z.object({
  carrier: z.object({
    id: z.number().int().nullable().meta({ description: 'A companhia da lista air_cias_params; null quando a lista não a tem.' }),
    code: z.string(),
    name: nullableText,
  }),
  /** The designator as flown, e.g. 'LA3456'. */
  flight_number: z.string().meta({ examples: ['LA3456'] }),
  date: z.iso.date(),
  origin: flightAirportSchema,
  destination: flightAirportSchema,
  /** Airports of intermediate stops when the flight number flies several legs that day, in order. */
  stops: z.array(flightAirportSchema),
  departure: flightMovementSchema,
  arrival: flightMovementSchema,
  aircraft: nullableText.meta({ description: 'Modelo da aeronave, quando conhecido.', examples: ['Airbus A320'] }),
  duration_minutes: z.number().int().nullable().meta({ description: 'Duração prevista, da partida à chegada, em minutos.' }),
});
export type FlightLookup = z.infer<typeof flightLookupOutput>;
