// The days of a proposal's timeline, each with its services in time order, then those without a
// date. Every entry is a link to the service's address; the entries of the selected service carry
// aria-current and the first of them scrolls into view.

import { shortDate, weekdayLongDate } from '@app/shared/format';
import type { Service } from '@app/shared/services';
import { Alert, Badge, Card, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBedOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { SERVICE_TYPE_ICONS } from '../../services/type-icons';
import type { NightsWithoutStay, Timeline, TimelineEntry } from './timeline';
import classes from './timeline.module.css';

/** What an entry adds under the service's title. */
function entryNote(e: TimelineEntry<Service>, day: string | null): string {
  const parts: string[] = [];
  if (e.kind === 'segment' && e.segment) {
    parts.push(e.segment.count > 1 ? `Trecho ${e.segment.index} de ${e.segment.count}` : 'Trecho único');
    if (e.segment.flight_number) parts.push(`voo ${e.segment.flight_number}`);
  }
  if (e.kind === 'check_in') parts.push('Check-in');
  if (e.kind === 'check_out') parts.push('Check-out');
  if (e.until && (e.until.date || e.until.time)) {
    const sameDay = !e.until.date || e.until.date === day;
    const when = [sameDay ? '' : shortDate(e.until.date), e.until.time ?? ''].filter(Boolean).join(' ');
    if (when) parts.push(e.kind === 'segment' ? `chegada ${when}` : `até ${when}`);
  }
  return parts.join(' · ');
}

function Entry({
  entry,
  day,
  to,
  selected,
  scrollTo,
}: {
  entry: TimelineEntry<Service>;
  day: string | null;
  to: string;
  selected: boolean;
  scrollTo: boolean;
}) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (scrollTo) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [scrollTo]);
  const s = entry.service;
  const Icon = SERVICE_TYPE_ICONS[s.type];
  const note = entryNote(entry, day);
  return (
    <li className={classes.entry}>
      <UnstyledButton
        component={Link}
        to={to}
        ref={ref}
        className={classes.link}
        data-selected={selected || undefined}
        aria-current={selected ? 'true' : undefined}
        data-testid="timeline-entry"
        data-service-id={s.id}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Text fz="sm" fw={700} w={44} className={classes.time}>
            {entry.time ?? '—'}
          </Text>
          <ThemeIcon size={28} radius="xl" variant={selected ? 'filled' : 'light'} aria-hidden>
            <Icon size={16} />
          </ThemeIcon>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6}>
              <Text fz="sm" fw={600} td={s.status === 'canceled' ? 'line-through' : undefined}>
                {s.title}
              </Text>
              {s.status === 'canceled' && (
                <Badge size="xs" color="red" variant="light">
                  Cancelado
                </Badge>
              )}
            </Group>
            {note && (
              <Text fz="xs" c="dimmed">
                {note}
              </Text>
            )}
          </div>
        </Group>
      </UnstyledButton>
    </li>
  );
}

function NoStayAlert({ gap }: { gap: NightsWithoutStay }) {
  const until = new Date(`${gap.from}T12:00:00Z`);
  until.setUTCDate(until.getUTCDate() + gap.nights);
  const last = until.toISOString().slice(0, 10);
  return (
    <Alert color="yellow" variant="light" icon={<IconBedOff size={18} aria-hidden />} data-testid="night-without-stay" role="note">
      <Text fz="sm" fw={600}>
        {gap.nights === 1 ? '1 noite sem hospedagem' : `${gap.nights} noites sem hospedagem`}
      </Text>
      <Text fz="xs">
        De {shortDate(gap.from)} a {shortDate(last)}: nenhum hotel, cruzeiro ou voo noturno cobre{' '}
        {gap.nights === 1 ? 'esta noite' : 'estas noites'}.
      </Text>
    </Alert>
  );
}

export function TimelineDays({
  timeline,
  selectedId,
  pathOf,
}: {
  timeline: Timeline<Service>;
  selectedId: number | undefined;
  pathOf: (serviceId: number) => string;
}) {
  // Only the first entry of the selected service scrolls into view.
  let scrolled = false;
  const entries = (list: TimelineEntry<Service>[], day: string | null) => (
    <ol className={classes.list}>
      {list.map((e) => {
        const selected = e.service.id === selectedId;
        const scrollTo = selected && !scrolled;
        if (scrollTo) scrolled = true;
        return <Entry key={e.key} entry={e} day={day} to={pathOf(e.service.id)} selected={selected} scrollTo={scrollTo} />;
      })}
    </ol>
  );
  // A run of nights without a stay shows after the last day that starts before it ends.
  const gapsAfter = (index: number) =>
    timeline.nightsWithoutStay.filter(
      (g) => (index === 0 || g.from >= (timeline.days[index]?.date ?? '')) && g.from < (timeline.days[index + 1]?.date ?? '9999'),
    );
  return (
    <Stack gap="md">
      {timeline.days.flatMap((d, i) => [
        <Card
          key={d.date}
          withBorder
          radius="md"
          padding="sm"
          component="section"
          aria-label={weekdayLongDate(d.date)}
          data-testid="timeline-day"
        >
          <Title order={3} fz="h5" mb="xs" data-testid="timeline-day-title">
            {weekdayLongDate(d.date)}
          </Title>
          {entries(d.entries, d.date)}
        </Card>,
        ...gapsAfter(i).map((g) => <NoStayAlert key={g.from} gap={g} />),
      ])}
      {timeline.undated.length > 0 && (
        <Card withBorder radius="md" padding="sm" component="section" aria-label="Sem data" data-testid="timeline-day">
          <Title order={3} fz="h5" mb="xs" data-testid="timeline-day-title">
            Sem data
          </Title>
          {entries(timeline.undated, null)}
        </Card>
      )}
    </Stack>
  );
}
