// "Solicitar ao fornecedor": the reservation request e-mailed to the supplier (a job); a pending
// reservation becomes requested.
import { RESERVATION_LIMITS, type Reservation, sendReservationInput } from '@app/shared/reservations';
import { Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { RecipientsInput, recipientsError } from '../../../components/RecipientsInput';
import { useSchemaForm } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useSaleRefresh } from './use-sale-refresh';

/** The most recipients the request takes (its schema's). */

function SendForm({ reservation, onClose }: { reservation: Reservation; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useSaleRefresh();
  const form = useSchemaForm({
    schema: sendReservationInput,
    initialValues: {
      id: reservation.id,
      to: reservation.supplier_email ? [reservation.supplier_email] : ([] as string[]),
      message: '',
    },
    labels: { to: 'Destinatários', message: 'Mensagem' },
  });
  const close = useUnsavedChanges(form.hasChanges());
  const send = useMutation(
    trpc.reservations.send.mutationOptions({
      onSuccess: (result) => {
        void refresh();
        toastSuccess(result.message);
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  return (
    <form noValidate aria-label="Solicitar reserva ao fornecedor" onSubmit={form.submit((input) => send.mutate(input))}>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <Text fz="sm">
          {reservation.service_title ?? 'Serviço'}
          {reservation.supplier_name && (
            <Text span c="dimmed">
              {' '}
              · {reservation.supplier_name}
            </Text>
          )}
        </Text>
        <RecipientsInput
          max={RESERVATION_LIMITS.recipients}
          placeholder="reservas@fornecedor.com"
          inputProps={form.getInputProps('to')}
          onChange={(to) => form.setFieldValue('to', to)}
          error={recipientsError(form.errors)}
        />
        <Textarea
          label="Mensagem"
          description="Vai no e-mail, com o serviço, as datas e os passageiros."
          autosize
          minRows={3}
          {...form.getInputProps('message')}
        />
        <FormActions onCancel={close} pending={send.isPending}>
          Enviar solicitação
        </FormActions>
      </Stack>
    </form>
  );
}

export function SendReservationModal({ reservation, onClose }: { reservation: Reservation | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <FormDialog
      opened={!!reservation}
      onClose={onClose}
      title={<Text fw={600}>Solicitar ao fornecedor</Text>}
      centered
      size="lg"
      fullScreen={phone}
    >
      {reservation && <SendForm reservation={reservation} onClose={onClose} />}
    </FormDialog>
  );
}
