// "Colar reserva": the contract of POST /api/services/parse-itinerary. The agent pastes what a GDS
// or an airline's receipt shows; the answer is the flights read from it and the lines that were not.
import { AIRLINE_CODE_PATTERN } from '../flights';
import { reportIssues, z } from '../zod';

/** Where a segment was read from: a GDS display, or an airline's e-ticket receipt. */
export const ITINERARY_SOURCES = ['amadeus', 'sabre', 'galileo', 'receipt'] as const;
export type ItinerarySource = (typeof ITINERARY_SOURCES)[number];

/** Far beyond a real reservation (a long PNR display is 60 lines), so that no paste costs much to read. */
export const ITINERARY_LIMITS = { chars: 20_000, lines: 200 } as const;

export const ITINERARY_MESSAGES = {
  empty: 'Cole o texto da reserva.',
  tooLong: `O texto colado pode ter no máximo ${ITINERARY_LIMITS.chars.toLocaleString('pt-BR')} caracteres.`,
  tooManyLines: `O texto colado pode ter no máximo ${ITINERARY_LIMITS.lines} linhas.`,
} as const;

/** The lines of a pasted text, numbered from 1 by their place; a final line break opens no line. */
export function itineraryLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** The text's own rules, as field issues (the char cap is the schema's `max`). */
function itineraryTextIssues(text: string): { path: string; message: string }[] {
  if (typeof text !== 'string' || text.length > ITINERARY_LIMITS.chars) return [];
  if (!text.trim()) return [{ path: 'text', message: ITINERARY_MESSAGES.empty }];
  return itineraryLines(text).length > ITINERARY_LIMITS.lines ? [{ path: 'text', message: ITINERARY_MESSAGES.tooManyLines }] : [];
}

export const parseItineraryInput = z
  .object({
    text: z
      .string()
      .max(ITINERARY_LIMITS.chars, { message: ITINERARY_MESSAGES.tooLong })
      .meta({
        description: `O texto colado: linhas de trecho do Amadeus, do Sabre ou do Galileo, ou o recibo do bilhete eletrônico de uma companhia aérea (LATAM, GOL, Azul, TAP, American, Aerolíneas Argentinas, Copa). No máximo ${ITINERARY_LIMITS.chars.toLocaleString('pt-BR')} caracteres e ${ITINERARY_LIMITS.lines} linhas.`,
        examples: ['  2  LA8010 Y 10JUL 6 GRUEZE HK2  0805 1100  10JUL  E  LA/ABCDEF'],
      }),
    today: z.iso
      .date()
      .optional()
      .meta({
        description:
          'O dia de hoje (AAAA-MM-DD) de onde se deduz o ano das datas escritas sem ele: o deste ano, ou o do ano que vem se já passou. Por omissão, a data de hoje em São Paulo; enviado para reproduzir uma leitura.',
        examples: ['2026-05-20'],
      }),
  })
  .strict()
  .superRefine(reportIssues((input: { text: string }) => itineraryTextIssues(input.text)));
export type ParseItineraryInput = z.infer<typeof parseItineraryInput>;

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const airportCode = z.string().regex(/^[A-Z]{3}$/);

export const itinerarySegmentSchema = z.object({
  line: z.number().int().min(1).meta({ description: 'A linha do texto (a partir de 1) em que o trecho começa.' }),
  source: z.enum(ITINERARY_SOURCES).meta({ description: 'De onde o trecho foi lido: a tela de um GDS ou o recibo de uma companhia.' }),
  airline: z
    .string()
    .regex(AIRLINE_CODE_PATTERN)
    .meta({ description: 'Código IATA da companhia que vende o voo.', examples: ['LA'] }),
  flight_number: z
    .string()
    .regex(/^[1-9]\d{0,3}$/)
    .meta({ description: 'O número do voo, sem zeros à esquerda.', examples: ['8010'] }),
  booking_class: z
    .string()
    .regex(/^[A-Z]$/)
    .nullable()
    .meta({ description: 'A classe de reserva (uma letra), quando o texto a traz.' }),
  origin: airportCode.meta({ description: 'Código IATA do aeroporto de partida.', examples: ['GRU'] }),
  destination: airportCode.meta({ description: 'Código IATA do aeroporto de chegada.', examples: ['EZE'] }),
  departure_date: z.iso.date().meta({ description: 'Data local da partida; sem ano no texto, o ano deduzido de `today`.' }),
  departure_time: timeOfDay.nullable().meta({ description: 'Hora local da partida (HH:MM, 24 h).', examples: ['08:05'] }),
  arrival_date: z.iso.date().nullable().meta({
    description: 'Data local da chegada; null quando o texto não permite sabê-la (um recibo sem data nem +1 e chegada antes da partida).',
  }),
  arrival_time: timeOfDay.nullable().meta({ description: 'Hora local da chegada (HH:MM, 24 h).', examples: ['11:00'] }),
  arrival_day_offset: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Dias entre a partida e a chegada: 0 no mesmo dia, 1 e 2 nos seguintes (o "+1" do texto), -1 na véspera.' }),
  status: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable()
    .meta({ description: 'O status do trecho (HK, KK, TK, HL...); o "Confirmado"/"OK" de um recibo é HK.', examples: ['HK'] }),
  operated_by: z.string().nullable().meta({ description: 'Num voo compartilhado, a companhia que opera, como o texto a escreve.' }),
  locator: z
    .string()
    .nullable()
    .meta({ description: 'O localizador da companhia, quando o texto o traz.', examples: ['ABCDEF'] }),
});
export type ItinerarySegment = z.infer<typeof itinerarySegmentSchema>;

export const unreadLineSchema = z.object({
  line: z.number().int().min(1).meta({ description: 'O número da linha no texto colado (a partir de 1).' }),
  text: z.string().meta({ description: 'A linha como foi colada.' }),
});
export type UnreadLine = z.infer<typeof unreadLineSchema>;

/** What the pure reader answers. */
export const parsedItinerarySchema = z.object({
  segments: z.array(itinerarySegmentSchema),
  unread_lines: z.array(unreadLineSchema),
});
export type ParsedItinerary = z.infer<typeof parsedItinerarySchema>;

const referenceMatch = z
  .object({
    id: z.number().int(),
    name: z.string(),
    city: z.string().nullable(),
  })
  .nullable();

/** The answer of the route: each segment also with the rows of the agency's lists its codes name. */
export const parseItineraryOutput = z.object({
  segments: z.array(
    itinerarySegmentSchema.extend({
      airline_match: referenceMatch.meta({
        description: 'A companhia da lista air_cias_params com o código `airline`; null quando a lista não a tem.',
      }),
      origin_match: referenceMatch.meta({
        description: 'O aeroporto da lista air_airport_params com o código `origin`; null quando a lista não o tem.',
      }),
      destination_match: referenceMatch.meta({
        description: 'O aeroporto da lista air_airport_params com o código `destination`; null quando a lista não o tem.',
      }),
    }),
  ),
  unread_lines: z.array(unreadLineSchema).meta({ description: 'As linhas não vazias de que nenhum trecho foi lido, na ordem do texto.' }),
});
export type ParseItineraryOutput = z.infer<typeof parseItineraryOutput>;
