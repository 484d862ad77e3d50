import { type Payable, payInput } from '@app/shared/finance';
import { toCurrency } from '@app/shared/format';
import { businessDate } from '@app/shared/funnel';
import type { PaymentMethodKind } from '@app/shared/payment-methods';
import { Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DateField } from '../../components/DateField';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { METHOD_OPTIONS } from './ReceiveModal';

const LABELS = { paid_on: 'Data do pagamento', method: 'Forma', note: 'Observação' };

function PayForm({ payable, onClose }: { payable: Payable; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: payInput,
    initialValues: { id: payable.id, paid_on: businessDate() as string | null, method: 'transfer' as PaymentMethodKind, note: '' },
    labels: LABELS,
  });
  const close = useUnsavedChanges(form.hasChanges());
  const pay = useMutation(
    trpc.payables.pay.mutationOptions({
      onSuccess: ({ message }) => {
        toastSuccess(message);
        void queryClient.invalidateQueries({ queryKey: trpc.payables.list.queryKey() });
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const { onChange: _d, ...dayProps } = form.getInputProps('paid_on');
  return (
    <form onSubmit={form.submit((input) => pay.mutate(input))} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          {toCurrency(payable.amount_cents, payable.currency)} a <strong>{payable.supplier.name}</strong>
          {payable.service_title ? ` pela reserva de "${payable.service_title}"` : ''} ({payable.budget_title}).
        </Text>
        <ErrorText>{form.formError}</ErrorText>
        <DateField label={LABELS.paid_on} withAsterisk {...dayProps} onChange={(v) => form.setFieldValue('paid_on', v)} />
        <Select label={LABELS.method} withAsterisk data={METHOD_OPTIONS} allowDeselect={false} {...form.getInputProps('method')} />
        <Textarea label={LABELS.note} autosize minRows={2} {...form.getInputProps('note')} />
        <FormActions onCancel={close} pending={pay.isPending}>
          Marcar como pago
        </FormActions>
      </Stack>
    </form>
  );
}

/** "Marcar como pago": day, method and a note (POST /api/payables/{id}/pay). */
export function PayModal({ payable, onClose }: { payable: Payable | null; onClose: () => void }) {
  return (
    <FormDialog opened={!!payable} onClose={onClose} title={<Text fw={600}>Marcar como pago</Text>} centered>
      {payable && <PayForm payable={payable} onClose={onClose} />}
    </FormDialog>
  );
}
