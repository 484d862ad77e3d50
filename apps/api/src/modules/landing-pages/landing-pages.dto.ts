// What the customer sees of a budget's rows. Each field is copied by name from what the agency's
// tree holds: supplier, cost, commission, fees, quotes, locators and internal notes never make it
// into these objects (the public answer is built, not filtered).
import type { Prisma } from '@app/db';
import type { AgencyContact, LandingCanceledService, LandingService, Service, ServiceDetails, StoredService } from '@app/shared';
import { imageUrl, SERVICE_TYPE_DECLARATIONS, serviceTotals } from '@app/shared';
import { pricedService } from '../budgets/budgets.dto';

/** A reference-list row as the page names it; `city` for airports and ports (their city). */
export type RefRow = { list: string; name: string; code: string | null; city: string | null };
export type HotelRow = {
  stars: number | null;
  address: string | null;
  photos: { url: string; thumb_url: string | null; caption: string | null }[];
};

export type Lookups = { refs: Map<number, RefRow>; hotels: Map<number, HotelRow> };

/** What the agency's customers see of it (landing page, PDF, e-mails), as read with toAgencyContact. */
export const agencyContactSelect = {
  name: true,
  logoKey: true,
  contactEmail: true,
  phone: true,
  whatsapp: true,
  website: true,
  instagram: true,
  city: true,
  state: true,
  cnpj: true,
  cadastur: true,
} satisfies Prisma.CompanySelect;
export type CompanyContactRow = Prisma.CompanyGetPayload<{ select: typeof agencyContactSelect }>;

export function toAgencyContact(c: CompanyContactRow): AgencyContact {
  return {
    name: c.name,
    logo_url: c.logoKey ? imageUrl(c.logoKey) : null,
    email: c.contactEmail,
    phone: c.phone,
    whatsapp: c.whatsapp,
    website: c.website,
    instagram: c.instagram,
    city: c.city,
    state: c.state,
    cnpj: c.cnpj,
    cadastur: c.cadastur,
  };
}

/** The row of `list` an id points at (a row of another list never answers). */
function refOf(lookups: Lookups, list: string, id: number | null | undefined): RefRow | null {
  if (id == null) return null;
  const row = lookups.refs.get(id);
  return row && row.list === list ? row : null;
}

function nameOf(lookups: Lookups, list: string, id: number | null | undefined): string | null {
  return refOf(lookups, list, id)?.name ?? null;
}

function placeOf(lookups: Lookups, id: number) {
  const row = refOf(lookups, 'air_airport_params', id);
  return { code: row?.code ?? null, name: row?.name ?? '', city: row?.city ?? null };
}

/**
 * A canceled service for the customer: what it cost (priced as the budget tree prices it, without the
 * refund), what the customer still pays (its stored sale, the line the total adds) and the difference
 * that went back; values only when the budget shows them. Never the penalty nor the reason.
 */
export function toLandingCanceledService(
  s: StoredService,
  budget: { currency: string; currency_rate: number },
  showValues: boolean,
): LandingCanceledService {
  const base = {
    id: s.id,
    type_label: SERVICE_TYPE_DECLARATIONS[s.type].label,
    title: s.title,
    start_date: s.start_date,
    end_date: s.end_date,
  };
  if (!showValues) return { ...base, original_cents: null, returned_cents: null, retained_cents: null };
  const rates = { [budget.currency]: budget.currency_rate };
  const original = serviceTotals({ ...pricedService(s, budget.currency, rates), refund: null }, budget.currency, rates).sale_cents;
  return { ...base, original_cents: original, returned_cents: original - s.sale_cents, retained_cents: s.sale_cents };
}

/** One active service for the customer: its list ids named, and its sale price only when the budget shows values. */
export function toLandingService(s: Service, lookups: Lookups, showValues: boolean): LandingService {
  const base = {
    id: s.id,
    type_label: SERVICE_TYPE_DECLARATIONS[s.type].label,
    title: s.title,
    description: s.description,
    start_date: s.start_date,
    start_time: s.start_time,
    end_date: s.end_date,
    end_time: s.end_time,
    adult_number: s.adult_number,
    child_number: s.child_number,
    infant_number: s.infant_number,
    sale_cents: showValues ? s.sale_cents : null,
  };
  const lists = SERVICE_TYPE_DECLARATIONS[s.type].lists;
  const named = (field: string, id: number | null | undefined) => {
    const list = lists[field];
    return list ? nameOf(lookups, list, id) : null;
  };
  switch (s.type) {
    case 'air': {
      const d = s.details as ServiceDetails<'air'>;
      return {
        ...base,
        type: 'air',
        details: {
          segments: (d.segments ?? []).map((seg) => {
            const airline = refOf(lookups, 'air_cias_params', seg.airline_id);
            return {
              origin: placeOf(lookups, seg.origin_airport_id),
              destination: placeOf(lookups, seg.destination_airport_id),
              airline: airline ? { code: airline.code, name: airline.name } : null,
              flight_number: seg.flight_number ?? null,
              departure_date: seg.departure_date,
              departure_time: seg.departure_time ?? null,
              arrival_date: seg.arrival_date ?? null,
              arrival_time: seg.arrival_time ?? null,
              class_name: named('class_id', seg.class_id),
              luggage: named('luggage_id', seg.luggage_id),
            };
          }),
        },
      };
    }
    case 'accommodation': {
      const d = s.details as ServiceDetails<'accommodation'>;
      const hotel = d.favorite_hotel_id ? lookups.hotels.get(d.favorite_hotel_id) : undefined;
      return {
        ...base,
        type: 'accommodation',
        details: {
          hotel_name: d.hotel_name,
          city: named('city_id', d.city_id),
          location: d.location ?? null,
          stars: hotel?.stars ?? null,
          address: hotel?.address ?? null,
          diet: named('diet_id', d.diet_id),
          check_in_time: d.check_in_time ?? null,
          check_out_time: d.check_out_time ?? null,
          rooms: (d.rooms ?? []).map((r) => ({
            adult_number: r.adult_number,
            child_number: r.child_number,
            infant_number: r.infant_number,
            number_room: r.number_room,
            room_type: named('room_type_id', r.room_type_id),
            room_category: named('room_category_id', r.room_category_id),
          })),
          photos: hotel?.photos ?? [],
        },
      };
    }
    case 'cruise': {
      const d = s.details as ServiceDetails<'cruise'>;
      return {
        ...base,
        type: 'cruise',
        details: {
          cruise_company: named('cruise_company_id', d.cruise_company_id),
          ship: named('ship_id', d.ship_id),
          embark_port: named('embark_port_id', d.embark_port_id),
          disembark_port: named('disembark_port_id', d.disembark_port_id),
          cabin_type: named('cabin_type_id', d.cabin_type_id),
          cabin_category: named('cabin_category_id', d.cabin_category_id),
          diet: named('diet_id', d.diet_id),
          itinerary: d.itinerary ?? null,
        },
      };
    }
    case 'car_rental': {
      const d = s.details as ServiceDetails<'car_rental'>;
      return {
        ...base,
        type: 'car_rental',
        details: {
          rental_company: named('rental_company_id', d.rental_company_id),
          vehicle_category: named('vehicle_category_id', d.vehicle_category_id),
          pickup_place: d.pickup_place,
          dropoff_place: d.dropoff_place ?? null,
        },
      };
    }
    case 'transfer': {
      const d = s.details as ServiceDetails<'transfer'>;
      return {
        ...base,
        type: 'transfer',
        details: { from_place: d.from_place, to_place: d.to_place, vehicle: d.vehicle ?? null, private: d.private ?? false },
      };
    }
    case 'insurance': {
      const d = s.details as ServiceDetails<'insurance'>;
      return { ...base, type: 'insurance', details: { plan_name: d.plan_name, coverage: d.coverage ?? null } };
    }
    case 'tour': {
      const d = s.details as ServiceDetails<'tour'>;
      return {
        ...base,
        type: 'tour',
        details: { place: d.place ?? null, meeting_point: d.meeting_point ?? null, includes: d.includes ?? null },
      };
    }
    case 'other':
      return { ...base, type: 'other', details: {} };
  }
}
