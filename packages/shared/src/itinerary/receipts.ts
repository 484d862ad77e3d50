// The plain text of the airlines' e-ticket receipts and booking confirmations (LATAM, GOL, Azul,
// TAP, American, Aerolíneas Argentinas, Copa), in Portuguese, Spanish or English. A flight starts
// at a line naming it ('Voo LA3456', 'Flight TP088', 'AA 906  Sat, Sep 20', or a row holding the
// flight, both airports and both times) and runs to the next one. Its airports, dates and times
// come from labelled values ('Partida:', 'Llegada:', 'Depart:'), a route ('Campinas (VCP) → Recife
// (REC)'), or two lines of a time and an airport (departure, then arrival). A value found twice
// with two readings, or a label whose value reads two ways, leaves the flight unread.
import { AIRLINE_CODE_PATTERN, parseFlightNumber } from '../flights';
import type { WrittenDate } from './dates';
import type { RawSegment, TextLine } from './raw-segment';
import { fold, scanTokens, type Tokens } from './text-tokens';

type Kind = 'locator' | 'operator' | 'flight' | 'departure' | 'arrival' | 'origin' | 'destination' | 'date' | 'class' | 'status' | 'ignore';
type Lang = 'pt' | 'es' | 'en' | null;
type Label = { kind: Kind; pattern: string; lang: Lang; colon?: true };

// Folded (lower case, no accents). Short words are labels only with a colon ('De: São Paulo (GRU)').
const LABELS: Label[] = [
  ...['localizador', 'codigo d[ae] reserva', 'codigo de reservacion', 'codigo de confirmacion', 'pnr'].map((pattern) => ({
    kind: 'locator' as const,
    pattern,
    lang: null,
  })),
  ...['booking reference', 'booking code', 'record locator', 'reservation code', 'confirmation code', 'confirmation number'].map(
    (pattern) => ({
      kind: 'locator' as const,
      pattern,
      lang: 'en' as const,
    }),
  ),
  { kind: 'operator', pattern: 'operad[oa] por', lang: null },
  { kind: 'operator', pattern: 'operated by', lang: 'en' },
  { kind: 'flight', pattern: 'n[o°º.]{0,2} do voo|numero do voo|voo', lang: 'pt' },
  { kind: 'flight', pattern: 'numero de vuelo|vuelo', lang: 'es' },
  { kind: 'flight', pattern: 'flight number|flight|flt', lang: 'en' },
  { kind: 'departure', pattern: 'partida|saida', lang: 'pt' },
  { kind: 'departure', pattern: 'salida|sale', lang: 'es' },
  { kind: 'departure', pattern: 'departure|departs|depart', lang: 'en' },
  { kind: 'arrival', pattern: 'chegada', lang: 'pt' },
  { kind: 'arrival', pattern: 'llegada|llega', lang: 'es' },
  { kind: 'arrival', pattern: 'arrival|arrives|arrive', lang: 'en' },
  { kind: 'origin', pattern: 'origem', lang: 'pt' },
  { kind: 'origin', pattern: 'origen', lang: 'es' },
  { kind: 'origin', pattern: 'de|desde', lang: null, colon: true },
  { kind: 'origin', pattern: 'from', lang: 'en', colon: true },
  { kind: 'destination', pattern: 'destino', lang: null },
  { kind: 'destination', pattern: 'para|hasta', lang: null, colon: true },
  { kind: 'destination', pattern: 'to', lang: 'en', colon: true },
  { kind: 'date', pattern: 'data do voo|data', lang: 'pt' },
  { kind: 'date', pattern: 'fecha del vuelo|fecha', lang: 'es' },
  { kind: 'date', pattern: 'date', lang: 'en' },
  { kind: 'class', pattern: 'classe tarifaria|classe|cabine', lang: 'pt' },
  { kind: 'class', pattern: 'clase|cabina', lang: 'es' },
  { kind: 'class', pattern: 'booking class|class|cabin', lang: 'en' },
  { kind: 'status', pattern: 'status|situacao|estado', lang: null },
  // Values that are no part of a segment here; naming them keeps them out of the values beside them.
  {
    kind: 'ignore',
    pattern:
      'data de emissao|fecha de emision|date of issue|issue date|embarque|boarding|terminal|portao|puerta|gate|assento|asiento|seat|' +
      'franquia de bagagem|bagagem|equipaje|baggage|aeronave|equipamento|aircraft|equipment|duracao|duracion|duration|' +
      'base tarifaria|fare basis|tarifa|fare|bilhete|boleto|ticket|passageiros?|pasajeros?|passengers?|escalas?|stops?|paradas?',
    lang: null,
  },
];

// Longest first, so that 'data de emissao' is never read as 'data'; each label a group of its own.
const ORDERED = LABELS.flatMap((label) => label.pattern.split('|').map((pattern) => ({ ...label, pattern }))).sort(
  (a, b) => b.pattern.length - a.pattern.length,
);
/** A label starts a line (after its bullets) or follows a separator: a bar, a tab, two spaces, ' - '. */
const LABEL = new RegExp(
  `(?<=^|[|;•·\\t]\\s{0,3}|\\s{2}|\\s[-–—]\\s)(?:${ORDERED.map((l) => `(${l.pattern})`).join('|')})(?![a-z0-9])\\s?(:)?`,
  'g',
);
const BULLETS = /^[\s•*·>-]*/;

type Field = { kind: Kind | 'free'; lang: Lang; value: string };

/** A line cut at its labels: what comes before the first (`free`), then each label's value. */
function fieldsOf(text: string): Field[] {
  const lead = BULLETS.exec(text)?.[0].length ?? 0;
  const folded = fold(text.slice(lead));
  const found: { at: number; end: number; label: (typeof ORDERED)[number] }[] = [];
  for (const m of folded.matchAll(LABEL)) {
    const index = m.slice(1, -1).findIndex((group) => group !== undefined);
    const label = ORDERED[index];
    const colon = m[m.length - 1] !== undefined;
    if (label && (colon || !label.colon)) found.push({ at: lead + m.index, end: lead + m.index + m[0].length, label });
  }
  const fields: Field[] = [];
  const first = found[0]?.at ?? text.length;
  if (text.slice(0, first).trim()) fields.push({ kind: 'free', lang: null, value: text.slice(0, first) });
  found.forEach((f, i) => {
    fields.push({ kind: f.label.kind, lang: f.label.lang, value: text.slice(f.end, found[i + 1]?.at ?? text.length) });
  });
  return fields;
}

/** The carriers of the receipts read here, for a receipt that gives the number alone ('Voo 4512 | Azul'). */
const AIRLINE_NAMES: [RegExp, string][] = [
  [/\blatam\b/, 'LA'],
  [/\bgol\b/, 'G3'],
  [/\bazul\b/, 'AD'],
  [/\btap\b/, 'TP'],
  [/\bamerican airlines\b/, 'AA'],
  [/\baerolineas argentinas\b/, 'AR'],
  [/\bcopa\b/, 'CM'],
];

const DESIGNATOR_START = /^[\s•*·>-]*(?:N[º°O.]{0,2}\s?)?([A-Z][A-Z\d]|\d[A-Z])\s?(\d{1,4})(?![\dA-Za-z])/;
const NUMBER_START = /^[\s•*·>-]*(?:N[º°O.]{0,2}\s?)?(\d{1,4})(?![\dA-Za-z])/;
const DESIGNATOR_ANYWHERE = /(?<![A-Za-z\d])([A-Z][A-Z\d]|\d[A-Z])(\d{1,4})(?![\dA-Za-z])/g;

type Flight = { airline: string; number: string; rest: string };

function designated(airline: string, number: string, rest: string): Flight | null {
  const parsed = parseFlightNumber(number);
  return AIRLINE_CODE_PATTERN.test(airline) && parsed ? { airline, number: parsed.number, rest } : null;
}

/** The flight a line starts, if it starts one. */
function flightOf(text: string, fields: Field[]): Flight | null {
  const labelled = fields.find((f) => f.kind === 'flight');
  if (labelled) {
    const value = labelled.value.toUpperCase();
    const m = DESIGNATOR_START.exec(value);
    if (m) return designated(m[1] as string, m[2] as string, labelled.value.slice(m[0].length));
    const n = NUMBER_START.exec(value);
    const names = new Set(AIRLINE_NAMES.filter(([name]) => name.test(fold(text))).map(([, code]) => code));
    return n && names.size === 1 ? designated([...names][0] as string, n[1] as string, labelled.value.slice(n[0].length)) : null;
  }
  const free = fields[0]?.kind === 'free' ? fields[0].value : null;
  if (free === null) return null;
  const m = DESIGNATOR_START.exec(free);
  if (m) return designated(m[1] as string, m[2] as string, free.slice(m[0].length));
  // A row: 'LA3456  GRU  GIG  10MAR  08:05  09:10'.
  const designators = [...free.matchAll(DESIGNATOR_ANYWHERE)];
  const row = designators.length === 1 ? designators[0] : undefined;
  if (!row) return null;
  const rest = free.slice(0, row.index) + ' '.repeat(row[0].length) + free.slice(row.index + row[0].length);
  const tokens = scanTokens(rest, false);
  return tokens.codes.length === 2 && tokens.times.length === 2 ? designated(row[1] as string, row[2] as string, rest) : null;
}

type Slot =
  | 'origin'
  | 'destination'
  | 'departure'
  | 'arrival'
  | 'departure_time'
  | 'arrival_time'
  | 'offset'
  | 'booking_class'
  | 'status'
  | 'operated_by';
type SlotValue = string | number | WrittenDate;

/** What a flight's lines say, slot by slot; a slot said two ways is a conflict. */
class Facts {
  private values = new Map<Slot, { key: string; value: SlotValue }>();
  conflict = false;
  readonly lines = new Set<number>();

  add(slot: Slot, value: SlotValue | null | undefined, line: number) {
    if (value === null || value === undefined) return;
    const key = JSON.stringify(value);
    const known = this.values.get(slot);
    if (known && known.key !== key) this.conflict = true;
    this.values.set(slot, { key, value });
    this.lines.add(line);
  }

  get<T extends SlotValue>(slot: Slot): T | null {
    return (this.values.get(slot)?.value as T | undefined) ?? null;
  }
}

/** Words a line holding only a date may have beside it ('Sáb, 10 mar 2026', 'Ida - 10/03/2026'). */
const DATE_LINE_WORDS = new Set(
  (
    'seg segunda ter terca qua quarta qui quinta sex sexta sab sabado dom domingo feira ' +
    'lun lunes mar martes mie miercoles jue jueves vie viernes ' +
    'mon monday tue tuesday wed wednesday thu thursday fri friday sat saturday sun sunday ' +
    'ida volta vuelta regreso outbound return inbound de'
  ).split(' '),
);

const CONFIRMED = new Set(['confirmado', 'confirmada', 'confirmed', 'ok']);

/** The text without these characters at its ends (a loop: a regular expression for the end backtracks over long runs). */
function trimmed(text: string, start: string, end: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && (start.includes(text[from] as string) || /\s/.test(text[from] as string))) from++;
  while (to > from && (end.includes(text[to - 1] as string) || /\s/.test(text[to - 1] as string))) to--;
  return text.slice(from, to);
}

/** A field's values that must each be one: a date, a time, an airport. */
function single(tokens: Tokens) {
  if (tokens.ambiguous || tokens.dates.length > 1 || tokens.times.length > 1 || tokens.codes.length > 1) return null;
  return { date: tokens.dates[0], time: tokens.times[0], code: tokens.codes[0], offset: tokens.offset };
}

type Stop = { code: string; time: string; date: WrittenDate | undefined; offset: number | null; line: number };

/**
 * Reads text that is no label's value: a route or a row (two airports), a stop (an airport and a
 * time), a departure and an arrival time, a date alone. Anything else says nothing.
 */
function readFree(value: string, line: number, english: boolean, facts: Facts, stops: Stop[]) {
  const t = scanTokens(value, english);
  if (t.ambiguous) return;
  const [first, second] = t.codes;
  if (first && second && t.codes.length === 2 && (t.times.length === 0 || t.times.length === 2) && t.dates.length <= 2) {
    facts.add('origin', first, line);
    facts.add('destination', second, line);
    facts.add('departure_time', t.times[0], line);
    facts.add('arrival_time', t.times[1], line);
    facts.add('departure', t.dates[0], line);
    facts.add('arrival', t.dates[1], line);
    facts.add('offset', t.offset, line);
  } else if (first && t.codes.length === 1 && t.times.length === 1 && t.dates.length <= 1) {
    stops.push({ code: first, time: t.times[0] as string, date: t.dates[0], offset: t.offset, line });
  } else if (t.codes.length === 0 && t.times.length === 2 && t.dates.length === 0) {
    facts.add('departure_time', t.times[0], line);
    facts.add('arrival_time', t.times[1], line);
    facts.add('offset', t.offset, line);
  } else if (t.codes.length === 0 && t.times.length === 0 && t.dates.length === 1 && t.words.every((w) => DATE_LINE_WORDS.has(w))) {
    facts.add('departure', t.dates[0], line);
  }
}

/** Reads a labelled field into the facts; false when its value cannot be read one way only. */
function readField(field: Field, line: number, english: boolean, facts: Facts): boolean {
  const value = field.value.trim();
  switch (field.kind) {
    case 'departure':
    case 'origin':
    case 'arrival':
    case 'destination':
    case 'date': {
      const found = single(scanTokens(value, english));
      if (!found) return false;
      const leaving = field.kind === 'departure' || field.kind === 'origin' || field.kind === 'date';
      facts.add(leaving ? 'origin' : 'destination', field.kind === 'date' ? undefined : found.code, line);
      facts.add(leaving ? 'departure' : 'arrival', found.date, line);
      facts.add(leaving ? 'departure_time' : 'arrival_time', found.time, line);
      if (!leaving) facts.add('offset', found.offset, line);
      return true;
    }
    case 'class': {
      const letters = [...value.matchAll(/(?<![A-Za-z\u00C0-\u024F])[A-Z](?![A-Za-z\u00C0-\u024F])/g)].map((m) => m[0]);
      if (letters.length === 1) facts.add('booking_class', letters[0], line);
      return true;
    }
    case 'status': {
      // An e-ticket's 'OK' (and a receipt's 'Confirmado') is a confirmed seat: HK.
      const confirmed = CONFIRMED.has(fold(value).replace(/[^a-z]/g, ''));
      facts.add('status', confirmed ? 'HK' : /^([A-Z]{2})\d{0,3}$/.exec(value)?.[1], line);
      return true;
    }
    case 'operator': {
      facts.add('operated_by', trimmed(value, ' :/-', ' .,;|/-') || null, line);
      return true;
    }
    default:
      return true;
  }
}

type Block = { start: TextLine; flight: Flight; lines: { line: TextLine; fields: Field[] }[] };

/** A flight's block read into a segment, or null when it lacks a value or says one two ways. */
function readBlock(block: Block): RawSegment | null {
  const langs = new Set(block.lines.flatMap(({ fields }) => fields.map((f) => f.lang)).filter(Boolean));
  const english = langs.has('en') && langs.size === 1;
  const facts = new Facts();
  const stops: Stop[] = [];
  const startLine = block.start.line;
  facts.lines.add(startLine);
  readFree(block.flight.rest, startLine, english, facts, stops);
  for (const { line, fields } of block.lines) {
    // On the start line, the flight (its label's value, or the text before any label) was read already.
    const flightField = line === block.start ? (fields.find((f) => f.kind === 'flight') ?? fields[0]) : undefined;
    for (const field of fields) {
      if (field === flightField) continue;
      if (field.kind === 'free') readFree(field.value, line.line, english, facts, stops);
      else if (!readField(field, line.line, english, facts)) return null;
    }
  }
  if (stops.length > 2) return null;
  const [leaving, landing] = stops;
  if (leaving) {
    facts.add('origin', leaving.code, leaving.line);
    facts.add('departure_time', leaving.time, leaving.line);
    facts.add('departure', leaving.date, leaving.line);
  }
  if (landing) {
    facts.add('destination', landing.code, landing.line);
    facts.add('arrival_time', landing.time, landing.line);
    facts.add('arrival', landing.date, landing.line);
    facts.add('offset', landing.offset, landing.line);
  }
  const origin = facts.get<string>('origin');
  const destination = facts.get<string>('destination');
  const departure = facts.get<WrittenDate>('departure');
  if (facts.conflict || !origin || !destination || origin === destination || !departure) return null;
  return {
    source: 'receipt',
    lines: [startLine, ...[...facts.lines].filter((l) => l !== startLine).sort((a, b) => a - b)],
    airline: block.flight.airline,
    flight_number: block.flight.number,
    booking_class: facts.get('booking_class'),
    origin,
    destination,
    departure,
    departure_time: facts.get('departure_time'),
    arrival: facts.get('arrival'),
    arrival_time: facts.get('arrival_time'),
    day_offset: facts.get('offset'),
    same_day_unless_marked: false,
    status: facts.get('status'),
    operated_by: facts.get('operated_by'),
    locator: null,
  };
}

const LOCATOR = /^[\s:#-]*([A-Z\d]{5,8})(?![A-Za-z\d])/;

/**
 * The receipt flights among `lines` (in order; the lines in `taken`, a GDS's, end a flight's
 * block), each with the booking code printed nearest before it (else the first one), whose line
 * joins the segment's.
 */
export function readReceipts(lines: TextLine[], taken: ReadonlySet<number>): RawSegment[] {
  const blocks: Block[] = [];
  const locators: { line: number; code: string }[] = [];
  let current: Block | null = null;
  for (const line of lines) {
    if (taken.has(line.line)) {
      current = null;
      continue;
    }
    const fields = fieldsOf(line.text);
    const code = fields.find((f) => f.kind === 'locator')?.value.toUpperCase();
    const locator = code ? LOCATOR.exec(code)?.[1] : undefined;
    if (locator && /[A-Z]/.test(locator)) locators.push({ line: line.line, code: locator });
    const flight = flightOf(line.text, fields);
    if (flight) {
      current = { start: line, flight, lines: [] };
      blocks.push(current);
    }
    current?.lines.push({ line, fields });
  }

  const segments: RawSegment[] = [];
  for (const block of blocks) {
    const segment = readBlock(block);
    if (!segment) continue;
    const locator = locators.filter((l) => l.line < block.start.line).at(-1) ?? locators[0];
    if (locator) {
      segment.locator = locator.code;
      if (!segment.lines.includes(locator.line)) segment.lines.push(locator.line);
    }
    segments.push(segment);
  }
  return segments;
}
