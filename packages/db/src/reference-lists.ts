// The reference lists (airports, airlines, cities, hotel diets...), each declared once: its REST path
// segment, pt-BR labels, fields with their rules, search columns and parent list. The table
// (reference_items), the seed, the API's procedures and their OpenAPI texts, the zod schemas
// (packages/shared/src/reference-list-schemas.ts), the screens and the tests are derived from these.
// They live here, beside the table, because the seed derives each row's search text and unique code
// from them and packages/db cannot import packages/shared (which imports it). Plain data without
// imports: the web app reads them through @app/shared/reference-lists.

/** A text field. `min` defaults to 1 for a required field. */
export type TextField = { kind: 'text'; label: string; max: number; min?: number; required?: boolean; multiline?: boolean };
/** A short code: upper-cased when `uppercase`, then it must match `pattern`; `hint` tells users the format. */
export type CodeField = { kind: 'code'; label: string; pattern: RegExp; hint: string; uppercase?: boolean; required?: boolean };
export type IntegerField = { kind: 'integer'; label: string; min: number; max: number; required?: boolean };
/** An IANA time zone id ('America/Sao_Paulo') the platform knows. */
export type TimeZoneField = { kind: 'timezone'; label: string; required?: boolean };
export type FieldDeclaration = TextField | CodeField | IntegerField | TimeZoneField;

/** A list's code column: its format, whether a row needs one, and whether two rows of one owner may share it. */
export type CodeDeclaration = (CodeField | TimeZoneField) & { required: boolean; unique: boolean };

/** The parameterization screens (`/{group}/{id}`), each holding its lists as tabs. */
export const REFERENCE_GROUPS = {
  hospedagem: { label: 'Hospedagem', description: 'Regimes de alimentação, categorias e tipos de quarto dos hotéis.' },
  aereo: { label: 'Aéreo', description: 'Aeroportos, companhias aéreas, classes de voo e tipos de bagagem.' },
  localidade: { label: 'Localidade', description: 'Continentes, países, estados, cidades e fusos horários.' },
  locacao: { label: 'Locação', description: 'Categorias de veículo e locadoras.' },
  cruzeiro: { label: 'Cruzeiro', description: 'Portos, companhias de cruzeiro, navios, regimes de bordo, tipos e categorias de cabine.' },
  checklist: { label: 'Checklist', description: 'Documentos e produtos das listas de conferência de uma viagem.' },
  financeiro: { label: 'Financeiro', description: 'Bandeiras de cartão.' },
} as const;
export type ReferenceGroup = keyof typeof REFERENCE_GROUPS;

/** Nouns in lower case ('aeroporto'); `feminine` picks the article ('a', 'uma', 'as'). */
export type ListLabel = { one: string; many: string; feminine?: boolean };

/** What every list declares, the read-only system lists included. */
export type SystemListDeclaration = {
  label: ListLabel;
  /** Every row has a name; `label` names it on screens ('Nome' unless said). */
  name: { label: string; max: number };
  code?: CodeDeclaration;
  fields: Record<string, FieldDeclaration>;
  /** What the search box reads, in this order, the name first (a word of it starting with the term ranks first in autocomplete). */
  search: readonly string[];
  /**
   * An integer field that orders a picker's matches of the same kind (the API's autocomplete says
   * which kinds come first), rows without it last: 'desc' for a city's population, 'asc' for a
   * priority (1 first).
   */
  rank?: { field: string; order: 'asc' | 'desc' };
};

export type ListDeclaration = SystemListDeclaration & {
  group: ReferenceGroup;
  /** The list a row belongs under (a city's state, a ship's cruise company); `label` names the field. */
  parent?: { list: string; label: string; required: boolean };
};

/** Search columns are the name (first), the code, or the list's own fields; a rank is one of its integer fields. */
type Searched<F> = {
  fields: F;
  search: readonly ['name', ...('code' | (keyof F & string))[]];
  rank?: { field: { [K in keyof F]: F[K] extends IntegerField ? K : never }[keyof F] & string; order: 'asc' | 'desc' };
};

const text = (label: string, max: number, extra: Partial<TextField> = {}): TextField => ({ kind: 'text', label, max, ...extra });
const description = text('Descrição', 500, { multiline: true });
const NAME = { label: 'Nome', max: 160 };

/** Checks a declaration's search columns against its own fields. */
const list = <F extends Record<string, FieldDeclaration>>(d: ListDeclaration & Searched<F>): ListDeclaration => d;
const systemList = <F extends Record<string, FieldDeclaration>>(d: SystemListDeclaration & Searched<F>): SystemListDeclaration => d;

const ISO2: CodeField = { kind: 'code', label: 'País (código ISO)', pattern: /^[A-Z]{2}$/, hint: '2 letras, ex.: BR', uppercase: true };
/** A curated order among a picker's matches, 1 first: the seed numbers the rows agencies sell most. */
const PRIORITY: IntegerField = { kind: 'integer', label: 'Prioridade na busca', min: 1, max: 999 };

export const REFERENCE_LISTS = {
  // Aéreo
  air_airport_params: list({
    group: 'aereo',
    label: { one: 'aeroporto', many: 'aeroportos' },
    name: NAME,
    code: {
      kind: 'code',
      label: 'Código IATA',
      pattern: /^[A-Z]{3}$/,
      hint: '3 letras, ex.: GRU',
      uppercase: true,
      required: true,
      unique: true,
    },
    fields: {
      city_name: text('Cidade', 120),
      country_code: ISO2,
      timezone: { kind: 'timezone', label: 'Fuso horário' },
      priority: PRIORITY,
    },
    parent: { list: 'city_params', label: 'Cidade cadastrada', required: false },
    search: ['name', 'code', 'city_name'],
    rank: { field: 'priority', order: 'asc' },
  }),
  air_cias_params: list({
    group: 'aereo',
    label: { one: 'companhia aérea', many: 'companhias aéreas', feminine: true },
    name: NAME,
    // IATA shares some designators between two airlines of different regions ("controlled duplicates").
    code: {
      kind: 'code',
      label: 'Código IATA',
      pattern: /^[A-Z0-9]{2}$/,
      hint: '2 letras ou números, ex.: G3',
      uppercase: true,
      required: true,
      unique: false,
    },
    fields: {
      icao_code: { kind: 'code', label: 'Código ICAO', pattern: /^[A-Z]{3}$/, hint: '3 letras, ex.: GLO', uppercase: true },
      priority: PRIORITY,
    },
    search: ['name', 'code', 'icao_code'],
    rank: { field: 'priority', order: 'asc' },
  }),
  air_class_params: list({
    group: 'aereo',
    label: { one: 'classe de voo', many: 'classes de voo', feminine: true },
    name: NAME,
    code: {
      kind: 'code',
      label: 'Código da cabine',
      pattern: /^[A-Z]$/,
      hint: '1 letra, ex.: Y',
      uppercase: true,
      required: false,
      unique: true,
    },
    fields: { description },
    search: ['name', 'code'],
  }),
  air_type_luggage_params: list({
    group: 'aereo',
    label: { one: 'tipo de bagagem', many: 'tipos de bagagem' },
    name: NAME,
    fields: { weight_kg: { kind: 'integer', label: 'Peso máximo (kg)', min: 1, max: 100 }, description },
    search: ['name'],
  }),

  // Cruzeiro
  cruise_port_params: list({
    group: 'cruzeiro',
    label: { one: 'porto', many: 'portos' },
    name: NAME,
    fields: { city_name: text('Cidade', 120), country_code: ISO2 },
    parent: { list: 'city_params', label: 'Cidade cadastrada', required: false },
    search: ['name', 'city_name'],
  }),
  cruise_cia_params: list({
    group: 'cruzeiro',
    label: { one: 'companhia de cruzeiro', many: 'companhias de cruzeiro', feminine: true },
    name: NAME,
    fields: {},
    search: ['name'],
  }),
  cruise_ship_params: list({
    group: 'cruzeiro',
    label: { one: 'navio', many: 'navios' },
    name: NAME,
    fields: {},
    parent: { list: 'cruise_cia_params', label: 'Companhia de cruzeiro', required: true },
    search: ['name'],
  }),
  cruise_diet_params: list({
    group: 'cruzeiro',
    label: { one: 'regime de bordo', many: 'regimes de bordo' },
    name: NAME,
    fields: { description },
    search: ['name'],
  }),
  cruise_cabin_type_params: list({
    group: 'cruzeiro',
    label: { one: 'tipo de cabine', many: 'tipos de cabine' },
    name: NAME,
    fields: { description },
    search: ['name'],
  }),
  cruise_cabin_categorie_params: list({
    group: 'cruzeiro',
    label: { one: 'categoria de cabine', many: 'categorias de cabine', feminine: true },
    name: NAME,
    code: {
      kind: 'code',
      label: 'Código',
      pattern: /^[A-Z0-9]{1,4}$/,
      hint: 'até 4 letras ou números, ex.: BP',
      uppercase: true,
      required: false,
      unique: false,
    },
    fields: { description },
    parent: { list: 'cruise_cia_params', label: 'Companhia de cruzeiro', required: false },
    search: ['name', 'code'],
  }),

  // Financeiro
  card_flag_params: list({
    group: 'financeiro',
    label: { one: 'bandeira de cartão', many: 'bandeiras de cartão', feminine: true },
    name: { label: 'Bandeira', max: 80 },
    fields: {},
    search: ['name'],
  }),

  // Hospedagem
  hotel_diet_params: list({
    group: 'hospedagem',
    label: { one: 'regime de alimentação', many: 'regimes de alimentação' },
    name: NAME,
    code: {
      kind: 'code',
      label: 'Sigla',
      pattern: /^[A-Z]{2,3}$/,
      hint: '2 ou 3 letras, ex.: BB',
      uppercase: true,
      required: false,
      unique: true,
    },
    fields: { description },
    search: ['name', 'code'],
  }),
  hotel_category_room_params: list({
    group: 'hospedagem',
    label: { one: 'categoria de quarto', many: 'categorias de quarto', feminine: true },
    name: NAME,
    fields: { description },
    search: ['name'],
  }),
  hotel_type_room_params: list({
    group: 'hospedagem',
    label: { one: 'tipo de quarto', many: 'tipos de quarto' },
    name: NAME,
    fields: { occupancy: { kind: 'integer', label: 'Ocupação máxima (pessoas)', min: 1, max: 20 }, description },
    search: ['name'],
  }),

  // Localidade
  continent_params: list({
    group: 'localidade',
    label: { one: 'continente', many: 'continentes' },
    name: NAME,
    code: {
      kind: 'code',
      label: 'Código',
      pattern: /^[A-Z]{2}$/,
      hint: '2 letras, ex.: SA',
      uppercase: true,
      required: true,
      unique: true,
    },
    fields: {},
    search: ['name', 'code'],
  }),
  country_params: list({
    group: 'localidade',
    label: { one: 'país', many: 'países' },
    name: NAME,
    code: { ...ISO2, label: 'Código ISO (alfa-2)', required: true, unique: true },
    fields: {
      iso3_code: { kind: 'code', label: 'Código ISO (alfa-3)', pattern: /^[A-Z]{3}$/, hint: '3 letras, ex.: BRA', uppercase: true },
    },
    parent: { list: 'continent_params', label: 'Continente', required: true },
    search: ['name', 'code', 'iso3_code'],
  }),
  state_params: list({
    group: 'localidade',
    label: { one: 'estado', many: 'estados' },
    name: NAME,
    // Two countries may use one abbreviation (PA: Pará, Pensilvânia).
    code: {
      kind: 'code',
      label: 'Sigla',
      pattern: /^[A-Z0-9]{1,3}$/,
      hint: 'até 3 letras, ex.: SP',
      uppercase: true,
      required: false,
      unique: false,
    },
    fields: { ibge_code: { kind: 'integer', label: 'Código IBGE', min: 11, max: 99 } },
    parent: { list: 'country_params', label: 'País', required: true },
    search: ['name', 'code'],
  }),
  city_params: list({
    group: 'localidade',
    label: { one: 'cidade', many: 'cidades', feminine: true },
    name: NAME,
    code: { kind: 'code', label: 'Código IBGE', pattern: /^\d{7}$/, hint: '7 números, ex.: 3550308', required: false, unique: true },
    fields: {
      country_code: ISO2,
      // The name the city goes by abroad ('Lisbon', 'München'), so either spelling finds it.
      alt_name: text('Outro nome', 160),
      population: { kind: 'integer', label: 'População', min: 0, max: 50_000_000 },
    },
    // Cities abroad are registered without a state.
    parent: { list: 'state_params', label: 'Estado', required: false },
    search: ['name', 'alt_name'],
    // 'Santiago' offers Santiago, Chile before the smaller Santiagos (the Philippines, Rio Grande do Sul).
    rank: { field: 'population', order: 'desc' },
  }),
  timezone_params: list({
    group: 'localidade',
    label: { one: 'fuso horário', many: 'fusos horários' },
    name: NAME,
    code: { kind: 'timezone', label: 'Identificador IANA', required: true, unique: true },
    fields: { utc_offset: { kind: 'code', label: 'Diferença do UTC', pattern: /^[+-]\d{2}:\d{2}$/, hint: 'ex.: -03:00' } },
    search: ['name', 'code'],
  }),

  // Locação
  vehicle_category_params: list({
    group: 'locacao',
    label: { one: 'categoria de veículo', many: 'categorias de veículo', feminine: true },
    name: NAME,
    code: {
      kind: 'code',
      label: 'Código ACRISS',
      pattern: /^[A-Z]{4}$/,
      hint: '4 letras, ex.: ECMR',
      uppercase: true,
      required: false,
      unique: false,
    },
    fields: { passengers: { kind: 'integer', label: 'Passageiros', min: 1, max: 20 }, description },
    search: ['name', 'code'],
  }),
  vehicle_rental_params: list({
    group: 'locacao',
    label: { one: 'locadora', many: 'locadoras', feminine: true },
    name: NAME,
    fields: {},
    search: ['name'],
  }),

  // Checklist
  checklist_documentations: list({
    group: 'checklist',
    label: { one: 'documento do checklist', many: 'documentos do checklist' },
    name: NAME,
    fields: { description },
    search: ['name'],
  }),
  checklist_products: list({
    group: 'checklist',
    label: { one: 'produto do checklist', many: 'produtos do checklist' },
    name: NAME,
    fields: { description },
    search: ['name'],
  }),
} as const;

export type ReferenceListKey = keyof typeof REFERENCE_LISTS;
export const REFERENCE_LIST_KEYS = Object.keys(REFERENCE_LISTS) as ReferenceListKey[];

export const SYSTEM_LISTS = {
  currencies: systemList({
    label: { one: 'moeda', many: 'moedas', feminine: true },
    name: NAME,
    code: {
      kind: 'code',
      label: 'Código ISO 4217',
      pattern: /^[A-Z]{3}$/,
      hint: '3 letras, ex.: BRL',
      uppercase: true,
      required: true,
      unique: true,
    },
    fields: {
      symbol: text('Símbolo', 8),
      decimals: { kind: 'integer', label: 'Casas decimais', min: 0, max: 4 },
    },
    search: ['name', 'code'],
  }),
  languages: systemList({
    label: { one: 'idioma', many: 'idiomas' },
    name: NAME,
    code: { kind: 'code', label: 'Código ISO 639-1', pattern: /^[a-z]{2}$/, hint: '2 letras, ex.: pt', required: true, unique: true },
    fields: { native_name: text('Nome no próprio idioma', 120) },
    search: ['name', 'code', 'native_name'],
  }),
  documents: systemList({
    label: { one: 'documento', many: 'documentos' },
    name: NAME,
    fields: { description },
    search: ['name'],
  }),
  vaccines: systemList({
    label: { one: 'vacina', many: 'vacinas', feminine: true },
    name: NAME,
    fields: { description },
    search: ['name'],
  }),
} as const;

export type SystemListKey = keyof typeof SYSTEM_LISTS;
export const SYSTEM_LIST_KEYS = Object.keys(SYSTEM_LISTS) as SystemListKey[];

/** Any list the reference_items table holds, by its key (the `list` column). */
export type StoredListKey = ReferenceListKey | SystemListKey;
export const STORED_LISTS: Record<StoredListKey, SystemListDeclaration> = { ...REFERENCE_LISTS, ...SYSTEM_LISTS };

/** The values a row's columns and fields hold, as the API writes them. */
export type StoredValues = { name: string; code: string | null; fields: Record<string, string | number | null | undefined> };

/**
 * The text a row is found by: its search columns' values joined, in the declared order (the name
 * first). The database keeps it folded (lower case, no accents), whoever writes it.
 */
export function searchSource(list: StoredListKey, row: StoredValues): string {
  return STORED_LISTS[list].search
    .map((column) => (column === 'name' ? row.name : column === 'code' ? row.code : row.fields[column]))
    .filter((value) => value !== null && value !== undefined && value !== '')
    .join(' ');
}

/** The code again when the list's codes are unique per owner (its unique index ignores other lists' null). */
export function uniqueCodeOf(list: StoredListKey, code: string | null): string | null {
  return STORED_LISTS[list].code?.unique ? code : null;
}
