// The selected service of the timeline in full (GET /api/services/service-central/{id}): its dates,
// supplier, travellers and its type's own fields with the names of the list rows they point at.
import { SERVICE_TYPE_DECLARATIONS } from '@app/shared/budget-services';
import { shortDate } from '@app/shared/format';
import type { ServiceCentral } from '@app/shared/services';
import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DetailField } from '../../../components/DetailFields';
import { useTRPC } from '../../../lib/trpc';
import { headCountText } from '../labels';

const when = (date: string | null, time: string | null) => [shortDate(date), time].filter(Boolean).join(' ');

type Details = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The type's own fields, as label/value pairs, list ids named by the service-central answer. */
function detailLines(s: ServiceCentral): [string, ReactNode][] {
  const ref = (path: string) => {
    const r = s.references[path];
    return r ? (r.code ? `${r.code} – ${r.name}` : r.name) : null;
  };
  const d = s.details as Details;
  const lines: [string, ReactNode][] = [];
  const add = (label: string, value: ReactNode | null | undefined) => {
    if (value) lines.push([label, value]);
  };
  switch (s.type) {
    case 'air': {
      const segments = Array.isArray(d.segments) ? (d.segments as Details[]) : [];
      segments.forEach((seg, i) => {
        const p = `details.segments.${i}`;
        const route = `${ref(`${p}.origin_airport_id`) ?? 'Origem'} → ${ref(`${p}.destination_airport_id`) ?? 'Destino'}`;
        const flight = [ref(`${p}.airline_id`), str(seg.flight_number) && `voo ${seg.flight_number}`].filter(Boolean).join(' · ');
        const times = [
          `partida ${when(str(seg.departure_date), str(seg.departure_time))}`,
          str(seg.arrival_date) || str(seg.arrival_time) ? `chegada ${when(str(seg.arrival_date), str(seg.arrival_time))}` : null,
        ]
          .filter(Boolean)
          .join(' · ');
        add(
          segments.length > 1 ? `Trecho ${i + 1}` : 'Trecho',
          <Stack gap={0}>
            <Text fz="sm">{route}</Text>
            {flight && <Text fz="xs">{flight}</Text>}
            <Text fz="xs" c="dimmed">
              {times}
            </Text>
          </Stack>,
        );
      });
      break;
    }
    case 'accommodation': {
      add('Hotel', [str(d.hotel_name), ref('details.city_id')].filter(Boolean).join(', '));
      add('Regime', ref('details.diet_id'));
      const rooms = Array.isArray(d.rooms) ? d.rooms.length : 0;
      add('Quartos', rooms ? String(rooms) : null);
      break;
    }
    case 'cruise':
      add('Companhia', ref('details.cruise_company_id'));
      add('Navio', ref('details.ship_id'));
      add('Embarque', ref('details.embark_port_id'));
      add('Desembarque', ref('details.disembark_port_id'));
      add('Cabine', [ref('details.cabin_type_id'), ref('details.cabin_category_id')].filter(Boolean).join(' · '));
      break;
    case 'car_rental':
      add('Locadora', ref('details.rental_company_id'));
      add('Categoria', ref('details.vehicle_category_id'));
      add('Retirada', str(d.pickup_place));
      add('Devolução', str(d.dropoff_place));
      break;
    case 'transfer':
      add('Trajeto', `${str(d.from_place) ?? ''} → ${str(d.to_place) ?? ''}`);
      add('Veículo', [str(d.vehicle), d.private ? 'privativo' : null].filter(Boolean).join(', '));
      break;
    case 'insurance':
      add('Plano', str(d.plan_name));
      add('Cobertura', str(d.coverage));
      break;
    case 'tour':
      add('Local', str(d.place));
      add('Encontro', str(d.meeting_point));
      add('Inclui', str(d.includes));
      break;
  }
  return lines;
}

export function ServicePanel({ serviceId }: { serviceId: number | undefined }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.services.serviceCentral.queryOptions(serviceId ? { id: serviceId } : skipToken, { meta: { silent: true } }));
  if (!serviceId) {
    return (
      <Card withBorder radius="md" padding="md">
        <Text fz="sm" c="dimmed">
          Escolha um serviço na linha do tempo para ver os detalhes.
        </Text>
      </Card>
    );
  }
  const s = query.data;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Serviço selecionado" data-testid="service-panel">
      {!s ? (
        query.isError ? (
          <Text fz="sm" c="dimmed">
            Não foi possível carregar o serviço.
          </Text>
        ) : (
          <Stack gap="xs" aria-busy="true" aria-label="Carregando serviço">
            <Skeleton h={24} />
            <Skeleton h={60} />
          </Stack>
        )
      ) : (
        <Stack gap="sm">
          <div>
            <Group gap={6}>
              <Badge variant="light">{SERVICE_TYPE_DECLARATIONS[s.type].label}</Badge>
              {s.status === 'canceled' && (
                <Badge color="red" variant="light">
                  Cancelado
                </Badge>
              )}
            </Group>
            <Title order={3} fz="h4" mt={4}>
              {s.title}
            </Title>
          </div>
          {(s.start_date || s.end_date) && (
            <DetailField label="Quando">
              <Text fz="sm">
                {when(s.start_date, s.start_time)}
                {s.end_date ? ` até ${when(s.end_date, s.end_time)}` : ''}
              </Text>
            </DetailField>
          )}
          <DetailField label="Passageiros">
            <Text fz="sm">{headCountText({ adult: s.adult_number, child: s.child_number, infant: s.infant_number }) || '—'}</Text>
          </DetailField>
          {s.supplier && (
            <DetailField label="Fornecedor">
              <Text fz="sm">{s.supplier.name}</Text>
            </DetailField>
          )}
          {detailLines(s).map(([label, value]) => (
            <DetailField key={label} label={label}>
              {typeof value === 'string' ? <Text fz="sm">{value}</Text> : value}
            </DetailField>
          ))}
          {s.description && (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {s.description}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
