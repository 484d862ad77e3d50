import { type Receivable, receiveInput } from '@app/shared/finance';
import { toCurrency } from '@app/shared/format';
import { businessDate } from '@app/shared/funnel';
import { PAYMENT_METHOD_KIND_LABELS, PAYMENT_METHOD_KINDS, type PaymentMethodKind } from '@app/shared/payment-methods';
import { Button, CopyButton, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CurrencyInput } from '../../components/CurrencyInput';
import { DateField } from '../../components/DateField';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const LABELS = { received_on: 'Data do recebimento', amount_cents: 'Valor recebido', method: 'Forma', note: 'Observação' };
export const METHOD_OPTIONS = PAYMENT_METHOD_KINDS.map((k) => ({ value: k, label: PAYMENT_METHOD_KIND_LABELS[k] }));

function ReceiveForm({ receivable, onClose }: { receivable: Receivable; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: receiveInput,
    initialValues: {
      id: receivable.id,
      received_on: businessDate() as string | null,
      amount_cents: receivable.open_cents as number | null,
      method: (receivable.payment_method?.kind ?? 'pix') as PaymentMethodKind,
      note: '',
    },
    labels: LABELS,
  });
  const close = useUnsavedChanges(form.hasChanges());
  const receive = useMutation(
    trpc.receivables.receive.mutationOptions({
      onSuccess: ({ message }) => {
        toastSuccess(message);
        void queryClient.invalidateQueries({ queryKey: trpc.receivables.list.queryKey() });
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const { onChange: _c, ...amountProps } = form.getInputProps('amount_cents');
  const { onChange: _d, ...dayProps } = form.getInputProps('received_on');
  return (
    <form onSubmit={form.submit((input) => receive.mutate(input))} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          Parcela {receivable.number}/{receivable.installments} de <strong>{receivable.client.name}</strong> ({receivable.budget_title}):
          faltam {toCurrency(receivable.open_cents, receivable.currency)}. Um valor menor deixa o resto em aberto.
        </Text>
        <ErrorText>{form.formError}</ErrorText>
        <DateField label={LABELS.received_on} withAsterisk {...dayProps} onChange={(v) => form.setFieldValue('received_on', v)} />
        <CurrencyInput
          label={LABELS.amount_cents}
          withAsterisk
          prefix={`${receivable.currency} `}
          max={receivable.open_cents}
          {...amountProps}
          onChange={(cents) => form.setFieldValue('amount_cents', cents)}
        />
        <Select label={LABELS.method} withAsterisk data={METHOD_OPTIONS} allowDeselect={false} {...form.getInputProps('method')} />
        <Textarea label={LABELS.note} autosize minRows={2} {...form.getInputProps('note')} />
        {receivable.pix && (
          <Stack gap={4}>
            <TextInput
              label="Pix copia e cola"
              readOnly
              value={receivable.pix.br_code}
              description={`Valor: ${toCurrency(receivable.pix.amount_cents)}`}
            />
            <CopyButton value={receivable.pix.br_code}>
              {({ copied, copy }) => (
                <Button variant="light" size="xs" onClick={copy} w="fit-content">
                  {copied ? 'Copiado' : 'Copiar código Pix'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        )}
        <FormActions onCancel={close} pending={receive.isPending}>
          Registrar recebimento
        </FormActions>
      </Stack>
    </form>
  );
}

/** "Receber": day, amount (what is open), method and a note (POST /api/receivables/{id}/receive). */
export function ReceiveModal({ receivable, onClose }: { receivable: Receivable | null; onClose: () => void }) {
  return (
    <FormDialog opened={!!receivable} onClose={onClose} title={<Text fw={600}>Receber</Text>} centered>
      {receivable && <ReceiveForm receivable={receivable} onClose={onClose} />}
    </FormDialog>
  );
}
