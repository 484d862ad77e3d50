// A reservation edited in its row: locator, status, amount, the supplier's payment due date,
// supplier and notes, validated by the API's own schema.
import { costsShown } from '@app/shared/cost-fields';
import { type Reservation, updateReservationInput } from '@app/shared/reservations';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { DateField } from '../../../components/DateField';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { SupplierPicker } from '../../../components/pickers/SupplierPicker';
import { StaleWritePanel } from '../../../components/StaleWritePanel';
import { useSchemaForm } from '../../../lib/form';
import { useStaleWrite } from '../../../lib/stale-write';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { RESERVATION_STATUS_OPTIONS } from './labels';
import { useSaleRefresh } from './use-sale-refresh';

const LABELS = {
  locator: 'Localizador',
  status: 'Status',
  supplier_cost_cents: 'Valor a pagar ao fornecedor',
  payment_due_date: 'Vencimento do pagamento',
  supplier_id: 'Fornecedor',
  notes: 'Observações',
};

/** The form's values of a reservation. */
const reservationValues = (reservation: Reservation) => ({
  id: reservation.id,
  locator: reservation.locator ?? '',
  status: reservation.status,
  // Absent for a user kept from costs: then the form leaves the amount as it is.
  supplier_cost_cents: reservation.supplier_cost_cents,
  payment_due_date: reservation.payment_due_date,
  supplier_id: reservation.supplier_id,
  notes: reservation.notes ?? '',
});

export function ReservationForm({ reservation, onDone }: { reservation: Reservation; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useSaleRefresh();
  const form = useSchemaForm({ schema: updateReservationInput, initialValues: reservationValues(reservation), labels: LABELS });
  const stale = useStaleWrite({
    version: reservation.version,
    base: reservationValues(reservation),
    readCurrent: async () => {
      const current = await queryClient.fetchQuery(trpc.reservations.get.queryOptions({ id: reservation.id }, { staleTime: 0 }));
      return { values: reservationValues(current), version: current.version };
    },
    // Taken by the form, then submitted on the version read.
    resave: (merged) => {
      form.setValues(merged);
      setTimeout(() => submit(), 0);
    },
  });
  const save = useMutation(
    trpc.reservations.update.mutationOptions({
      onSuccess: () => {
        void refresh();
        toastSuccess('Reserva salva.');
        onDone();
      },
      onError: (error) => {
        if (!stale.caught(error, form.getValues())) form.setServerErrors(error);
      },
    }),
  );
  const submit = form.submit((input) => save.mutate({ ...input, version: stale.version() }));
  const title = reservation.service_title ?? 'reserva';
  // Opened in place (not a modal): the first field takes the focus, for keyboard users.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <form noValidate aria-label={`Editar reserva: ${title}`} onSubmit={submit}>
      <Stack gap="sm">
        <ErrorText>{form.formError}</ErrorText>
        <StaleWritePanel state={stale} labels={LABELS} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput ref={first} label="Localizador" autoComplete="off" {...form.getInputProps('locator')} />
          <Select label="Status" allowDeselect={false} data={RESERVATION_STATUS_OPTIONS} {...form.getInputProps('status')} />
          {costsShown(reservation) && (
            <CurrencyInput
              label={LABELS.supplier_cost_cents}
              {...form.getInputProps('supplier_cost_cents')}
              prefix={`${reservation.currency} `}
              onChange={(cents) => form.setFieldValue('supplier_cost_cents', cents ?? undefined)}
            />
          )}
          <DateField label="Vencimento do pagamento" {...form.getInputProps('payment_due_date')} />
        </SimpleGrid>
        <SupplierPicker
          label="Fornecedor"
          placeholder="Busque pelo nome"
          initialLabel={reservation.supplier_name ?? undefined}
          {...form.getInputProps('supplier_id')}
          onChange={(id) => form.setFieldValue('supplier_id', id)}
        />
        <Textarea label="Observações" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        <FormActions onCancel={onDone} pending={save.isPending}>
          Salvar reserva
        </FormActions>
      </Stack>
    </form>
  );
}
