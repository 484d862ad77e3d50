// A service as the editor's form holds it, apart from React: each type's blank values, the schema
// its form validates with (the API's own, from serviceFieldsInput), and the priced service the
// shared totals module reads off typed values.

import {
  type BudgetCurrency,
  type BudgetServiceType,
  DEFAULT_ROOM,
  type RoomInput,
  roomHeadCounts,
  SERVICE_TYPE_DECLARATIONS,
  servicePricing,
} from '@app/shared/budget-services';
import type { PricedService, TaxesBasis } from '@app/shared/budget-totals';
import type { Service } from '@app/shared/services';

/** A number input's value: a number, or '' while empty. */
type Num = number | '';

export type SegmentValues = {
  origin_airport_id: number | null;
  destination_airport_id: number | null;
  airline_id: number | null;
  flight_number: string;
  departure_date: string | null;
  departure_time: string;
  arrival_date: string | null;
  arrival_time: string;
  class_id: number | null;
  luggage_id: number | null;
  locator: string;
};

export type RoomValues = {
  id: string;
  adult_number: Num;
  child_number: Num;
  infant_number: Num;
  value: number | null;
  number_room: Num;
  room_type_id: number | null;
  room_category_id: number | null;
};

/** What each type's `details` holds in the form (blank texts are '', blank picks null). */
export type DetailsValues = Record<string, unknown>;

export type ServiceValues = {
  type: BudgetServiceType;
  title: string;
  description: string;
  supplier_id: number | null;
  start_date: string | null;
  start_time: string;
  end_date: string | null;
  end_time: string;
  adult_number: Num;
  child_number: Num;
  infant_number: Num;
  currency: string;
  adult_cents: number | null;
  child_cents: number | null;
  infant_cents: number | null;
  total_cents: number | null;
  taxes_cents: number | null;
  taxes_basis: TaxesBasis;
  fee_cents: number | null;
  commission_basis_points: number | null;
  /** The agent's rate for this service (câmbio do serviço); null: the budget's or the day's. */
  quote_rate: Num | null;
  details: DetailsValues;
};

export const emptySegment = (): SegmentValues => ({
  origin_airport_id: null,
  destination_airport_id: null,
  airline_id: null,
  flight_number: '',
  departure_date: null,
  departure_time: '',
  arrival_date: null,
  arrival_time: '',
  class_id: null,
  luggage_id: null,
  locator: '',
});

/** The next room: 'room-{n}' after the highest, with the default room's people. */
export function nextRoom(rooms: readonly { id: string }[]): RoomValues {
  const highest = rooms.reduce((max, r) => Math.max(max, Number(r.id.replace('room-', '')) || 0), 0);
  return { ...DEFAULT_ROOM, id: `room-${highest + 1}`, room_type_id: null, room_category_id: null };
}

const BLANK_DETAILS: Record<BudgetServiceType, () => DetailsValues> = {
  air: () => ({ segments: [emptySegment()] }),
  accommodation: () => ({
    favorite_hotel_id: null,
    hotel_name: '',
    city_id: null,
    location: '',
    diet_id: null,
    check_in_time: '',
    check_out_time: '',
    rooms: [nextRoom([])],
  }),
  cruise: () => ({
    cruise_company_id: null,
    ship_id: null,
    embark_port_id: null,
    disembark_port_id: null,
    cabin_type_id: null,
    cabin_category_id: null,
    diet_id: null,
    itinerary: '',
  }),
  car_rental: () => ({ rental_company_id: null, vehicle_category_id: null, pickup_place: '', dropoff_place: '' }),
  transfer: () => ({ from_place: '', to_place: '', vehicle: '', private: false }),
  insurance: () => ({ plan_name: '', coverage: '' }),
  tour: () => ({ place: '', meeting_point: '', includes: '' }),
  other: () => ({}),
};

/** A new service of `type`: the budget's dates and currency, its passengers, the agency's defaults. */
export function blankService(
  type: BudgetServiceType,
  from: {
    currency: string;
    start_date?: string | null;
    end_date?: string | null;
    passengers?: { adult: number; child: number; infant: number };
    commission_basis_points?: number | null;
  },
): ServiceValues {
  const p = from.passengers;
  const someone = p && p.adult + p.child + p.infant > 0;
  return {
    type,
    title: '',
    description: '',
    supplier_id: null,
    start_date: from.start_date ?? null,
    start_time: '',
    end_date: from.end_date ?? null,
    end_time: '',
    adult_number: someone ? p.adult : 1,
    child_number: someone ? p.child : 0,
    infant_number: someone ? p.infant : 0,
    currency: from.currency,
    adult_cents: null,
    child_cents: null,
    infant_cents: null,
    total_cents: null,
    taxes_cents: null,
    taxes_basis: 'booking',
    fee_cents: null,
    commission_basis_points: from.commission_basis_points ?? null,
    quote_rate: null,
    details: BLANK_DETAILS[type](),
  };
}

/** Stored nulls as the inputs hold them: '' for texts, null for picks and amounts. */
function blankNulls(value: unknown, blank: unknown): unknown {
  if (Array.isArray(blank) && Array.isArray(value)) {
    const row = blank[0];
    return value.map((v) => (row === undefined ? v : blankNulls(v, row)));
  }
  if (blank && typeof blank === 'object' && !Array.isArray(blank)) {
    const stored = (value ?? {}) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(blank as Record<string, unknown>).map(([k, b]) => [k, k in stored ? blankNulls(stored[k], b) : b]),
    );
  }
  if (value === null || value === undefined) return blank;
  return value;
}

/** A stored service as the form's values. */
export function serviceValuesOf(stored: Service): ServiceValues {
  const blank = blankService(stored.type, { currency: stored.currency });
  // Rows keep every stored row: a blank segment/room template fills the missing keys of each.
  const template = {
    ...blank,
    details: {
      ...blank.details,
      ...(stored.type === 'air' ? { segments: [emptySegment()] } : {}),
      ...(stored.type === 'accommodation' ? { rooms: [nextRoom([])] } : {}),
    },
  };
  const values = blankNulls({ ...stored, supplier_id: stored.supplier?.id ?? null }, template) as ServiceValues;
  // Only a rate the agent typed for the service is the form's; the budget's or the day's is taken again on save.
  return { ...values, type: stored.type, quote_rate: ownRateOf(stored) };
}

/** The texts of a stored service's picks by form path, from service-central's `references`. */
export function referenceLabels(references: Record<string, { name: string; code: string | null }>): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [path, row] of Object.entries(references)) {
    labels[path] = [row.code, row.name].filter(Boolean).join(' · ');
    if (row.code) labels[`${path}#code`] = row.code;
  }
  return labels;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function typedRooms(details: DetailsValues): RoomInput[] {
  const rooms = Array.isArray(details.rooms) ? (details.rooms as RoomValues[]) : [];
  return rooms.map((r) => ({
    id: r.id,
    adult_number: num(r.adult_number),
    child_number: num(r.child_number),
    infant_number: num(r.infant_number),
    value: num(r.value),
    number_room: num(r.number_room),
  }));
}

/** A hotel's head counts are its rooms'; any other service's are its own fields. */
export function headCountsOf(values: Pick<ServiceValues, 'type' | 'adult_number' | 'child_number' | 'infant_number' | 'details'>) {
  if (SERVICE_TYPE_DECLARATIONS[values.type].pricing === 'per_room') return roomHeadCounts(typedRooms(values.details));
  return { adult_number: num(values.adult_number), child_number: num(values.child_number), infant_number: num(values.infant_number) };
}

/** The typed values (blank amounts as 0) as the totals module prices them. */
export function pricedServiceOf(
  values: Omit<ServiceValues, 'title' | 'description' | 'supplier_id' | 'start_date' | 'start_time' | 'end_date' | 'end_time'>,
  refund?: { refund_cents: number; penalty_cents: number } | null,
): PricedService {
  const details = values.type === 'accommodation' ? { rooms: typedRooms(values.details) } : values.details;
  return {
    currency: values.currency,
    ...headCountsOf(values),
    pricing: servicePricing({
      type: values.type,
      adult_cents: num(values.adult_cents),
      child_cents: num(values.child_cents),
      infant_cents: num(values.infant_cents),
      total_cents: num(values.total_cents),
      details,
    }),
    taxes_cents: num(values.taxes_cents),
    taxes_basis: values.taxes_basis,
    fee_cents: num(values.fee_cents),
    commission_basis_points: num(values.commission_basis_points),
    refund: refund ?? null,
  };
}

/** The rate the agent typed for the service, if it has one (PUT must send it again to keep it). */
export const ownRateOf = (s: Pick<Service, 'quote_source' | 'quote_rate'>) => (s.quote_source === 'service' ? s.quote_rate : null);

/** A stored service sent again whole (PUT replaces every field): to move it, with its new place. */
export function serviceInputOf(s: Service, changes: { proposal_id?: number; position?: number } = {}) {
  return {
    id: s.id,
    proposal_id: changes.proposal_id ?? s.proposal_id,
    position: changes.position ?? s.position,
    type: s.type,
    title: s.title,
    description: s.description,
    supplier_id: s.supplier?.id ?? null,
    start_date: s.start_date,
    start_time: s.start_time,
    end_date: s.end_date,
    end_time: s.end_time,
    adult_number: s.adult_number,
    child_number: s.child_number,
    infant_number: s.infant_number,
    currency: s.currency as BudgetCurrency,
    adult_cents: s.adult_cents,
    child_cents: s.child_cents,
    infant_cents: s.infant_cents,
    total_cents: s.total_cents,
    taxes_cents: s.taxes_cents,
    taxes_basis: s.taxes_basis,
    fee_cents: s.fee_cents,
    commission_basis_points: s.commission_basis_points,
    quote_rate: ownRateOf(s),
    details: s.details,
  };
}

/** The code a picked airport's text starts with ('GRU · Guarulhos · São Paulo' → 'GRU'). */
const airportCode = (label: string | undefined) => label?.split(' · ')[0]?.trim() || null;

/** Where a new service's title comes from while the agent types none, as the field's hint says it. */
export const TITLE_SOURCES: Partial<Record<BudgetServiceType, string>> = {
  air: 'Em branco, vem da rota dos trechos',
  accommodation: 'Em branco, vem do nome do hotel',
  car_rental: 'Em branco, vem do local de retirada',
  transfer: 'Em branco, vem de “De” e “Para”',
  insurance: 'Em branco, vem do plano',
  tour: 'Em branco, vem do local',
};

/**
 * The title a new service takes from its own fields while the agent has not typed one: the
 * flight's route ('GRU → LIS → GRU'), the hotel's name, the car's pick-up place... Null when those
 * fields say nothing yet (or the type has none to go by).
 */
export function suggestedTitle(values: ServiceValues, labels: Record<string, string>): string | null {
  const d = values.details as Record<string, unknown>;
  const text = (key: string) => (typeof d[key] === 'string' ? (d[key] as string).trim() : '');
  switch (values.type) {
    case 'air': {
      const segments = (d.segments ?? []) as SegmentValues[];
      const stops: string[] = [];
      segments.forEach((_, i) => {
        const from = airportCode(labels[`details.segments.${i}.origin_airport_id`]);
        const to = airportCode(labels[`details.segments.${i}.destination_airport_id`]);
        if (from && stops.at(-1) !== from) stops.push(from);
        if (to) stops.push(to);
      });
      return stops.length > 1 ? `${segments.length > 1 ? 'Voos' : 'Voo'} ${stops.join(' → ')}` : null;
    }
    case 'accommodation':
      return text('hotel_name') || null;
    case 'car_rental':
      return text('pickup_place') ? `Locação de veículo · ${text('pickup_place')}` : null;
    case 'transfer':
      return text('from_place') && text('to_place') ? `Transfer ${text('from_place')} → ${text('to_place')}` : null;
    case 'insurance':
      return text('plan_name') ? `Seguro viagem ${text('plan_name')}` : null;
    case 'tour':
      return text('place') || null;
    default:
      return null;
  }
}
