import { type Attendance, markLostInput } from '@app/shared/attendances';
import { parseRecordId } from '@app/shared/constants';
import { maxLengthOf } from '@app/shared/form';
import { dateTime, shortDate, toCurrency } from '@app/shared/format';
import { canTransition } from '@app/shared/funnel';
import { Anchor, Button, Card, Grid, Select, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconBan, IconEdit, IconMoodSad, IconQuestionMark, IconTrophy } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CurrencyInput } from '../../components/CurrencyInput';
import { DetailField, DetailNotes, OrMissing } from '../../components/DetailFields';
import { PageHeader } from '../../components/PageHeader';
import { BackLink as BackTo, DetailNotFound } from '../../components/ScreenStates';
import { apiError } from '../../lib/api-error';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
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

/** Section 4: an open attendance is won or lost; a closed one reopens; a sale can be canceled. */
function StatusActions({ attendance }: { attendance: Attendance }) {
  const trpc = useTRPC();
  const saved = useAttendanceSaved();
  const [dialog, setDialog] = useState<'won' | 'lost' | 'canceled' | null>(null);
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

  const open = (which: 'won' | 'lost' | 'canceled') => {
    setLostReason('');
    setWonValue(attendance.value_cents);
    setDialog(which);
  };

  return (
    <>
      {canTransition(attendance.status, 'won') && (
        <Button color="teal" leftSection={<IconTrophy size={16} aria-hidden />} onClick={() => open('won')}>
          Marcar como ganho
        </Button>
      )}
      {canTransition(attendance.status, 'lost') && (
        <Button color="red" variant="light" leftSection={<IconMoodSad size={16} aria-hidden />} onClick={() => open('lost')}>
          Marcar como perdido
        </Button>
      )}
      {canTransition(attendance.status, 'canceled') && (
        <Button color="red" variant="light" leftSection={<IconBan size={16} aria-hidden />} onClick={() => open('canceled')}>
          Cancelar venda
        </Button>
      )}
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
        opened={dialog === 'won'}
        title="Marcar como ganho"
        confirmLabel="Marcar como ganho"
        color="teal"
        loading={won.isPending}
        onClose={close}
        onConfirm={() => won.mutate({ id, ...(wonValue === null ? {} : { value_cents: wonValue }) })}
      >
        <Stack gap="sm">
          <Text>
            Confirma a venda de <strong>{attendance.title}</strong>?
          </Text>
          <CurrencyInput label="Valor final da venda" value={wonValue} onChange={setWonValue} />
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'lost'}
        title="Marcar como perdido"
        confirmLabel="Marcar como perdido"
        loading={lost.isPending}
        onClose={close}
        onConfirm={() => lost.mutate({ id, lost_reason: lostReason.trim() || null })}
      >
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
      <ConfirmDialog
        opened={dialog === 'canceled'}
        title="Cancelar venda"
        confirmLabel="Cancelar venda"
        cancelLabel="Voltar"
        loading={cancel.isPending}
        onClose={close}
        onConfirm={() => cancel.mutate({ id })}
      >
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

function budgetRange(a: Attendance): string {
  if (a.budget_min_cents !== null && a.budget_max_cents !== null)
    return `${toCurrency(a.budget_min_cents)} a ${toCurrency(a.budget_max_cents)}`;
  if (a.budget_min_cents !== null) return `a partir de ${toCurrency(a.budget_min_cents)}`;
  if (a.budget_max_cents !== null) return `até ${toCurrency(a.budget_max_cents)}`;
  return '';
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
                  {toCurrency(a.value_cents)}
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
          <ConsolidatedSection attendanceId={a.id} />
          <AttendanceHistory attendanceId={a.id} ownerName={ownerName} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <Card withBorder radius="lg" padding="md">
            <OwnerSelect attendance={a} options={owners.options} />
          </Card>
          <CoverImage attendance={a} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export default function AttendanceScreen() {
  const { id: idParam } = useParams();
  // Only plain decimal digits name a record: /x/0x65 or /x/+101 is not record 101.
  const id = parseRecordId(idParam);
  const trpc = useTRPC();
  const query = useQuery(trpc.attendances.get.queryOptions(id ? { id } : skipToken));

  if (!id || (query.isError && apiError(query.error).status === 404)) {
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
      {attendance ? (
        <AttendanceDetails attendance={attendance} />
      ) : query.isError ? (
        <Text c="dimmed">Não foi possível carregar o atendimento.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" aria-busy="true" aria-label="Carregando atendimento">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={44} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
