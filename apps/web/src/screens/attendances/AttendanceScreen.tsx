import { type Attendance, markLostInput } from '@app/shared/attendances';
import { maxLengthOf } from '@app/shared/form';
import { dateTime, shortDate } from '@app/shared/format';
import { canTransition } from '@app/shared/funnel';
import { Anchor, Button, Card, Grid, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconBan, IconEdit, IconMoodSad, IconQuestionMark, IconTrophy } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CurrencyInput } from '../../components/CurrencyInput';
import { DetailField, DetailNotes, OrMissing } from '../../components/DetailFields';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { BackLink as BackTo, DetailNotFound, DetailPending } from '../../components/ScreenStates';
import { recordNotFound, useRecordId } from '../../lib/record-route';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { AttendanceBudgets } from '../budgets/AttendanceBudgets';
import { AttendanceTasks } from '../tasks/AttendanceTasks';
import { AttendanceHistory } from './AttendanceHistory';
import { AttendanceStatusBadges } from './badges';
import { ConsolidatedSection } from './ConsolidatedSection';
import { CoverImage } from './CoverImage';
import { passengers, travelDates } from './labels';
import { useOwnerOptions } from './use-owner-options';

function BackLink() {
  return <BackTo to="/atendimentos">Voltar para atendimentos</BackTo>;
}

/** Every change to an attendance also moves the list, the funnel, its numbers and the history. */
function useAttendanceSaved() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (saved: Attendance, message: string) => {
    queryClient.setQueryData(trpc.attendances.get.queryKey({ id: saved.id }), saved);
    void queryClient.invalidateQueries({ queryKey: trpc.attendances.pathKey() });
    toastSuccess(message);
  };
}

type Move = 'won' | 'lost' | 'canceled';

/** The moves asked about first: the button, its dialog's title and the confirm button say the same. */
const MOVES: Record<Move, { label: string; icon: ReactNode; color: string; variant?: 'light' }> = {
  won: { label: 'Marcar como ganho', icon: <IconTrophy size={16} aria-hidden />, color: 'teal' },
  lost: { label: 'Marcar como perdido', icon: <IconMoodSad size={16} aria-hidden />, color: 'red', variant: 'light' },
  canceled: { label: 'Cancelar venda', icon: <IconBan size={16} aria-hidden />, color: 'red', variant: 'light' },
};

/** An open attendance is won or lost; a closed one reopens; a sale can be canceled. */
function StatusActions({ attendance }: { attendance: Attendance }) {
  const trpc = useTRPC();
  const saved = useAttendanceSaved();
  const [dialog, setDialog] = useState<Move | null>(null);
  const [lostReason, setLostReason] = useState('');
  const [wonValue, setWonValue] = useState<number | null>(attendance.value_cents);
  const close = () => setDialog(null);
  const id = attendance.id;

  const won = useMutation(
    trpc.attendances.won.mutationOptions({ onSuccess: (a) => saved(a, 'Atendimento marcado como ganho.'), onSettled: close }),
  );
  const lost = useMutation(
    trpc.attendances.lost.mutationOptions({ onSuccess: (a) => saved(a, 'Atendimento marcado como perdido.'), onSettled: close }),
  );
  const cancel = useMutation(trpc.attendances.cancel.mutationOptions({ onSuccess: (a) => saved(a, 'Venda cancelada.'), onSettled: close }));
  const reopen = useMutation(trpc.attendances.reopen.mutationOptions({ onSuccess: (a) => saved(a, 'Atendimento reaberto.') }));

  const open = (which: Move) => {
    setLostReason('');
    setWonValue(attendance.value_cents);
    setDialog(which);
  };
  /** What every move's dialog shares. */
  const dialogOf = (move: Move, pending: boolean) => ({
    opened: dialog === move,
    title: MOVES[move].label,
    confirmLabel: MOVES[move].label,
    loading: pending,
    onClose: close,
  });

  return (
    <>
      {(Object.keys(MOVES) as Move[])
        .filter((move) => canTransition(attendance.status, move))
        .map((move) => (
          <Button
            key={move}
            color={MOVES[move].color}
            variant={MOVES[move].variant}
            leftSection={MOVES[move].icon}
            onClick={() => open(move)}
          >
            {MOVES[move].label}
          </Button>
        ))}
      {canTransition(attendance.status, 'reopened') && (
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          loading={reopen.isPending}
          onClick={() => reopen.mutate({ id })}
        >
          Reabrir
        </Button>
      )}

      <ConfirmDialog
        {...dialogOf('won', won.isPending)}
        color="teal"
        onConfirm={() => won.mutate({ id, ...(wonValue === null ? {} : { value_cents: wonValue }) })}
      >
        <Stack gap="sm">
          <Text>
            Confirma a venda de <strong>{attendance.title}</strong>?
          </Text>
          <CurrencyInput label="Valor final da venda" value={wonValue} onChange={setWonValue} />
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog {...dialogOf('lost', lost.isPending)} onConfirm={() => lost.mutate({ id, lost_reason: lostReason.trim() || null })}>
        <Stack gap="sm">
          <Text>
            Deseja marcar <strong>{attendance.title}</strong> como perdido? Ele sai de “Em aberto” e pode ser reaberto depois.
          </Text>
          <Textarea
            label="Motivo da perda"
            description="Opcional"
            autosize
            minRows={2}
            maxLength={maxLengthOf(markLostInput, 'lost_reason')}
            value={lostReason}
            onChange={(e) => setLostReason(e.currentTarget.value)}
          />
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog {...dialogOf('canceled', cancel.isPending)} cancelLabel="Voltar" onConfirm={() => cancel.mutate({ id })}>
        <Text>
          Deseja cancelar a venda de <strong>{attendance.title}</strong>? Ela continua listada entre as vendas canceladas.
        </Text>
      </ConfirmDialog>
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
      </PageHeader>
      {attendance ? <AttendanceDetails attendance={attendance} /> : <DetailPending failed={query.isError} noun="atendimento" />}
    </Stack>
  );
}
