// A request about an authorized note sent to the national issuer with a reason code and a
// justification: its cancellation (CancelNfseDialog) and its substitution (SubstituteNfseDialog).
// What cannot be undone is said first; "Voltar" sends nothing.

import type { Schema, SchemaOutput } from '@app/shared/form';
import { NFSE_CANCEL_JUSTIFICATION, type NfseNote } from '@app/shared/nfse';
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

type Sent = { note: NfseNote; message: string };

export type NfseReasonDialogProps<S extends Schema> = {
  title: string;
  /** The request's schema: the note's id, a reason code and a justification. */
  schema: S;
  reasons: { value: string; label: string }[];
  labels: { reason: string; justification: string };
  warning: { title: string; body: ReactNode; testId: string };
  submitLabel: string;
  color?: string;
  /** Sends the request (a mutation's mutate), calling back with its answer or its refusal. */
  send: (input: SchemaOutput<S>, callbacks: { onSuccess: (data: Sent) => void; onError: (error: unknown) => void }) => void;
  sending: boolean;
};

function ReasonForm<S extends Schema>({ note, onClose, ...props }: NfseReasonDialogProps<S> & { note: NfseNote; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: props.schema,
    initialValues: { id: note.id, reason: null as string | null, justification: '' },
    labels: props.labels,
  });
  const close = useUnsavedChanges(form.hasChanges());
  const typed = form.values.justification.trim().length;
  const submit = form.submit((input) =>
    props.send(input, {
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.nfse.sale.queryKey({ id: data.note.sale_id }), { note: data.note });
        toastSuccess(data.message);
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert color={props.color ?? 'blue'} variant="light" title={props.warning.title} data-testid={props.warning.testId}>
          {props.warning.body}
        </Alert>
        <ErrorText>{form.formError}</ErrorText>
        <Select
          label={props.labels.reason}
          placeholder="Escolha o motivo"
          withAsterisk
          allowDeselect={false}
          data={props.reasons}
          {...form.getInputProps('reason')}
        />
        <Textarea
          label={props.labels.justification}
          description={`${typed} de ${NFSE_CANCEL_JUSTIFICATION.max} caracteres (mínimo ${NFSE_CANCEL_JUSTIFICATION.min})`}
          withAsterisk
          autosize
          minRows={3}
          {...form.getInputProps('justification')}
        />
        {/* "Voltar", not the forms' "Cancelar": next to a cancellation it would read as its confirmation. */}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={props.sending}>
            Voltar
          </Button>
          <Button type="submit" color={props.color} loading={props.sending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The dialog of an authorized note; `note` null keeps it closed. */
export function NfseReasonDialog<S extends Schema>({
  note,
  opened,
  onClose,
  ...props
}: NfseReasonDialogProps<S> & { note: NfseNote | null; opened: boolean; onClose: () => void }) {
  return (
    <FormDialog opened={opened && !!note} onClose={onClose} title={<Text fw={600}>{props.title}</Text>} centered>
      {note && <ReasonForm note={note} onClose={onClose} {...props} />}
    </FormDialog>
  );
}
