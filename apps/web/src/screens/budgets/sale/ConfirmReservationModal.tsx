// "Confirmar reserva": a reservation is confirmed with the supplier's locator, the code the agent
// and the customer quote from then on, so it is asked for here rather than left for later.
import { RESERVATION_LIMITS, type Reservation } from '@app/shared/reservations';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorText } from '../../../components/ErrorText';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { apiError, errorText } from '../../../lib/api-error';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useSaleRefresh } from './use-sale-refresh';

export function ConfirmReservationModal({ reservation, onClose }: { reservation: Reservation | null; onClose: () => void }) {
  return (
    <FormDialog opened={!!reservation} onClose={onClose} title={<Text fw={600}>Confirmar reserva</Text>} centered size="md">
      {reservation && <ConfirmReservationForm key={reservation.id} reservation={reservation} onClose={onClose} />}
    </FormDialog>
  );
}

function ConfirmReservationForm({ reservation, onClose }: { reservation: Reservation; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useSaleRefresh();
  const [locator, setLocator] = useState(reservation.locator ?? '');
  const [missing, setMissing] = useState(false);
  const close = useUnsavedChanges(locator !== (reservation.locator ?? ''));
  const confirm = useMutation(
    trpc.reservations.update.mutationOptions({
      meta: { silent: true },
      onSuccess: async () => {
        await refresh();
        toastSuccess('Reserva confirmada.');
        onClose();
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = locator.trim();
    setMissing(!code);
    if (code) confirm.mutate({ id: reservation.id, status: 'confirmed', locator: code });
  };
  return (
    <form onSubmit={submit} aria-label="Confirmar reserva" noValidate>
      <Stack gap="md">
        <Text fz="sm">
          Informe o localizador que o fornecedor deu para <b>{reservation.service_title ?? 'o serviço'}</b>.
        </Text>
        <TextInput
          label="Localizador"
          required
          data-autofocus
          maxLength={RESERVATION_LIMITS.locator}
          value={locator}
          onChange={(e) => {
            setLocator(e.currentTarget.value);
            if (missing && e.currentTarget.value.trim()) setMissing(false);
          }}
          error={missing ? 'Informe o localizador da reserva.' : undefined}
        />
        <ErrorText>{confirm.error ? errorText(apiError(confirm.error)) : null}</ErrorText>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={confirm.isPending}>
            Cancelar
          </Button>
          <Button type="submit" color="teal" loading={confirm.isPending}>
            Confirmar reserva
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
