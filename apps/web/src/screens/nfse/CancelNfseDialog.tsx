// "Cancelar NFS-e": the reason and the justification of the cancellation event, sent to the national
// issuer. Opened from the sale's NFS-e card and from "Desfazer venda" (a sale with an authorized
// note is undone only once the note is canceled).
import {
  cancelNfseInput,
  NFSE_CANCEL_JUSTIFICATION,
  NFSE_CANCEL_REASON_LABELS,
  NFSE_CANCEL_REASONS,
  type NfseCancelReason,
  type NfseNote,
} from '@app/shared/nfse';
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorText } from '../../components/ErrorText';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const LABELS = { reason: 'Motivo do cancelamento', justification: 'Justificativa' };
const REASON_OPTIONS = NFSE_CANCEL_REASONS.map((value) => ({ value, label: NFSE_CANCEL_REASON_LABELS[value] }));

function CancelNfseForm({ note, onClose }: { note: NfseNote; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: cancelNfseInput,
    initialValues: { id: note.id, reason: null as NfseCancelReason | null, justification: '' },
    labels: LABELS,
  });
  const close = useUnsavedChanges(form.hasChanges());
  const cancel = useMutation(
    trpc.nfse.cancel.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.nfse.sale.queryKey({ id: data.note.sale_id }), { note: data.note });
        toastSuccess(data.message);
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const typed = form.values.justification.trim().length;
  return (
    <form onSubmit={form.submit((input) => cancel.mutate(input))} noValidate>
      <Stack gap="md">
        <Alert color="red" variant="light" title="O cancelamento não pode ser desfeito" data-testid="nfse-cancel-warning">
          O pedido vai para o emissor nacional (Receita Federal e município). Cancelada, a NFS-e nº {note.number} deixa de valer e não volta
          a ser autorizada: para faturar de novo, emita outra nota.
        </Alert>
        <ErrorText>{form.formError}</ErrorText>
        <Select
          label={LABELS.reason}
          placeholder="Escolha o motivo"
          withAsterisk
          allowDeselect={false}
          data={REASON_OPTIONS}
          {...form.getInputProps('reason')}
        />
        <Textarea
          label={LABELS.justification}
          description={`${typed} de ${NFSE_CANCEL_JUSTIFICATION.max} caracteres (mínimo ${NFSE_CANCEL_JUSTIFICATION.min})`}
          withAsterisk
          autosize
          minRows={3}
          {...form.getInputProps('justification')}
        />
        {/* "Voltar", not the forms' "Cancelar": next to a cancellation it would read as its confirmation. */}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            Voltar
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending}>
            Confirmar cancelamento
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The cancel dialog of an authorized note; `note` null keeps it closed. */
export function CancelNfseDialog({ note, opened, onClose }: { note: NfseNote | null; opened: boolean; onClose: () => void }) {
  return (
    <FormDialog opened={opened && !!note} onClose={onClose} title={<Text fw={600}>Cancelar NFS-e</Text>} centered>
      {note && <CancelNfseForm note={note} onClose={onClose} />}
    </FormDialog>
  );
}
