// One line of the reservations checklist: the service and its supplier, status, locator, amount and
// the supplier's payment due date; edited in place, requested from the supplier, or confirmed at once.
import { costsShown } from '@app/shared/cost-fields';
import { dateTime, shortDate } from '@app/shared/format';
import type { Reservation } from '@app/shared/reservations';
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconEdit, IconSend, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { DetailField, OrMissing } from '../../../components/DetailFields';
import { Money } from '../../../components/Money';
import { ReservationStatusBadge } from './badges';
import { ConfirmReservationModal } from './ConfirmReservationModal';
import { serviceTypeLabel } from './labels';
import { ReservationForm } from './ReservationForm';

function CheckMark({ status }: { status: Reservation['status'] }) {
  if (status === 'confirmed')
    return (
      <ThemeIcon color="teal" radius="xl" size={28} aria-hidden>
        <IconCheck size={18} />
      </ThemeIcon>
    );
  if (status === 'canceled')
    return (
      <ThemeIcon color="red" variant="light" radius="xl" size={28} aria-hidden>
        <IconX size={18} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon color="gray" variant="light" radius="xl" size={28} aria-hidden>
      <IconCircleDashed size={18} />
    </ThemeIcon>
  );
}

export function ReservationItem({
  reservation: r,
  editing,
  onEdit,
  onSend,
}: {
  reservation: Reservation;
  editing: boolean;
  onEdit: (editing: boolean) => void;
  onSend: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const title = r.service_title ?? 'Serviço';
  // Closing the form gives the focus back to its button.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const canceled = r.status === 'canceled';
  return (
    <Card component="li" withBorder radius="lg" padding="md" data-testid="reservation-row" aria-label={title} opacity={canceled ? 0.75 : 1}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
            <CheckMark status={r.status} />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} td={canceled ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Text>
              <Text fz="xs" c="dimmed">
                {serviceTypeLabel(r.service_type)}
                {r.service_start_date && ` · ${shortDate(r.service_start_date)}`}
              </Text>
            </div>
          </Group>
          <ReservationStatusBadge status={r.status} />
        </Group>
        {editing ? (
          <ReservationForm reservation={r} onDone={() => onEdit(false)} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <DetailField label="Fornecedor">
                <OrMissing value={r.supplier_name} missing="Sem fornecedor" />
              </DetailField>
              <DetailField label="Localizador">
                <Text fw={r.locator ? 600 : undefined} c={r.locator ? undefined : 'dimmed'} data-testid="reservation-locator">
                  {r.locator ?? 'Sem localizador'}
                </Text>
              </DetailField>
              {costsShown(r) && (
                <DetailField label="Valor a pagar">
                  <Text data-testid="reservation-amount">
                    <Money cents={r.supplier_cost_cents} currency={r.currency} />
                  </Text>
                </DetailField>
              )}
              <DetailField label="Pagar ao fornecedor até">
                <OrMissing value={r.payment_due_date && shortDate(r.payment_due_date)} missing="Sem data" />
              </DetailField>
            </SimpleGrid>
            {r.notes && (
              <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {r.notes}
              </Text>
            )}
            {r.last_sent_at && (
              <Text fz="xs" c="dimmed">
                Solicitação enviada ao fornecedor em {dateTime(r.last_sent_at)}
              </Text>
            )}
            <Group gap="xs">
              <Button
                ref={editButton}
                variant="default"
                size="xs"
                leftSection={<IconEdit size={14} aria-hidden />}
                onClick={() => onEdit(true)}
                aria-label={`Editar ${title}`}
              >
                Editar
              </Button>
              {!canceled && (
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconSend size={14} aria-hidden />}
                  onClick={onSend}
                  aria-label={`Solicitar ao fornecedor: ${title}`}
                >
                  Solicitar ao fornecedor
                </Button>
              )}
              {!canceled && r.status !== 'confirmed' && (
                <Button
                  variant="light"
                  color="teal"
                  size="xs"
                  leftSection={<IconCheck size={14} aria-hidden />}
                  onClick={() => setConfirming(true)}
                  aria-label={`Confirmar reserva: ${title}`}
                >
                  Confirmar reserva
                </Button>
              )}
            </Group>
          </>
        )}
        <ConfirmReservationModal reservation={confirming ? r : null} onClose={() => setConfirming(false)} />
      </Stack>
    </Card>
  );
}
