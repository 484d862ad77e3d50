// An air service's segments: airports, airline, flight, times, class and luggage; 'Buscar voo'
// fills a segment from the flight lookup, 'Colar reserva' every segment from a pasted reservation,
// and typing it by hand is always possible.
import { BUDGET_LIMITS } from '@app/shared/budget-limits';
import { SERVICE_TYPE_DECLARATIONS } from '@app/shared/budget-services';
import { type FlightLookup, parseFlightNumber } from '@app/shared/flights';
import type { ParseItineraryOutput } from '@app/shared/itinerary/schemas';
import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlaneDeparture, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DateField } from '../../../../components/DateField';
import { ErrorText } from '../../../../components/ErrorText';
import { TimeField } from '../../../../components/TimeField';
import { apiError, errorText } from '../../../../lib/api-error';
import { useTRPC } from '../../../../lib/trpc';
import { RefField, useServiceForm } from '../service-form-context';
import { emptySegment, type SegmentValues } from '../service-values';
import { PasteReservation, UnreadLines } from './PasteReservation';

const LISTS = SERVICE_TYPE_DECLARATIONS.air.lists;

/** 'HH:MM' and 'YYYY-MM-DD' of a local ISO time ('2026-03-10T08:05:00-03:00'), as the airport's clock reads. */
const clockOf = (iso: string | null) => (iso ? iso.slice(11, 16) : '');
const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
const airportText = (a: FlightLookup['origin']) => [a.code, a.name, a.city].filter(Boolean).join(' · ');
/** A segment's picks, whose texts go with it. */
const PICKED = ['airline_id', 'airline_id#code', 'origin_airport_id', 'destination_airport_id', 'class_id', 'luggage_id'];

type ReadSegment = ParseItineraryOutput['segments'][number];
const segmentValuesOf = (s: ReadSegment): SegmentValues => ({
  ...emptySegment(),
  origin_airport_id: s.origin_match?.id ?? null,
  destination_airport_id: s.destination_match?.id ?? null,
  airline_id: s.airline_match?.id ?? null,
  flight_number: `${s.airline}${s.flight_number}`,
  departure_date: s.departure_date,
  departure_time: s.departure_time ?? '',
  arrival_date: s.arrival_date,
  arrival_time: s.arrival_time ?? '',
  locator: s.locator ?? '',
});

/** What the form says once a paste filled it: how many segments, and what the agent still picks by hand. */
function pastedNotice(read: ParseItineraryOutput, filled: ReadSegment[]): string {
  const count = filled.length === 1 ? '1 trecho lido' : `${filled.length} trechos lidos`;
  const parts = [`${count} da reserva colada: confira os dados e salve o serviço.`];
  if (read.segments.length > filled.length)
    parts.push(`A reserva tem ${read.segments.length} trechos; um serviço guarda no máximo ${BUDGET_LIMITS.segments.max}.`);
  const missing = new Set(
    filled.flatMap((s) => [
      ...(s.airline_match ? [] : [`${s.airline} (companhia)`]),
      ...(s.origin_match ? [] : [s.origin]),
      ...(s.destination_match ? [] : [s.destination]),
    ]),
  );
  if (missing.size) parts.push(`Fora das listas da agência, escolha à mão: ${[...missing].join(', ')}.`);
  return parts.join(' ');
}

function Segment({ index, count }: { index: number; count: number }) {
  const trpc = useTRPC();
  const { form, labels, setLabel, removeRow } = useServiceForm();
  const base = `details.segments.${index}`;
  const segment = (form.values.details.segments as SegmentValues[])[index] as SegmentValues;
  // The airline's IATA code: kept with the chosen row's text, else the prefix typed in the number ('LA3456').
  const codePath = `${base}.airline_id#code`;
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const code = (segment.airline_id ? labels[codePath] : null) || (parseFlightNumber(segment.flight_number)?.prefix ?? null);

  const lookup = useMutation(
    trpc.flights.lookup.mutationOptions({
      meta: { silent: true },
      onSuccess: (flight) => {
        const set = (field: keyof SegmentValues, value: unknown) => form.setFieldValue(`${base}.${field}`, value as never);
        set('flight_number', flight.flight_number);
        if (flight.carrier.id) {
          set('airline_id', flight.carrier.id);
          setLabel(`${base}.airline_id`, [flight.carrier.code, flight.carrier.name].filter(Boolean).join(' · '), true);
          setLabel(codePath, flight.carrier.code);
        }
        const missing: string[] = [];
        for (const [field, airport] of [
          ['origin_airport_id', flight.origin],
          ['destination_airport_id', flight.destination],
        ] as const) {
          if (airport.id) {
            set(field, airport.id);
            setLabel(`${base}.${field}`, airportText(airport), true);
          } else missing.push(airport.code ?? airport.name);
        }
        set('departure_date', dayOf(flight.departure.scheduled_at) ?? flight.date);
        set('departure_time', clockOf(flight.departure.scheduled_at));
        set('arrival_date', dayOf(flight.arrival.scheduled_at));
        set('arrival_time', clockOf(flight.arrival.scheduled_at));
        setNotice(
          missing.length
            ? `Voo encontrado. ${missing.join(' e ')} não está na lista de aeroportos: escolha o aeroporto à mão.`
            : 'Voo encontrado: confira os dados preenchidos.',
        );
      },
      onError: (error) => {
        const err = apiError(error);
        setLookupError(err.status === 400 ? errorText(err) : err.message);
      },
    }),
  );

  const search = () => {
    setLookupError(null);
    setNotice(null);
    if (!code || !segment.flight_number.trim() || !segment.departure_date) {
      setLookupError('Para buscar o voo, informe a companhia aérea, o número do voo e a data de partida.');
      return;
    }
    lookup.mutate({ airline: code, flight_number: segment.flight_number, date: segment.departure_date });
  };

  return (
    <Fieldset legend={`Trecho ${index + 1}`} radius="md" aria-label={`Trecho ${index + 1}`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <RefField
            path={`${base}.airline_id`}
            list={LISTS.airline_id as 'air_cias_params'}
            label="Companhia aérea"
            onPicked={(item) => setLabel(codePath, item?.code ?? '')}
          />
          <TextInput label="Número do voo" placeholder="LA3456" autoComplete="off" {...form.getInputProps(`${base}.flight_number`)} />
          <DateField label="Data de partida" withAsterisk {...form.getInputProps(`${base}.departure_date`)} />
        </SimpleGrid>
        <Group gap="sm" wrap="wrap">
          <Button variant="light" leftSection={<IconSearch size={16} aria-hidden />} loading={lookup.isPending} onClick={search}>
            Buscar voo
          </Button>
          <Text fz="xs" c="dimmed">
            Preenche aeroportos e horários pelo número do voo.
          </Text>
        </Group>
        <ErrorText testId="flight-lookup-error">{lookupError}</ErrorText>
        {notice && (
          <Text fz="sm" c="teal" role="status">
            {notice}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <RefField
            path={`${base}.origin_airport_id`}
            list="air_airport_params"
            label="Origem"
            placeholder="Código ou cidade"
            withAsterisk
          />
          <RefField
            path={`${base}.destination_airport_id`}
            list="air_airport_params"
            label="Destino"
            placeholder="Código ou cidade"
            withAsterisk
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TimeField label="Hora de partida" {...form.getInputProps(`${base}.departure_time`)} />
          <DateField label="Data de chegada" {...form.getInputProps(`${base}.arrival_date`)} />
          <TimeField label="Hora de chegada" {...form.getInputProps(`${base}.arrival_time`)} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <RefField path={`${base}.class_id`} list={LISTS.class_id as 'air_class_params'} label="Classe" />
          <RefField path={`${base}.luggage_id`} list={LISTS.luggage_id as 'air_type_luggage_params'} label="Bagagem" />
          <TextInput label="Localizador" autoComplete="off" {...form.getInputProps(`${base}.locator`)} />
        </SimpleGrid>
        {count > 1 && (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => removeRow('details.segments', index)}
            >
              Remover trecho {index + 1}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

export function AirFields() {
  const { form, labels, setLabel } = useServiceForm();
  const segments = form.values.details.segments as SegmentValues[];
  const [pasted, setPasted] = useState<{ notice: string; unread: ParseItineraryOutput['unread_lines'] } | null>(null);

  // The pasted reservation's segments take the place of the form's (the pickers remount to show
  // their new texts), its dates the service's.
  const fill = (read: ParseItineraryOutput) => {
    const filled = read.segments.slice(0, BUDGET_LIMITS.segments.max);
    const show = (path: string, text: string) => setLabel(path, text, true);
    for (let i = 0; i < Math.max(segments.length, filled.length); i++)
      for (const field of PICKED) show(`details.segments.${i}.${field}`, '');
    filled.forEach((s, i) => {
      const base = `details.segments.${i}`;
      show(`${base}.airline_id#code`, s.airline);
      if (s.airline_match) show(`${base}.airline_id`, `${s.airline} · ${s.airline_match.name}`);
      for (const [field, code, match] of [
        ['origin_airport_id', s.origin, s.origin_match],
        ['destination_airport_id', s.destination, s.destination_match],
      ] as const) {
        if (match) show(`${base}.${field}`, airportText({ ...match, code }));
      }
    });
    form.setFieldValue('details.segments', filled.map(segmentValuesOf) as never);
    const first = filled[0];
    const last = filled.at(-1);
    if (first && last) {
      form.setFieldValue('start_date', first.departure_date);
      form.setFieldValue('start_time', first.departure_time ?? '');
      form.setFieldValue('end_date', last.arrival_date ?? last.departure_date);
      form.setFieldValue('end_time', last.arrival_time ?? '');
    }
    setPasted({ notice: pastedNotice(read, filled), unread: read.unread_lines });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <IconPlaneDeparture size={18} aria-hidden />
          <Text fw={600}>Trechos</Text>
        </Group>
        <PasteReservation onRead={fill} />
      </Group>
      {pasted && (
        <Text fz="sm" c="teal" role="status" data-testid="pasted-notice">
          {pasted.notice}
        </Text>
      )}
      {pasted && <UnreadLines lines={pasted.unread} />}
      {segments.map((_, index) => (
        // A segment is its place in the list: its fields are the form's paths.
        <Segment key={index} index={index} count={segments.length} />
      ))}
      <ErrorText>{form.errors['details.segments']}</ErrorText>
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={segments.length >= BUDGET_LIMITS.segments.max}
          onClick={() => {
            const last = segments.at(-1);
            const from = `details.segments.${segments.length - 1}`;
            const to = `details.segments.${segments.length}`;
            // The next segment leaves from where the last one landed, on the same airline, class and luggage.
            const carried = [
              ['destination_airport_id', 'origin_airport_id'],
              ['airline_id', 'airline_id'],
              ['airline_id#code', 'airline_id#code'],
              ['class_id', 'class_id'],
              ['luggage_id', 'luggage_id'],
            ];
            for (const [source, target] of carried) {
              const text = labels[`${from}.${source}`];
              if (text) setLabel(`${to}.${target}`, text, true);
            }
            form.insertListItem('details.segments', {
              ...emptySegment(),
              origin_airport_id: last?.destination_airport_id ?? null,
              airline_id: last?.airline_id ?? null,
              class_id: last?.class_id ?? null,
              luggage_id: last?.luggage_id ?? null,
            });
          }}
        >
          Adicionar trecho
        </Button>
      </Group>
    </Stack>
  );
}
