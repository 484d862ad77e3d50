// The NFS-e of a closed sale (plan feature nfse): "Emitir NFS-e" for the owner and administradores
// (after a look at what it would send), the note's state while the job issues it, its number and the DANFSe once authorized, or what the
// authority refused, in pt-BR, with the button to send it again. An authorized note can be canceled
// (reason and justification, sent to the authority): the card follows it to 'Cancelada' or back
// to 'Autorizada' with the refusal.
import { dateTime, toCurrency } from '@app/shared/format';
import { NFSE_CANCEL_REASON_LABELS, NFSE_SUBSTITUTION_REASON_LABELS, type NfseNote, nfseStalled } from '@app/shared/nfse';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { apiError, errorText } from '../../lib/api-error';
import { downloadFile } from '../../lib/download';
import { isManager } from '../../lib/permissions';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useProfile } from '../../lib/use-session';
import { CancelNfseDialog } from './CancelNfseDialog';
import { NfsePreviewDialog } from './NfsePreviewDialog';
import { NfseStatusBadge } from './NfseStatusBadge';
import { SubstituteNfseDialog } from './SubstituteNfseDialog';

/** While the job works on the note (issuing or canceling) and has not given up. */
export const nfseInProgress = (note: NfseNote | null | undefined) =>
  !!note && (note.status === 'pending' || note.status === 'canceling') && !nfseStalled(note);

/** The sale's note, read again every 2 s while the job works on it. */
export function useSaleNfse(saleId: number, enabled = true) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.nfse.sale.queryOptions({ id: saleId }),
    enabled,
    refetchInterval: (q) => (nfseInProgress(q.state.data?.note) ? 2000 : false),
  });
}

function errorsTitle(note: NfseNote) {
  if (nfseStalled(note)) return 'Sem resposta do emissor';
  // Errors on an authorized note are the authority's refusal of its cancellation.
  return note.status === 'authorized' ? 'O cancelamento foi recusado' : 'A NFS-e foi recusada';
}

function NoteDetails({ note }: { note: NfseNote }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <NfseStatusBadge status={note.status} />
        {note.environment === 'homologacao' && <Badge color="gray">Homologação (sem valor fiscal)</Badge>}
      </Group>
      {note.number && (
        <Text fz="sm" data-testid="nfse-number">
          NFS-e nº {note.number}
        </Text>
      )}
      {note.access_key && (
        <Text fz="xs" c="dimmed">
          Chave de acesso {note.access_key}
        </Text>
      )}
      <Text fz="sm">
        {toCurrency(note.amount_cents)} (ISS {toCurrency(note.iss_cents)}): {note.description}
      </Text>
      {note.substitutes && (
        <Text fz="sm" c="dimmed" data-testid="nfse-substitutes">
          Substitui a NFS-e nº {note.substitutes.number}: {NFSE_SUBSTITUTION_REASON_LABELS[note.substitutes.reason]}.{' '}
          {note.substitutes.justification}
        </Text>
      )}
      {note.status === 'canceled' && (
        <Stack gap={2} data-testid="nfse-cancellation">
          <Text fz="sm">
            Cancelada em {dateTime(note.canceled_at)}
            {note.cancel_reason && `: ${NFSE_CANCEL_REASON_LABELS[note.cancel_reason]}`}
          </Text>
          {note.cancel_justification && (
            <Text fz="sm" c="dimmed">
              Justificativa: {note.cancel_justification}
            </Text>
          )}
        </Stack>
      )}
      {note.errors.length > 0 && (
        <Alert color={nfseStalled(note) ? 'yellow' : 'red'} variant="light" title={errorsTitle(note)} data-testid="nfse-errors">
          <Stack gap={2}>
            {note.errors.map((e) => (
              <Text fz="sm" key={`${e.code}-${e.message}`}>
                {e.message} ({e.code})
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

export function SaleNfseCard({ saleId }: { saleId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const query = useSaleNfse(saleId);
  const [canceling, setCanceling] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [substituting, setSubstituting] = useState(false);
  const onRequested = (data: { note: NfseNote; message: string }) => {
    queryClient.setQueryData(trpc.nfse.sale.queryKey({ id: saleId }), { note: data.note });
    setPreviewing(false);
    toastSuccess(data.message);
  };
  const issue = useMutation(trpc.nfse.issue.mutationOptions({ onSuccess: onRequested }));
  // A cancellation the queue gave up on is sent again as it was asked.
  const retryCancel = useMutation(trpc.nfse.cancel.mutationOptions({ onSuccess: onRequested }));
  const note = query.data?.note ?? null;
  const manager = isManager(profile.data?.user.role);
  // Only once the sale's note is known: before, no note is not "none yet".
  const canIssue = manager && !!query.data && (!note || note.status === 'rejected' || (note.status === 'pending' && nfseStalled(note)));
  const stalledCancel = note?.status === 'canceling' && nfseStalled(note) ? note : null;
  const error = (previewing ? null : issue.error) ?? retryCancel.error ?? query.error;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="sale-nfse">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            Nota fiscal (NFS-e)
          </Title>
          <Group gap="xs">
            {note?.status === 'authorized' && (
              <Button variant="default" onClick={() => void downloadFile(`/api/nfse/${note.id}/danfse`, `nfse-${note.number}.pdf`)}>
                Baixar DANFSe
              </Button>
            )}
            {manager && note?.status === 'authorized' && !note.through_gateway && (
              <Button variant="default" onClick={() => setSubstituting(true)}>
                Substituir NFS-e
              </Button>
            )}
            {manager && note?.status === 'authorized' && (
              <Button color="red" variant="light" onClick={() => setCanceling(true)}>
                Cancelar NFS-e
              </Button>
            )}
            {manager && stalledCancel && (
              <Button
                loading={retryCancel.isPending}
                onClick={() =>
                  stalledCancel.cancel_reason && stalledCancel.cancel_justification
                    ? retryCancel.mutate({
                        id: stalledCancel.id,
                        reason: stalledCancel.cancel_reason,
                        justification: stalledCancel.cancel_justification,
                      })
                    : setCanceling(true)
                }
              >
                Tentar cancelar novamente
              </Button>
            )}
            {canIssue && (
              // A stalled note goes again exactly as it was asked: nothing new to look at first.
              <Button
                loading={issue.isPending && !previewing}
                onClick={() => (note && nfseStalled(note) ? issue.mutate({ id: saleId }) : setPreviewing(true))}
              >
                {!note ? 'Emitir NFS-e' : nfseStalled(note) ? 'Tentar novamente' : 'Emitir NFS-e novamente'}
              </Button>
            )}
          </Group>
        </Group>
        {note ? <NoteDetails note={note} /> : query.data && <Text fz="sm">Nenhuma NFS-e emitida para esta venda.</Text>}
        <ErrorText>{error ? errorText(apiError(error)) : null}</ErrorText>
      </Stack>
      <CancelNfseDialog note={note} opened={canceling} onClose={() => setCanceling(false)} />
      <SubstituteNfseDialog note={note} opened={substituting} onClose={() => setSubstituting(false)} />
      <NfsePreviewDialog
        saleId={saleId}
        opened={previewing}
        issuing={issue.isPending}
        error={issue.error ? errorText(apiError(issue.error)) : null}
        onIssue={() => issue.mutate({ id: saleId })}
        onClose={() => {
          setPreviewing(false);
          issue.reset();
        }}
      />
    </Card>
  );
}
