/** @jsxImportSource preact */
// One service of a proposal's timeline, with what the customer needs of its type.
import { shortDate, toCurrency } from '@app/shared/format';
import type { LandingService } from '@app/shared/landing-pages';
import { travellers } from './text';

type Fact = [label: string, value: string | null | undefined];

/** Label/value pairs; the empty ones are left out. */
function Facts({ items }: { items: Fact[] }) {
  const shown = items.filter((item): item is [string, string] => !!item[1]);
  if (!shown.length) return null;
  return (
    <dl class="lp-facts">
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const at = (date: string | null, time: string | null) => [shortDate(date), time && `às ${time}`].filter(Boolean).join(' ');

const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

type Air = Extract<LandingService, { type: 'air' }>;

function Flight({ segment }: { segment: Air['details']['segments'][number] }) {
  const later = segment.arrival_date ? days(segment.departure_date, segment.arrival_date) : 0;
  const airline = [segment.airline?.name, segment.flight_number].filter(Boolean).join(' · ');
  return (
    <li class="lp-flight">
      <div class="lp-flight-row">
        <div class="lp-airport">
          <strong>{segment.origin.code ?? segment.origin.name}</strong>
          <span class="lp-time">{segment.departure_time ?? '--:--'}</span>
          <small>{segment.origin.city ?? segment.origin.name}</small>
        </div>
        <div class="lp-flight-line" aria-hidden="true">
          <span>✈</span>
        </div>
        <div class="lp-airport lp-airport--end">
          <strong>{segment.destination.code ?? segment.destination.name}</strong>
          <span class="lp-time">
            {segment.arrival_time ?? '--:--'}
            {later > 0 && <sup title={`chega ${later} dia(s) depois`}>+{later}</sup>}
          </span>
          <small>{segment.destination.city ?? segment.destination.name}</small>
        </div>
      </div>
      <p class="lp-muted">
        {[shortDate(segment.departure_date), airline, segment.class_name, segment.luggage && `Bagagem: ${segment.luggage}`]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p class="lp-sr">
        Voo de {segment.origin.name} para {segment.destination.name}, saída {at(segment.departure_date, segment.departure_time)}, chegada{' '}
        {at(segment.arrival_date, segment.arrival_time)}.
      </p>
    </li>
  );
}

type Hotel = Extract<LandingService, { type: 'accommodation' }>;

function HotelDetails({ service }: { service: Hotel }) {
  const d = service.details;
  const nights = service.start_date && service.end_date ? days(service.start_date, service.end_date) : 0;
  return (
    <>
      {d.stars ? (
        <p class="lp-stars" role="img" aria-label={`${d.stars} estrelas`}>
          {'★'.repeat(d.stars)}
        </p>
      ) : null}
      {d.photos.length > 0 && (
        <ul class="lp-photos" aria-label={`Fotos de ${d.hotel_name}`}>
          {d.photos.map((photo) => (
            <li key={photo.url}>
              <img
                src={photo.thumb_url ?? photo.url}
                alt={photo.caption ?? d.hotel_name}
                width={240}
                height={160}
                loading="lazy"
                decoding="async"
              />
            </li>
          ))}
        </ul>
      )}
      <Facts
        items={[
          ['Local', [d.location, d.city].filter(Boolean).join(', ')],
          ['Endereço', d.address],
          ['Entrada', at(service.start_date, d.check_in_time)],
          ['Saída', at(service.end_date, d.check_out_time)],
          ['Diárias', nights > 0 ? `${nights} ${nights === 1 ? 'noite' : 'noites'}` : null],
          ['Regime', d.diet],
        ]}
      />
      {d.rooms.length > 0 && (
        <ul class="lp-rooms">
          {d.rooms.map((room, i) => (
            <li key={i}>
              <strong>
                {room.number_room} {room.number_room === 1 ? 'quarto' : 'quartos'}
                {[room.room_type, room.room_category].filter(Boolean).map((t) => ` · ${t}`)}
              </strong>
              <span class="lp-muted"> {travellers(room)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Details({ service }: { service: LandingService }) {
  switch (service.type) {
    case 'air':
      return (
        <ol class="lp-flights">
          {service.details.segments.map((segment, i) => (
            <Flight key={i} segment={segment} />
          ))}
        </ol>
      );
    case 'accommodation':
      return <HotelDetails service={service} />;
    case 'cruise': {
      const d = service.details;
      return (
        <Facts
          items={[
            ['Companhia', d.cruise_company],
            ['Navio', d.ship],
            ['Embarque', [d.embark_port, at(service.start_date, service.start_time)].filter(Boolean).join(', ')],
            ['Desembarque', [d.disembark_port, at(service.end_date, service.end_time)].filter(Boolean).join(', ')],
            ['Cabine', [d.cabin_type, d.cabin_category].filter(Boolean).join(' · ')],
            ['Regime', d.diet],
            ['Roteiro', d.itinerary],
          ]}
        />
      );
    }
    case 'car_rental': {
      const d = service.details;
      return (
        <Facts
          items={[
            ['Locadora', d.rental_company],
            ['Categoria', d.vehicle_category],
            ['Retirada', `${d.pickup_place}${service.start_date ? `, ${at(service.start_date, service.start_time)}` : ''}`],
            ['Devolução', [d.dropoff_place ?? d.pickup_place, at(service.end_date, service.end_time)].filter(Boolean).join(', ')],
          ]}
        />
      );
    }
    case 'transfer': {
      const d = service.details;
      return (
        <Facts
          items={[
            ['Trajeto', `${d.from_place} → ${d.to_place}`],
            ['Horário', service.start_time],
            ['Veículo', d.vehicle],
            ['Tipo', d.private ? 'Privativo' : 'Compartilhado'],
          ]}
        />
      );
    }
    case 'insurance':
      return (
        <Facts
          items={[
            ['Plano', service.details.plan_name],
            ['Cobertura', service.details.coverage],
            ['Vigência', [shortDate(service.start_date), shortDate(service.end_date)].filter(Boolean).join(' a ')],
          ]}
        />
      );
    case 'tour':
      return (
        <Facts
          items={[
            ['Local', service.details.place],
            ['Horário', service.start_time],
            ['Ponto de encontro', service.details.meeting_point],
            ['Inclui', service.details.includes],
          ]}
        />
      );
    case 'other':
      return null;
  }
}

export function ServiceCard({ service, currency }: { service: LandingService; currency: string }) {
  const who = travellers(service);
  return (
    <article class={`lp-service lp-service--${service.type}`} aria-label={`${service.type_label}: ${service.title}`}>
      <header class="lp-service-head">
        <span class="lp-badge">{service.type_label}</span>
        {service.start_time && service.type !== 'air' && <span class="lp-muted">{service.start_time}</span>}
      </header>
      <h4>{service.type === 'accommodation' ? service.details.hotel_name : service.title}</h4>
      <Details service={service} />
      {service.description && <p class="lp-description">{service.description}</p>}
      {(who || service.sale_cents !== null) && (
        <footer class="lp-service-foot">
          <span class="lp-muted">{who}</span>
          {service.sale_cents !== null && <strong>{toCurrency(service.sale_cents, currency)}</strong>}
        </footer>
      )}
    </article>
  );
}
