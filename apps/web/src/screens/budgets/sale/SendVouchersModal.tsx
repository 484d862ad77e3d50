// "Enviar vouchers": the chosen vouchers by e-mail to the client (a job), then WhatsApp's share of
// the same links, which the answer brings.
import { sendVouchersInput, VOUCHER_LIMITS, type Voucher, WHOLE_TRIP_LABEL } from '@app/shared/vouchers';
import { Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { RecipientsInput, recipientsError } from '../../../components/RecipientsInput';
import { useSchemaForm } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useSaleRefresh } from './use-sale-refresh';

const LABELS = { to: 'Destinatários', message: 'Mensagem', voucher_ids: 'Vouchers' };
const NONE_CHOSEN = 'Escolha ao menos um voucher';

type Sent = { whatsappUrl: string; recipients: string[] };

function SendForm({
  budgetId,
  vouchers,
  clientEmail,
  onSent,
}: {
  budgetId: number;
  vouchers: Voucher[];
  clientEmail: string | null;
  onSent: (sent: Sent) => void;
}) {
  const trpc = useTRPC();
  const refresh = useSaleRefresh();
  const form = useSchemaForm({
    schema: sendVouchersInput,
    initialValues: {
      budget_id: budgetId,
      voucher_ids: vouchers.map((v) => v.id),
      to: clientEmail ? [clientEmail] : ([] as string[]),
      message: '',
    },
    labels: LABELS,
  });
  const close = useUnsavedChanges(form.hasChanges());
  const [chosenError, setChosenError] = useState<string | null>(null);
  const send = useMutation(
    trpc.vouchers.send.mutationOptions({
      onSuccess: (result) => {
        void refresh();
        toastSuccess(result.message);
        onSent({ whatsappUrl: result.whatsapp_url, recipients: result.recipients });
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );

  return (
    <form
      noValidate
      aria-label="Enviar vouchers"
      onSubmit={form.submit((input) => {
        if (form.values.voucher_ids.length === 0) return setChosenError(NONE_CHOSEN);
        send.mutate(input);
      })}
    >
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <RecipientsInput
          max={VOUCHER_LIMITS.recipients}
          inputProps={form.getInputProps('to')}
          onChange={(to) => form.setFieldValue('to', to)}
          error={recipientsError(form.errors)}
        />
        <Textarea label="Mensagem" autosize minRows={3} {...form.getInputProps('message')} />
        <Checkbox.Group
          label="Vouchers"
          value={form.values.voucher_ids.map(String)}
          onChange={(next) => {
            // In the list's order: ticked again, a voucher leaves the form as it was.
            form.setFieldValue(
              'voucher_ids',
              vouchers.filter((v) => next.includes(String(v.id))).map((v) => v.id),
            );
            setChosenError(next.length ? null : NONE_CHOSEN);
          }}
          error={chosenError}
        >
          <Stack gap={6} mt={4}>
            {vouchers.map((v) => (
              <Checkbox key={v.id} value={String(v.id)} label={`${v.service_title ?? WHOLE_TRIP_LABEL} · ${v.filename}`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text fz="xs" c="dimmed">
          Os arquivos vão anexados ao e-mail, com um link para cada um; depois você pode compartilhar os mesmos links pelo WhatsApp.
        </Text>
        <FormActions onCancel={close} pending={send.isPending}>
          Enviar
        </FormActions>
      </Stack>
    </form>
  );
}

export function WhatsappButton({ url }: { url: string }) {
  return (
    <Button
      color="green"
      variant="light"
      leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
      onClick={() => window.open(url, '_blank', 'noopener')}
    >
      Compartilhar no WhatsApp
    </Button>
  );
}

export function SendVouchersModal({
  opened,
  budgetId,
  vouchers,
  clientEmail,
  onSent,
  onClose,
}: {
  opened: boolean;
  budgetId: number;
  vouchers: Voucher[];
  clientEmail: string | null;
  onSent: (whatsappUrl: string) => void;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [sent, setSent] = useState<Sent | null>(null);
  const close = () => {
    setSent(null);
    onClose();
  };
  return (
    <FormDialog opened={opened} onClose={close} title={<Text fw={600}>Enviar vouchers</Text>} centered size="lg" fullScreen={phone}>
      {opened &&
        (sent ? (
          <Stack gap="md" data-testid="vouchers-sent">
            <Text fz="sm">
              E-mail na fila para <b>{sent.recipients.join(', ')}</b>. Compartilhe também os links pelo WhatsApp do cliente:
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Concluir
              </Button>
              <WhatsappButton url={sent.whatsappUrl} />
            </Group>
          </Stack>
        ) : (
          <SendForm
            budgetId={budgetId}
            vouchers={vouchers}
            clientEmail={clientEmail}
            onSent={(s) => {
              setSent(s);
              onSent(s.whatsappUrl);
            }}
          />
        ))}
    </FormDialog>
  );
}
