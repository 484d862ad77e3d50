import { refundInput, type Service } from '@app/shared/services';
import { Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { useSchemaForm } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

const LABELS = { refund_cents: 'Valor reembolsado', penalty_cents: 'Multa', reason: 'Motivo' };

function RefundForm({ service, onClose, onSaved }: { service: Service; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const form = useSchemaForm({
    schema: refundInput,
    initialValues: { service_id: service.id, refund_cents: null as number | null, penalty_cents: null as number | null, reason: '' },
    labels: LABELS,
  });
  const close = useUnsavedChanges(form.hasChanges());
  const refund = useMutation(
    trpc.services.refund.mutationOptions({
      onSuccess: () => {
        toastSuccess('Serviço cancelado.');
        onSaved();
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const money = (field: 'refund_cents' | 'penalty_cents', description: string) => {
    const { onChange: _c, ...props } = form.getInputProps(field);
    return (
      <CurrencyInput
        label={LABELS[field]}
        description={description}
        withAsterisk
        {...props}
        onChange={(cents) => form.setFieldValue(field, cents)}
      />
    );
  };
  return (
    <form onSubmit={form.submit((input) => refund.mutate({ ...input, version: service.version }))} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          O serviço <strong>{service.title}</strong> fica cancelado na proposta: o cliente paga o valor menos o reembolso, e o custo passa a
          ser a multa. Valores em {service.currency}.
        </Text>
        <ErrorText>{form.formError}</ErrorText>
        {money('refund_cents', 'O que volta para o cliente')}
        {money('penalty_cents', 'O que o fornecedor retém')}
        <Textarea label={LABELS.reason} autosize minRows={2} {...form.getInputProps('reason')} />
        <FormActions onCancel={close} pending={refund.isPending}>
          Confirmar cancelamento
        </FormActions>
      </Stack>
    </form>
  );
}

/** Cancels a service with a refund (POST /refunds/): valor reembolsado, multa, motivo. */
export function RefundModal({ service, onClose, onSaved }: { service: Service | null; onClose: () => void; onSaved: () => void }) {
  return (
    <FormDialog opened={!!service} onClose={onClose} title={<Text fw={600}>Cancelar serviço com reembolso</Text>} centered>
      {service && <RefundForm service={service} onClose={onClose} onSaved={onSaved} />}
    </FormDialog>
  );
}
