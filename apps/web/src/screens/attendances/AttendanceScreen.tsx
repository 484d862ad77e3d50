import type { Attendance } from '@app/shared/attendances';
import { dateTime, shortDate } from '@app/shared/format';
import { canTransition } from '@app/shared/funnel';
import { Anchor, Button, Card, Grid, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconEdit, IconQuestionMark } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailField, DetailNotes, OrMissing } from '../../components/DetailFields';
import { Feature } from '../../components/Feature';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { BackLink as BackTo, DetailNotFound, DetailPending } from '../../components/ScreenStates';
import { recordNotFound, useRecordId } from '../../lib/record-route';
import { useTRPC } from '../../lib/trpc';
import { AttendanceBudgets } from '../budgets/AttendanceBudgets';
import { PipedriveDealBadge } from '../integrations/PipedriveDealBadge';
import { AttendanceTasks } from '../tasks/AttendanceTasks';
import { AttendanceHistory } from './AttendanceHistory';
import { AttendanceStatusBadges } from './badges';
import { ConsolidatedSection } from './ConsolidatedSection';
import { CoverImage } from './CoverImage';
import { passengers, travelDates } from './labels';
import { MOVE_ORDER, MOVES, REOPEN_LABEL, useAttendanceSaved, useStatusMoves } from './status-moves';
import { useOwnerOptions } from './use-owner-options';

function BackLink() {
  return <BackTo to="/atendimentos">Voltar para atendimentos</BackTo>;
}

/** An open attendance is won or lost; a closed one reopens; a sale can be canceled. */
function StatusActions({ attendance }: { attendance: Attendance }) {
  const moves = useStatusMoves();
  return (
    <>
      {MOVE_ORDER.filter((move) => canTransition(attendance.status, move)).map((move) => (
        <Button
          key={move}
          color={MOVES[move].color}
          variant={MOVES[move].variant}
          leftSection={MOVES[move].icon}
          onClick={() => moves.start(move, attendance)}
        >
          {MOVES[move].label}
        </Button>
      ))}
      {canTransition(attendance.status, 'reopened') && (
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          loading={moves.reopening}
          onClick={() => moves.start('reopened', attendance)}
        >
          {REOPEN_LABEL}
        </Button>
      )}
      {moves.dialogs}
    </>
  );
}

function OwnerSelect({ attendance, options }: { attendance: Attendance; options: { value: string; label: string }[] }) {
  const trpc = useTRPC();
  const saved = useAttendanceSaved();
  const change = useMutation(trpc.attendances.updateOwner.mutationOptions({ onSuccess: (a) => saved(a, 'Responsável alterado.') }));
  // The current owner stays listed even if no longer active.
  const data = options.some((o) => o.value === String(attendance.owner_user_id))
    ? options
    : [{ value: String(attendance.owner_user_id), label: attendance.owner.name }, ...options];
  return (
    <Select
      label="Responsável"
      searchable
      allowDeselect={false}
      data={data}
      value={String(attendance.owner_user_id)}
      disabled={change.isPending}
      onChange={(value) => {
        if (value && Number(value) !== attendance.owner_user_id) change.mutate({ id: attendance.id, owner_user_id: Number(value) });
      }}
    />
  );
}

function budgetRange(a: Attendance): ReactNode {
  const [min, max] = [a.budget_min_cents, a.budget_max_cents];
  if (min !== null && max !== null)
    return (
      <>
        <Money cents={min} /> a <Money cents={max} />
      </>
    );
  if (min !== null)
    return (
      <>
        a partir de <Money cents={min} />
      </>
    );
  if (max !== null)
    return (
      <>
        até <Money cents={max} />
      </>
    );
  return null;
}

function AttendanceDetails({ attendance: a }: { attendance: Attendance }) {
  const owners = useOwnerOptions();
  const ownerName = (id: number) => owners.options.find((o) => o.value === String(id))?.label;
  const dates = travelDates(a.start_date, a.end_date, shortDate);
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <Card withBorder radius="lg" padding="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
              <DetailField label="Cliente">
                <Anchor component={Link} to={`/clientes-pessoa-interna/${a.client_id}`} fw={500} data-testid="attendance-client">
                  {a.client.name}
                </Anchor>
                {(a.client.email || a.client.phone) && (
                  <Text fz="sm" c="dimmed">
                    {[a.client.email, a.client.phone].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </DetailField>
              <DetailField label="Valor">
                <Text fw={600} data-testid="attendance-value">
                  <Money cents={a.value_cents} />
                </Text>
              </DetailField>
              <DetailField label="Destino">
                <OrMissing value={a.destination} />
              </DetailField>
              <DetailField label="Viagem">
                <OrMissing value={dates} missing="Sem data" />
              </DetailField>
              <DetailField label="Passageiros">
                <OrMissing value={passengers(a)} />
              </DetailField>
              <DetailField label="Orçamento do cliente">
                <OrMissing value={budgetRange(a)} />
              </DetailField>
              {a.status === 'lost' && (
                <DetailField label="Motivo da perda">
                  <OrMissing value={a.lost_reason} />
                </DetailField>
              )}
              {a.closed_at && (
                <DetailField label={a.status === 'lost' ? 'Perdido em' : 'Fechado em'}>
                  <Text>{dateTime(a.closed_at)}</Text>
                </DetailField>
              )}
              <DetailField label="Aberto em">
                <Text>{dateTime(a.created_at)}</Text>
              </DetailField>
            </SimpleGrid>
            <DetailNotes notes={a.notes} />
          </Card>
          <AttendanceBudgets attendanceId={a.id} clientId={a.client_id} />
          <ConsolidatedSection attendanceId={a.id} />
          <AttendanceHistory attendanceId={a.id} ownerName={ownerName} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <Card withBorder radius="lg" padding="md">
            <OwnerSelect attendance={a} options={owners.options} />
          </Card>
          <Card withBorder radius="lg" padding="md">
            <AttendanceTasks attendance={{ id: a.id, title: a.title }} />
          </Card>
          <CoverImage attendance={a} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export default function AttendanceScreen() {
  const id = useRecordId();
  const trpc = useTRPC();
  const query = useQuery(trpc.attendances.get.queryOptions(id ? { id } : skipToken));

  if (recordNotFound(id, query)) {
    return <DetailNotFound back={<BackLink />} icon={<IconQuestionMark size={28} aria-hidden />} title="Atendimento não encontrado" />;
  }

  const attendance = query.data;
  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader
        title={attendance?.title ?? 'Atendimento'}
        actions={
          attendance && (
            <>
              <Button
                component={Link}
                to={`/atendimento-leader/${attendance.id}`}
                variant="default"
                leftSection={<IconEdit size={16} aria-hidden />}
              >
                Editar
              </Button>
              <StatusActions attendance={attendance} />
            </>
          )
        }
      >
        {attendance && <AttendanceStatusBadges status={attendance.status} tag={attendance.status_tag} />}
        {attendance && (
          <Feature name="pipedrive_deals">
            <PipedriveDealBadge attendanceId={attendance.id} />
          </Feature>
        )}
      </PageHeader>
      {attendance ? <AttendanceDetails attendance={attendance} /> : <DetailPending failed={query.isError} noun="atendimento" />}
    </Stack>
  );
}
