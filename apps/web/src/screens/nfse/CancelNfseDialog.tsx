// "Cancelar NFS-e": the reason and the justification of the cancellation event, sent to the national
// issuer. Opened from the sale's NFS-e card and from "Desfazer venda" (a sale with an authorized
// note is undone only once the note is canceled).
import { cancelNfseInput, NFSE_CANCEL_REASON_LABELS, NFSE_CANCEL_REASONS, type NfseNote } from '@app/shared/nfse';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { NfseReasonDialog } from './NfseReasonDialog';

const REASONS = NFSE_CANCEL_REASONS.map((value) => ({ value, label: NFSE_CANCEL_REASON_LABELS[value] }));

export function CancelNfseDialog({ note, opened, onClose }: { note: NfseNote | null; opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const mutation = useMutation(trpc.nfse.cancel.mutationOptions());
  return (
    <NfseReasonDialog
      note={note}
      opened={opened}
      onClose={onClose}
      title="Cancelar NFS-e"
      schema={cancelNfseInput}
      reasons={REASONS}
      labels={{ reason: 'Motivo do cancelamento', justification: 'Justificativa' }}
      warning={{
        title: 'O cancelamento não pode ser desfeito',
        testId: 'nfse-cancel-warning',
        body: `O pedido vai ${note?.through_gateway ? 'ao provedor Focus NFe, que o registra no emissor nacional' : 'para o emissor nacional'} (Receita Federal e município). Cancelada, a NFS-e nº ${note?.number ?? ''} deixa de valer e não volta a ser autorizada: para faturar de novo, emita outra nota.`,
      }}
      submitLabel="Confirmar cancelamento"
      color="red"
      send={(input, callbacks) => mutation.mutate(input, callbacks)}
      sending={mutation.isPending}
    />
  );
}
