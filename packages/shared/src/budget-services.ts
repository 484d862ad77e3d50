// The kinds of service a budget's proposals hold, declared once: label, how each is priced, its own
// fields (`details`, a JSONB column checked by the schema here) and the reference lists they pick
// from. The API validates and prices with these, the editor builds each type's form and the
// /servicos screen lists them from the same declarations.

import type { TaxesBasis } from '@app/db/browser';
import { agentRateField } from './agent-rates';
import { BUDGET_LIMITS } from './budget-limits';
import type { ServicePricing } from './budget-totals';
import { dateField } from './clients';
import { TRACKED_CURRENCIES } from './currency-quotes';
import type { ReferenceListKey } from './reference-lists';
import { SERVICE_TYPE_LABELS, type ServiceType } from './service-types';
import { reportIssues, z } from './zod';

/** The types a budget's service may take, in the editor's order ('Receptivo' is a supplier's kind only). */
export const BUDGET_SERVICE_TYPES = ['air', 'accommodation', 'cruise', 'car_rental', 'transfer', 'insurance', 'tour', 'other'] as const;
export type BudgetServiceType = (typeof BUDGET_SERVICE_TYPES)[number] & ServiceType;

/** Budget currencies: the real and the currencies the quotes track. */
export const BUDGET_CURRENCIES = ['BRL', ...TRACKED_CURRENCIES] as const;
export type BudgetCurrency = (typeof BUDGET_CURRENCIES)[number];

/** Up to R$ 20 milhões on any one amount. */
export const SERVICE_MONEY_MAX_CENTS = 2_000_000_000;
export const serviceMoneyField = z.number().int().min(0).max(SERVICE_MONEY_MAX_CENTS);
/** Head counts of one service or room. */
export const headCountField = z.number().int().min(0).max(99);

const referenceId = z.number().int().positive();
const optionalReference = referenceId.nullable().optional();
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** '08:30' (24 h, local time of the place). */
export const timeOfDayField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Hora inválida (use HH:MM)' });

export const flightSegmentInput = z
  .object({
    origin_airport_id: referenceId,
    destination_airport_id: referenceId,
    airline_id: optionalReference,
    flight_number: optionalText(12),
    departure_date: dateField,
    departure_time: timeOfDayField.nullable().optional(),
    arrival_date: dateField.nullable().optional(),
    arrival_time: timeOfDayField.nullable().optional(),
    class_id: optionalReference,
    luggage_id: optionalReference,
    /** Localizador of the reservation, once issued. */
    locator: optionalText(20),
  })
  .strict();
export type FlightSegmentInput = z.infer<typeof flightSegmentInput>;

/** The spec's room data; `id` is 'room-1', 'room-2'... (one room, 'room-1', by default). */
export const roomInput = z
  .object({
    id: z.string().regex(/^room-\d{1,3}$/),
    adult_number: headCountField,
    child_number: headCountField,
    infant_number: headCountField,
    /** The room's price for the whole stay, in the service's currency. */
    value: serviceMoneyField,
    number_room: z.number().int().min(1).max(50),
    room_type_id: optionalReference,
    room_category_id: optionalReference,
  })
  .strict()
  .refine((r) => r.adult_number + r.child_number + r.infant_number > 0, { message: 'Informe quem fica no quarto', path: ['adult_number'] });
export type RoomInput = z.infer<typeof roomInput>;
export const DEFAULT_ROOM: RoomInput = { id: 'room-1', adult_number: 2, child_number: 0, infant_number: 0, value: 0, number_room: 1 };

const uniqueRoomIds = (rooms: RoomInput[]) =>
  rooms.flatMap((r, i) => (rooms.findIndex((o) => o.id === r.id) !== i ? [{ path: 'rooms', message: 'Quartos com o mesmo id' }] : []));

/** Each type's own fields. Ids point at reference-list rows the agency sees (system or its own). */
export const serviceDetailsSchemas = {
  air: z
    .object({
      segments: z.array(flightSegmentInput).min(1).max(BUDGET_LIMITS.segments.max, { message: BUDGET_LIMITS.segments.message }),
    })
    .strict(),
  accommodation: z
    .object({
      favorite_hotel_id: optionalReference,
      hotel_name: z.string().trim().min(2).max(160),
      city_id: optionalReference,
      location: optionalText(160),
      diet_id: optionalReference,
      check_in_time: timeOfDayField.nullable().optional(),
      check_out_time: timeOfDayField.nullable().optional(),
      rooms: z
        .array(roomInput)
        .min(1)
        .max(BUDGET_LIMITS.rooms.max, { message: BUDGET_LIMITS.rooms.message })
        .superRefine(reportIssues(uniqueRoomIds)),
    })
    .strict(),
  cruise: z
    .object({
      cruise_company_id: optionalReference,
      ship_id: optionalReference,
      embark_port_id: optionalReference,
      disembark_port_id: optionalReference,
      cabin_type_id: optionalReference,
      cabin_category_id: optionalReference,
      diet_id: optionalReference,
      itinerary: optionalText(2000),
    })
    .strict(),
  car_rental: z
    .object({
      rental_company_id: optionalReference,
      vehicle_category_id: optionalReference,
      pickup_place: z.string().trim().min(2).max(160),
      dropoff_place: optionalText(160),
    })
    .strict(),
  transfer: z
    .object({
      from_place: z.string().trim().min(2).max(160),
      to_place: z.string().trim().min(2).max(160),
      vehicle: optionalText(80),
      private: z.boolean().default(false),
    })
    .strict(),
  insurance: z
    .object({
      plan_name: z.string().trim().min(2).max(120),
      coverage: optionalText(500),
    })
    .strict(),
  tour: z
    .object({
      place: optionalText(160),
      meeting_point: optionalText(160),
      includes: optionalText(1000),
    })
    .strict(),
  other: z.object({}).strict(),
} satisfies Record<BudgetServiceType, z.ZodType>;
export type ServiceDetails<T extends BudgetServiceType = BudgetServiceType> = z.infer<(typeof serviceDetailsSchemas)[T]>;

/** How a type is priced (see budget-totals.ts): a fare per age group, per room, or one total. */
export type PricingMode = ServicePricing['mode'];

export type ServiceTypeDeclaration = {
  type: BudgetServiceType;
  label: string;
  pricing: PricingMode;
  /** Each reference-list field of `details` (also inside segments and rooms) and its list. */
  lists: Record<string, ReferenceListKey>;
  /** Whether the supplier picker offers the agency's suppliers of this type (transfers and tours also 'Receptivo'). */
  supplierTypes: readonly ServiceType[];
};

export const SERVICE_TYPE_DECLARATIONS: Record<BudgetServiceType, ServiceTypeDeclaration> = {
  air: {
    type: 'air',
    label: 'Aéreo',
    pricing: 'per_pax',
    lists: {
      origin_airport_id: 'air_airport_params',
      destination_airport_id: 'air_airport_params',
      airline_id: 'air_cias_params',
      class_id: 'air_class_params',
      luggage_id: 'air_type_luggage_params',
    },
    supplierTypes: ['air'],
  },
  accommodation: {
    type: 'accommodation',
    label: 'Hospedagem',
    pricing: 'per_room',
    lists: {
      city_id: 'city_params',
      diet_id: 'hotel_diet_params',
      room_type_id: 'hotel_type_room_params',
      room_category_id: 'hotel_category_room_params',
    },
    supplierTypes: ['accommodation'],
  },
  cruise: {
    type: 'cruise',
    label: 'Cruzeiro',
    pricing: 'per_pax',
    lists: {
      cruise_company_id: 'cruise_cia_params',
      ship_id: 'cruise_ship_params',
      embark_port_id: 'cruise_port_params',
      disembark_port_id: 'cruise_port_params',
      cabin_type_id: 'cruise_cabin_type_params',
      cabin_category_id: 'cruise_cabin_categorie_params',
      diet_id: 'cruise_diet_params',
    },
    supplierTypes: ['cruise'],
  },
  car_rental: {
    type: 'car_rental',
    label: 'Locação de veículo',
    pricing: 'total',
    lists: { rental_company_id: 'vehicle_rental_params', vehicle_category_id: 'vehicle_category_params' },
    supplierTypes: ['car_rental'],
  },
  transfer: { type: 'transfer', label: 'Transfer', pricing: 'total', lists: {}, supplierTypes: ['transfer', 'ground_services'] },
  insurance: { type: 'insurance', label: 'Seguro viagem', pricing: 'per_pax', lists: {}, supplierTypes: ['insurance'] },
  tour: { type: 'tour', label: 'Passeio/ingresso', pricing: 'per_pax', lists: {}, supplierTypes: ['tour', 'ground_services'] },
  other: { type: 'other', label: SERVICE_TYPE_LABELS.other, pricing: 'total', lists: {}, supplierTypes: ['other'] },
};

export const TAXES_BASES = ['booking', 'passenger'] as const satisfies readonly TaxesBasis[];
export const TAXES_BASIS_LABELS: Record<TaxesBasis, string> = { booking: 'Por reserva', passenger: 'Por passageiro' };

/** The money and head-count fields every service has, whatever its type (amounts in `currency`). */
export const serviceCommonFields = {
  title: z.string().trim().min(2).max(160),
  description: optionalText(4000),
  supplier_id: referenceId.nullable().optional(),
  start_date: dateField.nullable().optional(),
  start_time: timeOfDayField.nullable().optional(),
  end_date: dateField.nullable().optional(),
  end_time: timeOfDayField.nullable().optional(),
  adult_number: headCountField,
  child_number: headCountField,
  infant_number: headCountField,
  currency: z.enum(BUDGET_CURRENCIES),
  /** per_pax: the fare of one passenger of each age group. */
  adult_cents: serviceMoneyField.default(0),
  child_cents: serviceMoneyField.default(0),
  infant_cents: serviceMoneyField.default(0),
  /** total: the one amount for everyone. */
  total_cents: serviceMoneyField.default(0),
  taxes_cents: serviceMoneyField.default(0),
  /** The taxes are the booking's (once), or each traveller's (times the head count). */
  taxes_basis: z.enum(TAXES_BASES).default('booking'),
  /** The agency's fee (taxa de serviço / DU). */
  fee_cents: serviceMoneyField.default(0),
  /** The supplier's commission on the fare, in basis points (1000 = 10 %). */
  commission_basis_points: z.number().int().min(0).max(10_000).default(0),
  /**
   * The agent's rate for this service (câmbio do serviço, reais per unit): it wins over the
   * budget's rate and the day's quote. Left out or null, the service takes those.
   */
  quote_rate: agentRateField.nullable().optional(),
};

/** What a service's `details` must be for its type: the issues of that type's schema, under `details`. */
function detailsOfType(service: { type: BudgetServiceType; details: unknown }, ctx: z.RefinementCtx) {
  const parsed = serviceDetailsSchemas[service.type].safeParse(service.details);
  if (parsed.success) return;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ ...issue, path: ['details', ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
}

/** The details as their schema makes them (trimmed, defaults filled); run after detailsOfType passed. */
function parsedDetails<S>(service: S): S {
  const { type, details } = service as { type: BudgetServiceType; details: unknown };
  const parsed = serviceDetailsSchemas[type].safeParse(details);
  return parsed.success ? { ...service, details: parsed.data } : service;
}

/**
 * A service as POST/PUT send it, with `extra` fields (the proposal, the id): the common fields, its
 * `type` and that type's `details`, checked by the type's schema (errors at `details.<path>`). One
 * object rather than a union on `type`: the REST layer takes only objects as input.
 */
export function serviceInput<S extends z.ZodRawShape>(extra: S) {
  return z
    .object({
      ...extra,
      type: z.enum(BUDGET_SERVICE_TYPES),
      ...serviceCommonFields,
      details: z.looseObject({}).meta({
        description:
          'Os campos do tipo: air {segments}; accommodation {hotel_name, rooms, ...}; cruise; car_rental {pickup_place, ...}; transfer {from_place, to_place, ...}; insurance {plan_name, ...}; tour; other {}.',
      }),
    })
    .strict()
    .superRefine((service, ctx) => detailsOfType(service as { type: BudgetServiceType; details: unknown }, ctx))
    .overwrite(parsedDetails);
}

export const serviceFieldsInput = serviceInput({});

/** `F` with `details` typed by its `type` (what serviceInput's checks guarantee). */
export type TypedService<F extends { type: BudgetServiceType }> = {
  [T in BudgetServiceType]: Omit<F, 'type' | 'details'> & { type: T; details: ServiceDetails<T> };
}[BudgetServiceType];
export type ServiceFieldsInput = TypedService<z.output<typeof serviceFieldsInput>>;

/** A parsed service input, its `details` typed by its `type`. */
export const typedService = <F extends { type: BudgetServiceType; details: unknown }>(service: F) => service as unknown as TypedService<F>;

/**
 * The rules across fields, as a plain function (the API runs it on the service as it would be
 * stored): dates in order, and someone travelling. A hotel's head counts are its rooms' (the API
 * derives them: sum of each room's people times `number_room`).
 */
export function serviceFieldIssues(
  s: Pick<ServiceFieldsInput, 'start_date' | 'end_date' | 'adult_number' | 'child_number' | 'infant_number'>,
) {
  const issues: { path: string; message: string }[] = [];
  if (s.start_date && s.end_date && s.end_date < s.start_date)
    issues.push({ path: 'end_date', message: 'deve ser igual ou posterior à data de início' });
  if (s.adult_number + s.child_number + s.infant_number === 0)
    issues.push({ path: 'adult_number', message: 'informe ao menos um passageiro' });
  return issues;
}

/** A hotel's travellers: every room's people times how many such rooms. */
export function roomHeadCounts(rooms: readonly RoomInput[]) {
  const sum = (k: 'adult_number' | 'child_number' | 'infant_number') => rooms.reduce((n, r) => n + r[k] * r.number_room, 0);
  return { adult_number: sum('adult_number'), child_number: sum('child_number'), infant_number: sum('infant_number') };
}

/** The pricing budget-totals.ts reads off a stored or typed service. */
export function servicePricing(
  s: Pick<ServiceFieldsInput, 'type' | 'adult_cents' | 'child_cents' | 'infant_cents' | 'total_cents'> & { details: unknown },
): ServicePricing {
  const mode = SERVICE_TYPE_DECLARATIONS[s.type].pricing;
  if (mode === 'per_room') return { mode, rooms: (s.details as { rooms: RoomInput[] }).rooms };
  if (mode === 'total') return { mode, total_cents: s.total_cents };
  return { mode, adult_cents: s.adult_cents, child_cents: s.child_cents, infant_cents: s.infant_cents };
}

/** Every reference-list id a service's details point at, with its list, for the API to check. */
export function serviceReferenceIds(type: BudgetServiceType, details: unknown): { field: string; list: ReferenceListKey; id: number }[] {
  const lists = SERVICE_TYPE_DECLARATIONS[type].lists;
  const found: { field: string; list: ReferenceListKey; id: number }[] = [];
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) visit(v, `${path}.${i}`);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      const list = lists[k];
      if (list && typeof v === 'number') found.push({ field: `${path}.${k}`, list, id: v });
      else visit(v, `${path}.${k}`);
    }
  };
  visit(details, 'details');
  return found;
}
