// "Substituir NFS-e": a new note of the sale, with today's figures and fiscal settings, whose DPS
// names the authorized one it replaces; the national issuer cancels the old one by substitution
// when it authorizes the new. The way out once the municipality's cancellation deadline passed.
import { NFSE_SUBSTITUTION_REASON_LABELS, NFSE_SUBSTITUTION_REASONS, type NfseNote, substituteNfseInput } from '@app/shared/nfse';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { NfseReasonDialog } from './NfseReasonDialog';

const REASONS = NFSE_SUBSTITUTION_REASONS.map((value) => ({ value, label: NFSE_SUBSTITUTION_REASON_LABELS[value] }));

export function SubstituteNfseDialog({ note, opened, onClose }: { note: NfseNote | null; opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const mutation = useMutation(trpc.nfse.substitute.mutationOptions());
  return (
    <NfseReasonDialog
      note={note}
      opened={opened}
      onClose={onClose}
      title="Substituir NFS-e"
      schema={substituteNfseInput}
      reasons={REASONS}
      labels={{ reason: 'Motivo da substituição', justification: 'Justificativa' }}
      warning={{
        title: 'Uma nova NFS-e substitui esta',
        testId: 'nfse-substitute-warning',
        body: `Uma nova nota é emitida com os valores atuais da venda e os dados fiscais de hoje, indicando a NFS-e nº ${note?.number ?? ''} como substituída. Quando a nova for autorizada, o emissor nacional cancela a nº ${note?.number ?? ''} por substituição.`,
      }}
      submitLabel="Emitir substituta"
      send={(input, callbacks) => mutation.mutate(input, callbacks)}
      sending={mutation.isPending}
    />
  );
}
