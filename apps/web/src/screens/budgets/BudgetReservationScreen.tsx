// /orcamento-reserva/{id}: the budget's reservations as a checklist the agent works through — one per
// sold service, each requested from its supplier and confirmed with its locator — with the progress
// on top and the sold services still without a reservation at the end.
import type { Reservation } from '@app/shared/reservations';
import type { SoldInfo } from '@app/shared/sales';
import { Alert, Button, Card, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconChecklist, IconPlus, IconQuestionMark, IconReceipt } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { BackLink, DetailNotFound, LoadFailed } from '../../components/ScreenStates';
import { recordNotFound, useRecordId } from '../../lib/record-route';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useSeesCosts } from '../../lib/use-session';
import { budgetInfoPath } from './labels';
import { closedSalePath, serviceTypeLabel } from './sale/labels';
import { ReservationItem } from './sale/ReservationItem';
import { SendReservationModal } from './sale/SendReservationModal';
import { progressText, reservationProgress, servicesWithoutReservation } from './sale/sale-rules';
import { useSaleRefresh } from './sale/use-sale-refresh';

function Unreserved({ info }: { info: SoldInfo }) {
  const seesCosts = useSeesCosts();
  const trpc = useTRPC();
  const refresh = useSaleRefresh();
  const create = useMutation(
    trpc.reservations.create.mutationOptions({
      onSuccess: () => {
        void refresh();
        toastSuccess('Reserva adicionada.');
      },
    }),
  );
  const services = info.sale ? servicesWithoutReservation(info.sale.services, info.reservations) : [];
  if (services.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Serviços sem reserva" data-testid="unreserved-services">
      <Stack gap="sm">
        <Text fw={600} component="h2" fz="lg">
          Serviços vendidos sem reserva
        </Text>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {services.map((s) => (
            <Group component="li" key={s.id} justify="space-between" gap="xs">
              <div>
                <Text fz="sm" fw={500}>
                  {s.title}
                </Text>
                <Text fz="xs" c="dimmed">
                  {serviceTypeLabel(s.type)}
                  {s.supplier_name && ` · ${s.supplier_name}`}
                  {seesCosts && (
                    <>
                      {' '}
                      · custo <Money cents={s.cost_cents} currency={info.sale?.currency} />
                    </>
                  )}
                </Text>
              </div>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                loading={create.isPending && create.variables?.service_id === s.id}
                onClick={() => create.mutate({ budget_id: info.budget_id, service_id: s.id })}
                aria-label={`Adicionar reserva: ${s.title}`}
              >
                Adicionar reserva
              </Button>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function Checklist({ info }: { info: SoldInfo }) {
  const [editing, setEditing] = useState<number | null>(null);
  const [sending, setSending] = useState<Reservation | null>(null);
  const progress = reservationProgress(info.reservations);
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="md">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text fw={600} data-testid="reservations-progress">
              {progress.total === 0 ? 'Nenhuma reserva ativa' : progressText(progress)}
            </Text>
            {progress.done && (
              <Text fz="sm" c="teal" fw={500}>
                Tudo confirmado
              </Text>
            )}
          </Group>
          <Progress
            value={progress.total ? (progress.confirmed / progress.total) * 100 : 0}
            color={progress.done ? 'teal' : 'blue'}
            aria-label="Reservas confirmadas"
          />
        </Stack>
      </Card>
      {info.reservations.length === 0 ? (
        <Text c="dimmed">Este orçamento ainda não tem reservas.</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reservas">
          {info.reservations.map((r) => (
            <ReservationItem
              key={r.id}
              reservation={r}
              editing={editing === r.id}
              onEdit={(on) => setEditing(on ? r.id : null)}
              onSend={() => setSending(r)}
            />
          ))}
        </Stack>
      )}
      {info.sale && <Unreserved info={info} />}
      <SendReservationModal reservation={sending} onClose={() => setSending(null)} />
    </Stack>
  );
}

export default function BudgetReservationScreen() {
  const id = useRecordId();
  const trpc = useTRPC();
  const query = useQuery(trpc.closedSales.soldInfo.queryOptions(id ? { id } : skipToken));
  const info = query.data;
  const back = info?.sale ? (
    <BackLink to={closedSalePath(info.budget_id)}>Voltar para a venda</BackLink>
  ) : (
    <BackLink to={id ? budgetInfoPath(id) : '/orcamentos'}>Voltar para o orçamento</BackLink>
  );
  if (recordNotFound(id, query))
    return <DetailNotFound back={back} icon={<IconQuestionMark size={28} aria-hidden />} title="Orçamento não encontrado" />;
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={info ? `Reservas: ${info.budget_title}` : undefined}
        actions={
          info?.sale && (
            <Button
              component={Link}
              to={closedSalePath(info.budget_id)}
              variant="default"
              leftSection={<IconReceipt size={16} aria-hidden />}
            >
              Ver venda
            </Button>
          )
        }
      />
      {!info ? (
        query.isError ? (
          <LoadFailed
            icon={<IconChecklist size={28} aria-hidden />}
            title="Não foi possível carregar as reservas"
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Stack gap="sm" aria-busy="true" aria-label="Carregando reservas">
            <Skeleton h={64} radius="lg" />
            <Skeleton h={140} radius="lg" />
            <Skeleton h={140} radius="lg" />
          </Stack>
        )
      ) : (
        <>
          {!info.sale && (
            <Alert color="gray" variant="light" title="Este orçamento não está vendido">
              As reservas abaixo ficaram de uma venda desfeita. Feche a venda para adicionar reservas novas.
            </Alert>
          )}
          <Checklist info={info} />
        </>
      )}
    </Stack>
  );
}
