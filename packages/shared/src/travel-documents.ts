// A budget's passengers checked against its trip: passports that end too soon, whether Brazilians
// need a visa where the trip goes, and minors travelling without both parents. Pure rules: the API
// answers them (GET /api/budgets/{id}/travel-checks) with ISO dates, the screens only format them.
// Also the passenger fields a client fills when picked, and the age groups of ages.
import type { AgeGroup } from './budget-totals';
import { BRAZIL } from './countries';
import { addMonths } from './sales';

// ---- Ages ----

/** Age groups as airlines price them (IATA): an infant is under 2, a child 2 to 11, an adult 12 or more. */
export function ageGroupOfAge(age: number): AgeGroup {
  if (age < 2) return 'infant';
  if (age < 12) return 'child';
  return 'adult';
}

/** Full years on `day` of someone born on `birthDate` (ISO dates). */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

type AgedPax = { birth_date: string | null; age: number | null };

/** A passenger's age at the trip: from the birth date when known (on the departure, else today), else the age told. */
export function paxAge(pax: AgedPax, tripStart: string | null, today: string): number | null {
  if (pax.birth_date) return ageOn(pax.birth_date, tripStart ?? today);
  return pax.age;
}

// ---- Passengers from the first contact ----

/** How passengers not yet named are called: 'Adulto 1', 'Criança 1', 'Bebê 1'. */
const UNNAMED_PAX: Record<AgeGroup, string> = { adult: 'Adulto', child: 'Criança', infant: 'Bebê' };

/**
 * The passengers of an attendance's head count, to be named later: its adults, each child in the
 * age group of its age (a child of unknown age stays a child) and its infants, each numbered
 * within its group.
 */
export function headCountPaxes(count: {
  adults: number;
  children: number;
  children_ages: readonly number[];
  infants: number;
}): { name: string; age_group: AgeGroup; age: number | null }[] {
  const heads: { age_group: AgeGroup; age: number | null }[] = [
    ...Array.from({ length: count.adults }, () => ({ age_group: 'adult' as const, age: null })),
    ...Array.from({ length: count.children }, (_, i) => {
      const age = count.children_ages[i] ?? null;
      return { age_group: age === null ? ('child' as const) : ageGroupOfAge(age), age };
    }),
    ...Array.from({ length: count.infants }, () => ({ age_group: 'infant' as const, age: null })),
  ];
  const numbered: Record<AgeGroup, number> = { adult: 0, child: 0, infant: 0 };
  return heads.map((h) => ({ ...h, name: `${UNNAMED_PAX[h.age_group]} ${++numbered[h.age_group]}` }));
}

// ---- Copying a client into a passenger ----

type ClientDocument = { type: string; number: string; country: string | null; expires_at: string | null };
export type TravellerClient = {
  birth_date: string | null;
  cpf: string | null;
  email: string | null;
  phone: string | null;
  documents: readonly ClientDocument[];
};
/** What a passenger takes from the client picked for it; picking another client replaces all of it. */
export type PaxClientFields = {
  birth_date: string | null;
  cpf: string | null;
  email: string | null;
  phone: string | null;
  document_type: 'passport' | 'rg' | 'cnh' | 'other' | null;
  document_number: string | null;
  document_country: string | null;
  document_expires_at: string | null;
};

/** Identity documents a traveller shows, best first (a visa is not one). */
const DOCUMENT_PREFERENCE = ['passport', 'rg', 'cnh', 'other'] as const;

/**
 * The passenger fields of a client: its birth date, CPF and contact, and its travel document: the
 * passport that lasts longest, else its RG, CNH or other document.
 */
export function paxFieldsFromClient(client: TravellerClient): PaxClientFields {
  const byExpiry = [...client.documents].sort((a, b) => (b.expires_at ?? '').localeCompare(a.expires_at ?? ''));
  let doc: ClientDocument | undefined;
  let type: PaxClientFields['document_type'] = null;
  for (const t of DOCUMENT_PREFERENCE) {
    doc = byExpiry.find((d) => d.type === t);
    if (doc) {
      type = t;
      break;
    }
  }
  return {
    birth_date: client.birth_date,
    cpf: client.cpf,
    email: client.email,
    phone: client.phone,
    document_type: type,
    document_number: doc?.number ?? null,
    document_country: doc?.country ?? null,
    document_expires_at: doc?.expires_at ?? null,
  };
}

// ---- Passports ----

/** Many countries refuse a passport valid for less than this after the stay, and airlines follow them. */
export const PASSPORT_MIN_VALIDITY_MONTHS = 6;
export const PASSPORT_ISSUES = ['expires_before_trip', 'expires_within_6_months'] as const;
export type PassportIssue = (typeof PASSPORT_ISSUES)[number];
export type PassportWarning = { issue: PassportIssue; expires_at: string; limit_date: string };

/**
 * A passport's warning for a trip: it ends before the departure, or less than six months after the
 * return (the departure when there is no return date). No expiry or no trip date: nothing to check.
 */
export function passportWarning(expiresAt: string | null, tripStart: string | null, tripEnd: string | null): PassportWarning | null {
  const back = tripEnd ?? tripStart;
  if (!expiresAt || !back) return null;
  if (tripStart && expiresAt < tripStart) return { issue: 'expires_before_trip', expires_at: expiresAt, limit_date: tripStart };
  const limit = addMonths(back, PASSPORT_MIN_VALIDITY_MONTHS);
  return expiresAt < limit ? { issue: 'expires_within_6_months', expires_at: expiresAt, limit_date: limit } : null;
}

// ---- Visas ----

export const VISA_REQUIREMENTS = ['none', 'eta', 'visa', 'unknown'] as const;
export type VisaRequirement = (typeof VISA_REQUIREMENTS)[number];
type VisaRule = { name: string; requirement: Exclude<VisaRequirement, 'unknown'>; id_card?: true; note?: string };

/**
 * Where the table comes from and when it was read. The consulates change their rules: the date goes
 * on screen with every answer, and a country out of the table answers 'Confira no consulado'.
 */
export const VISA_TABLE_SOURCE = {
  name: 'Itamaraty, Portal Consular: quadro geral de regime de vistos para a entrada de brasileiros no exterior',
  url: 'https://www.gov.br/mre/pt-br/assuntos/portal-consular/vistos',
  checked_at: '2025-06-01',
} as const;

const SCHENGEN = 'Espaço Schengen: até 90 dias a cada 180. A autorização eletrônica ETIAS passa a ser exigida quando entrar em vigor.';
const MERCOSUL = 'Entra com RG (carteira de identidade) em bom estado ou passaporte; a CNH não vale.';

/**
 * For a Brazilian tourist with an ordinary passport, short stays: the 40 countries agencies sell
 * most. 'eta': an electronic travel authorisation asked online before boarding.
 */
export const VISA_TABLE: Readonly<Record<string, VisaRule>> = {
  AR: { name: 'Argentina', requirement: 'none', id_card: true, note: MERCOSUL },
  UY: { name: 'Uruguai', requirement: 'none', id_card: true, note: MERCOSUL },
  PY: { name: 'Paraguai', requirement: 'none', id_card: true, note: MERCOSUL },
  CL: { name: 'Chile', requirement: 'none', id_card: true, note: MERCOSUL },
  BO: { name: 'Bolívia', requirement: 'none', id_card: true, note: MERCOSUL },
  PE: { name: 'Peru', requirement: 'none', id_card: true, note: MERCOSUL },
  CO: { name: 'Colômbia', requirement: 'none', id_card: true, note: MERCOSUL },
  EC: { name: 'Equador', requirement: 'none', id_card: true, note: MERCOSUL },
  US: { name: 'Estados Unidos', requirement: 'visa', note: 'Visto de turismo (B1/B2), pedido no consulado com entrevista.' },
  CA: {
    name: 'Canadá',
    requirement: 'visa',
    note: 'Quem tem visto americano válido ou teve visto canadense nos últimos 10 anos pede só a autorização eletrônica (eTA).',
  },
  MX: {
    name: 'México',
    requirement: 'visa',
    note: 'Dispensado para quem tem visto válido dos Estados Unidos, Canadá, Reino Unido, Japão ou do Espaço Schengen.',
  },
  PT: { name: 'Portugal', requirement: 'none', note: SCHENGEN },
  ES: { name: 'Espanha', requirement: 'none', note: SCHENGEN },
  FR: { name: 'França', requirement: 'none', note: SCHENGEN },
  IT: { name: 'Itália', requirement: 'none', note: SCHENGEN },
  DE: { name: 'Alemanha', requirement: 'none', note: SCHENGEN },
  NL: { name: 'Países Baixos', requirement: 'none', note: SCHENGEN },
  BE: { name: 'Bélgica', requirement: 'none', note: SCHENGEN },
  CH: { name: 'Suíça', requirement: 'none', note: SCHENGEN },
  AT: { name: 'Áustria', requirement: 'none', note: SCHENGEN },
  GR: { name: 'Grécia', requirement: 'none', note: SCHENGEN },
  HR: { name: 'Croácia', requirement: 'none', note: SCHENGEN },
  CZ: { name: 'Tchéquia', requirement: 'none', note: SCHENGEN },
  GB: { name: 'Reino Unido', requirement: 'eta', note: 'Autorização eletrônica de viagem (ETA) exigida desde 08/01/2025.' },
  IE: { name: 'Irlanda', requirement: 'none', note: 'Até 90 dias.' },
  AE: { name: 'Emirados Árabes Unidos', requirement: 'none', note: 'Até 90 dias.' },
  EG: { name: 'Egito', requirement: 'visa', note: 'Visto eletrônico (e-Visa) ou visto na chegada, pago.' },
  TR: { name: 'Turquia', requirement: 'none', note: 'Até 90 dias.' },
  IL: { name: 'Israel', requirement: 'eta', note: 'Autorização eletrônica de viagem (ETA-IL) exigida desde 01/01/2025.' },
  ZA: { name: 'África do Sul', requirement: 'none', note: 'Até 90 dias.' },
  MA: { name: 'Marrocos', requirement: 'none', note: 'Até 90 dias.' },
  JP: { name: 'Japão', requirement: 'none', note: 'Isenção temporária de visto de turismo (até 90 dias) desde 30/09/2023, por três anos.' },
  CN: {
    name: 'China',
    requirement: 'none',
    note: 'Isenção experimental de até 30 dias, de 01/06/2025 a 31/05/2026: confirme se foi prorrogada.',
  },
  TH: { name: 'Tailândia', requirement: 'none', note: 'Até 90 dias.' },
  AU: { name: 'Austrália', requirement: 'visa', note: 'Visto eletrônico de visitante (subclasse 600), pedido online.' },
  NZ: { name: 'Nova Zelândia', requirement: 'eta', note: 'Autorização eletrônica NZeTA, pedida online.' },
  CU: { name: 'Cuba', requirement: 'visa', note: 'Cartão de turista (visto de turista), vendido pelas companhias aéreas e agências.' },
  DO: { name: 'República Dominicana', requirement: 'none', note: 'A taxa de turista vem na passagem; preencha o e-Ticket de entrada.' },
  PA: { name: 'Panamá', requirement: 'none', note: 'Até 90 dias.' },
  MV: { name: 'Maldivas', requirement: 'none', note: 'Visto de turista gratuito dado na chegada (até 30 dias).' },
};

export type VisaCheck = {
  country: string;
  /** The table's name of the country; null for one out of it (the screens name it). */
  country_name: string | null;
  requirement: VisaRequirement;
  /** Whether the Brazilian RG is enough (Mercosul and associates). */
  id_card: boolean;
  note: string | null;
  source: string;
  source_url: string;
  checked_at: string;
};

/** What a Brazilian needs to enter the destination's country; null for a trip within Brazil or with no country. */
export function visaCheck(country: string | null): VisaCheck | null {
  if (!country || country === BRAZIL) return null;
  const rule = VISA_TABLE[country];
  return {
    country,
    country_name: rule?.name ?? null,
    requirement: rule?.requirement ?? 'unknown',
    id_card: rule?.id_card ?? false,
    note: rule?.note ?? null,
    source: VISA_TABLE_SOURCE.name,
    source_url: VISA_TABLE_SOURCE.url,
    checked_at: VISA_TABLE_SOURCE.checked_at,
  };
}

// ---- Minors ----

/**
 * Who is a minor for the travel authorisation: abroad, under 18 without both parents needs the
 * absent parent's authorisation (Resolução CNJ 131/2011); within Brazil, under 16 without either
 * parent needs one (ECA, art. 83). The airline checks it at boarding (ANAC).
 */
export const MINOR_AGE = { abroad: 18, domestic: 16 } as const;
export type MinorRule = keyof typeof MINOR_AGE;

/** A saved companion link between two clients: what `companion_client_id` is to `client_id`. */
export type CompanionLink = { client_id: number; companion_client_id: number; relationship: string };

type CheckedPax = AgedPax & {
  id: number;
  name: string;
  position: number;
  client_id: number | null;
  age_group: AgeGroup;
  document_type: string | null;
  document_number: string | null;
  document_expires_at: string | null;
};

export type MinorReminder = {
  pax_id: number;
  name: string;
  position: number;
  age: number | null;
  rule: MinorRule;
  parents_travelling: number;
};

/** The parents of client `minor` among `travellers`, by the saved companions (either way round). */
function parentsAmong(minor: number, travellers: ReadonlySet<number>, links: readonly CompanionLink[]): number {
  const parents = new Set<number>();
  for (const l of links) {
    if (l.companion_client_id === minor && l.relationship === 'child' && travellers.has(l.client_id)) parents.add(l.client_id);
    if (l.client_id === minor && l.relationship === 'parent' && travellers.has(l.companion_client_id)) parents.add(l.companion_client_id);
  }
  parents.delete(minor);
  return parents.size;
}

/**
 * The minors that need the authorisation reminder: a passenger under the rule's age at the
 * departure (with no age known, a child or an infant) whose parents are not all on the list. The
 * list shows a parent only through the saved companions of the passengers' clients ("child" from
 * the parent, or "parent" from the child): a minor not picked from the clients always gets it.
 */
export function minorReminders(
  paxes: readonly CheckedPax[],
  trip: { start_date: string | null; destination_country: string | null },
  links: readonly CompanionLink[],
  today: string,
): MinorReminder[] {
  const rule: MinorRule = trip.destination_country === BRAZIL ? 'domestic' : 'abroad';
  const needed = rule === 'abroad' ? 2 : 1;
  const travellers = new Set(paxes.flatMap((p) => (p.client_id ? [p.client_id] : [])));
  return paxes.flatMap((p) => {
    const age = paxAge(p, trip.start_date, today);
    const minor = age === null ? p.age_group !== 'adult' : age < MINOR_AGE[rule];
    if (!minor) return [];
    const parents = p.client_id ? parentsAmong(p.client_id, travellers, links) : 0;
    return parents >= needed ? [] : [{ pax_id: p.id, name: p.name, position: p.position, age, rule, parents_travelling: parents }];
  });
}

// ---- All of them ----

export type PassportCheck = PassportWarning & { pax_id: number; name: string; position: number; document_number: string | null };
export type TravelChecks = {
  start_date: string | null;
  end_date: string | null;
  destination_country: string | null;
  passports: PassportCheck[];
  visa: VisaCheck | null;
  minors: MinorReminder[];
};

/** Every check of a budget's passengers against its trip, in the passengers' order. */
export function travelChecks(
  trip: { start_date: string | null; end_date: string | null; destination_country: string | null },
  paxes: readonly CheckedPax[],
  links: readonly CompanionLink[],
  today: string,
): TravelChecks {
  const ordered = [...paxes].sort((a, b) => a.position - b.position || a.id - b.id);
  const passports = ordered.flatMap((p) => {
    if (p.document_type !== 'passport') return [];
    const warning = passportWarning(p.document_expires_at, trip.start_date, trip.end_date);
    return warning ? [{ ...warning, pax_id: p.id, name: p.name, position: p.position, document_number: p.document_number }] : [];
  });
  return {
    start_date: trip.start_date,
    end_date: trip.end_date,
    destination_country: trip.destination_country,
    passports,
    visa: visaCheck(trip.destination_country),
    minors: minorReminders(ordered, trip, links, today),
  };
}

// ---- What the screens say ----

export const VISA_REQUIREMENT_LABELS: Record<VisaRequirement, string> = {
  none: 'Visto não exigido',
  eta: 'Autorização eletrônica de viagem exigida',
  visa: 'Visto exigido',
  unknown: 'Confira no consulado',
};

export const TRAVEL_CHECK_TEXTS = {
  title: 'Documentos da viagem',
  passport: {
    expires_before_trip: (name: string, expires: string, start: string) =>
      `Passaporte de ${name} vence em ${expires}, antes da viagem (${start}).`,
    expires_within_6_months: (name: string, expires: string, back: string) =>
      `Passaporte de ${name} vence em ${expires}, menos de 6 meses depois da volta (válido até pelo menos ${back}).`,
  },
  minor: {
    abroad: (name: string) =>
      `${name} é menor de 18 anos e não viaja com os dois pais: leve a autorização de viagem do pai ou da mãe ausente, com firma reconhecida (ECA e Resolução CNJ 131/2011). A companhia aérea confere no embarque (ANAC).`,
    domestic: (name: string) =>
      `${name} é menor de 16 anos e não viaja com o pai ou a mãe: leve a autorização de viagem (ECA, art. 83). A companhia aérea confere no embarque (ANAC).`,
  },
  source: (source: string, checkedAt: string) => `Fonte: ${source}, consultado em ${checkedAt}.`,
  noTripDates: 'Informe as datas da viagem para conferir a validade dos passaportes.',
  allClear: 'Nenhum alerta nos documentos dos passageiros.',
} as const;
