// The closed sale's "Reservas" card: how many reservations are in each status, the checklist's
// progress, and the way to it.
import { RESERVATION_STATUSES, type Reservation } from '@app/shared/reservations';
import type { Sale } from '@app/shared/sales';
import { Badge, Button, Group, Progress, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RESERVATION_STATUS_COLORS, RESERVATION_STATUS_LABELS, reservationsPath } from './labels';
import { SectionCard } from './SaleSummary';
import { progressText, reservationProgress, servicesWithoutReservation } from './sale-rules';

export function ReservationsSummaryCard({ budgetId, sale, reservations }: { budgetId: number; sale: Sale; reservations: Reservation[] }) {
  const progress = reservationProgress(reservations);
  const missing = servicesWithoutReservation(sale.services, reservations).length;
  const next = progress.done
    ? missing > 0
      ? `${missing === 1 ? '1 serviço vendido está' : `${missing} serviços vendidos estão`} sem reserva.`
      : 'Todas as reservas estão confirmadas.'
    : progress.total === 0
      ? 'Nenhuma reserva ainda: adicione uma para cada serviço vendido.'
      : 'Solicite as reservas aos fornecedores e registre os localizadores.';
  return (
    <SectionCard title="Reservas" testId="reservations-card">
      <Group gap={6}>
        {RESERVATION_STATUSES.map((status) => {
          const n = reservations.filter((r) => r.status === status).length;
          return n === 0 ? null : (
            <Badge key={status} color={RESERVATION_STATUS_COLORS[status]} variant="light" data-testid={`reservations-${status}`}>
              {n} {RESERVATION_STATUS_LABELS[status].toLowerCase()}
              {n === 1 ? '' : 's'}
            </Badge>
          );
        })}
      </Group>
      {progress.total > 0 && (
        <>
          <Progress
            value={(progress.confirmed / progress.total) * 100}
            color={progress.done ? 'teal' : 'blue'}
            aria-label="Reservas confirmadas"
          />
          <Text fz="sm" fw={500} data-testid="reservations-progress">
            {progressText(progress)}
          </Text>
        </>
      )}
      <Text fz="sm" c="dimmed">
        {next}
      </Text>
      <Group>
        <Button component={Link} to={reservationsPath(budgetId)} variant="light" leftSection={<IconChecklist size={16} aria-hidden />}>
          Abrir reservas
        </Button>
      </Group>
    </SectionCard>
  );
}
