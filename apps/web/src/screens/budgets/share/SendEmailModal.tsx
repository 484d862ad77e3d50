// The budget by e-mail: its link and PDF to the recipients, the whole budget or the chosen proposals.
import type { BudgetTree } from '@app/shared/budgets';
import { BUDGET_MAIL_LIMITS, sendBudgetEmailInput } from '@app/shared/landing-pages';
import { Button, Checkbox, Group, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useIsMutating, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorText } from '../../../components/ErrorText';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { RecipientsInput, recipientsError } from '../../../components/RecipientsInput';
import { useSchemaForm } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useShareRefresh } from './use-share-refresh';

const LABELS = { to: 'Destinatários', message: 'Mensagem' };
const NO_PROPOSAL = 'Escolha ao menos uma proposta';

type Props = { budget: BudgetTree; clientEmail: string | null; onClose: () => void };

function SendEmailForm({ budget, clientEmail, onClose }: Props) {
  const trpc = useTRPC();
  const refresh = useShareRefresh();
  const form = useSchemaForm({
    schema: sendBudgetEmailInput,
    initialValues: { id: budget.id, to: clientEmail ? [clientEmail] : ([] as string[]), message: '' },
    labels: LABELS,
  });
  const [choose, setChoose] = useState(false);
  const [chosen, setChosen] = useState<string[]>(() => budget.proposals.map((p) => String(p.id)));
  const [proposalError, setProposalError] = useState<string | null>(null);
  const allChosen = chosen.length === budget.proposals.length;
  const close = useUnsavedChanges(form.hasChanges() || (choose && !allChosen));

  const done = {
    onSuccess: () => {
      refresh();
      toastSuccess('E-mail na fila de envio.');
      onClose();
    },
    onError: (error: unknown) => form.setServerErrors(error),
  };
  const sendEmail = useMutation(trpc.budgetDocuments.sendEmail.mutationOptions(done));
  const sendProposals = useMutation(trpc.budgetDocuments.sendProposals.mutationOptions(done));
  const pending = sendEmail.isPending || sendProposals.isPending;

  // A wrong address is an error of its row ('to.1'): the input shows the first.

  return (
    <form
      noValidate
      aria-label="Enviar orçamento por e-mail"
      onSubmit={form.submit((input) => {
        if (!choose) return sendEmail.mutate({ ...input, version: budget.version });
        if (chosen.length === 0) return setProposalError(NO_PROPOSAL);
        sendProposals.mutate({ ...input, proposal_ids: chosen.map(Number), version: budget.version });
      })}
    >
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <RecipientsInput
          max={BUDGET_MAIL_LIMITS.recipients}
          inputProps={form.getInputProps('to')}
          onChange={(to) => form.setFieldValue('to', to)}
          error={recipientsError(form.errors)}
        />
        <Textarea
          label="Mensagem"
          description="Vai no corpo do e-mail, antes do botão que abre o orçamento."
          autosize
          minRows={3}
          {...form.getInputProps('message')}
        />
        {budget.proposals.length > 1 && (
          <Stack gap="xs">
            <Switch
              label="Enviar só algumas propostas"
              checked={choose}
              onChange={(e) => {
                setChoose(e.currentTarget.checked);
                setProposalError(null);
              }}
            />
            {choose && (
              <Checkbox.Group
                value={chosen}
                onChange={(next) => {
                  setChosen(next);
                  setProposalError(next.length ? null : NO_PROPOSAL);
                }}
                label="Propostas"
                error={proposalError}
              >
                <Stack gap={6} mt={4}>
                  {budget.proposals.map((p) => (
                    <Checkbox key={p.id} value={String(p.id)} label={p.title} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          </Stack>
        )}
        <Text fz="xs" c="dimmed">
          O e-mail leva o link da página do orçamento e o PDF anexado; o orçamento passa a enviado.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            Enviar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SendEmailModal(props: Props) {
  const trpc = useTRPC();
  // No click outside closes it while the e-mail goes.
  const sending = useIsMutating({ mutationKey: trpc.budgetDocuments.sendEmail.mutationKey() });
  const sendingSome = useIsMutating({ mutationKey: trpc.budgetDocuments.sendProposals.mutationKey() });
  return (
    <FormDialog
      opened
      onClose={props.onClose}
      title={<Text fw={600}>Enviar orçamento por e-mail</Text>}
      centered
      size="lg"
      closeOnClickOutside={sending + sendingSome === 0}
    >
      <SendEmailForm {...props} />
    </FormDialog>
  );
}
