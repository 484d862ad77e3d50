// "Encerrar conta": the owner asks for the agency's data to be deleted after a grace period, typing
// the agency's name to confirm; while it is scheduled the card says when and offers to cancel.
import { COMPANY_CLOSURE_GRACE_DAYS, COMPANY_CLOSURE_MESSAGES } from '@app/shared/company-closures';
import { longDate } from '@app/shared/format';
import { businessDate } from '@app/shared/funnel';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { apiError, errorText, markShownByForm } from '../../lib/api-error';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const dayOf = (iso: string) => longDate(businessDate(new Date(iso)));

export function AccountClosureCard({ companyName }: { companyName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.companyClosures.current.queryOptions());
  const [opened, setOpened] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = (data: unknown) => queryClient.setQueryData(trpc.companyClosures.current.queryKey(), data as never);
  const close = () => {
    setOpened(false);
    setConfirmation('');
    setError(null);
  };
  const request = useMutation(
    trpc.companyClosures.request.mutationOptions({
      onSuccess: (data) => {
        refresh(data);
        close();
        toastSuccess(COMPANY_CLOSURE_MESSAGES.scheduled);
      },
      onError: (failure) => {
        const err = apiError(failure);
        setError(err.errors.confirmation?.[0] ?? errorText(err));
        markShownByForm(failure);
      },
    }),
  );
  const cancel = useMutation(
    trpc.companyClosures.cancel.mutationOptions({
      onSuccess: (data) => {
        refresh(data);
        toastSuccess(COMPANY_CLOSURE_MESSAGES.cancelled);
      },
    }),
  );
  const closure = current.data?.closure;
  const scheduled = closure?.status === 'scheduled' ? closure : null;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="account-closure-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="account-closure-title">
          Encerrar conta
        </Title>
        {current.isPending ? (
          <Text fz="sm">Carregando…</Text>
        ) : scheduled ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={`Encerramento agendado para ${dayOf(scheduled.scheduled_for)}`}
          >
            <Stack gap="xs">
              <Text fz="sm">
                Pedido por {scheduled.requested_by} em {dayOf(scheduled.requested_at)}. Nessa data, todos os dados e arquivos da agência
                serão excluídos definitivamente. Até lá, tudo continua funcionando: exporte seus dados acima, se quiser levá-los.
              </Text>
              <Group>
                <Button variant="default" onClick={() => cancel.mutate({})} loading={cancel.isPending}>
                  Cancelar encerramento
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <>
            <Text fz="sm" c="dimmed">
              Encerra a conta da agência: depois de {COMPANY_CLOSURE_GRACE_DAYS} dias, todos os dados (clientes, atendimentos, orçamentos,
              vendas, usuários) e arquivos são excluídos definitivamente, e a assinatura é cancelada. Você pode cancelar até lá.
            </Text>
            <Group>
              <Button color="red" variant="outline" onClick={() => setOpened(true)}>
                Encerrar conta…
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <Dialog opened={opened} onClose={close} title={<Text fw={600}>Encerrar a conta da agência?</Text>} centered size="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate({ confirmation });
          }}
        >
          <Stack gap="md">
            <Text fz="sm">
              Em {COMPANY_CLOSURE_GRACE_DAYS} dias, todos os dados e arquivos da {companyName} serão excluídos e não poderão ser
              recuperados. Os donos da agência recebem um e-mail agora e outro quando a exclusão for feita.
            </Text>
            <TextInput
              label={`Digite o nome da agência (${companyName}) para confirmar`}
              value={confirmation}
              onChange={(event) => {
                setConfirmation(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              autoComplete="off"
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={request.isPending}>
                Cancelar
              </Button>
              <Button type="submit" color="red" loading={request.isPending} disabled={!confirmation.trim()}>
                Encerrar conta
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </Card>
  );
}
