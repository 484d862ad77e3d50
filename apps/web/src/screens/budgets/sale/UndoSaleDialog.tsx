// "Desfazer venda": the agent chooses whether the sale's reservations and contracts are cancelled or
// kept, reads which will be cancelled, and confirms; the budget goes back to open and so does its
// attendance in the funnel, and the open tasks of the sale's checklist leave the board. A sale whose
// NFS-e is authorized (or on its way) is not undone: the dialog says so first and offers the note's
// cancellation.
import type { Contract } from '@app/shared/contracts';
import type { NfseNote } from '@app/shared/nfse';
import type { Reservation } from '@app/shared/reservations';
import { SALE_LIMITS } from '@app/shared/sales';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { hasFeature } from '../../../lib/features';
import { isManager } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useFeatures, useProfile } from '../../../lib/use-session';
import { CancelNfseDialog } from '../../nfse/CancelNfseDialog';
import { useSaleNfse } from '../../nfse/SaleNfseCard';
import { budgetInfoPath } from '../labels';
import { CONTRACT_STATUS_LABELS, RESERVATION_STATUS_LABELS } from './labels';
import { isActiveReservation, isLiveContract } from './sale-rules';
import { useSaleRefresh } from './use-sale-refresh';

type Choice = 'cancel' | 'keep';

/** Why the sale cannot be undone yet because of its note, or null when the note does not hold it. */
function noteBlock(note: NfseNote | null | undefined): string | null {
  const number = note?.number ? ` nº ${note.number}` : '';
  switch (note?.status) {
    case 'authorized':
      return `Esta venda tem a NFS-e${number} autorizada. Cancele a nota antes de desfazer a venda.`;
    case 'pending':
      return 'A NFS-e desta venda está em emissão: aguarde o retorno do emissor nacional antes de desfazer a venda.';
    case 'canceling':
      return `A NFS-e${number} está em cancelamento: aguarde o retorno do emissor nacional antes de desfazer a venda.`;
    default:
      return null;
  }
}

function ChoiceGroup({
  label,
  value,
  onChange,
  cancel,
  keep,
}: {
  label: string;
  value: Choice;
  onChange: (c: Choice) => void;
  cancel: string;
  keep: string;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={(v) => onChange(v as Choice)}>
      <Stack gap={6} mt={6}>
        <Radio value="cancel" label={cancel} />
        <Radio value="keep" label={keep} />
      </Stack>
    </Radio.Group>
  );
}

export function UndoSaleDialog({
  budgetId,
  saleId,
  budgetVersion,
  reservations,
  contracts,
  opened,
  onClose,
  returnTo,
}: {
  budgetId: number;
  /** The sale being undone (null when the read found none: the API answers why). */
  saleId: number | null;
  /** The budget's version as the screen read it: a sale changed meanwhile is not undone. */
  budgetVersion: number;
  reservations: Reservation[];
  contracts: Contract[];
  opened: boolean;
  onClose: () => void;
  /** Where the agent lands once the sale is undone: the budget's information unless the caller says (the editor stays). */
  returnTo?: string;
}) {
  const trpc = useTRPC();
  const refresh = useSaleRefresh();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 36em)');
  const [choice, setChoice] = useState<{ reservations: Choice; contracts: Choice }>({ reservations: 'cancel', contracts: 'cancel' });
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const withNfse = hasFeature(useFeatures(), 'nfse');
  const manager = isManager(useProfile().data?.user.role);
  const nfse = useSaleNfse(saleId ?? 0, opened && withNfse && saleId !== null);
  const note = withNfse ? nfse.data?.note : null;
  const blocked = noteBlock(note);
  const [cancelingNote, setCancelingNote] = useState(false);
  const undo = useMutation(
    trpc.sales.undoSell.mutationOptions({
      onSuccess: (result) => {
        void refresh();
        toastSuccess(result.message);
        onClose();
        void navigate(returnTo ?? budgetInfoPath(budgetId));
      },
      // The API's 409 (shown on the bar) when the note changed since it was read: read it again, the dialog says why.
      onError: () => {
        if (withNfse && saleId !== null) void queryClient.invalidateQueries({ queryKey: trpc.nfse.sale.queryKey({ id: saleId }) });
      },
    }),
  );

  const activeReservations = reservations.filter(isActiveReservation).length;
  const liveContracts = contracts.filter(isLiveContract).length;
  const cancelledReservations = choice.reservations === 'cancel' ? reservations.filter(isActiveReservation) : [];
  const cancelledContracts = choice.contracts === 'cancel' ? contracts.filter(isLiveContract) : [];
  const nothing = cancelledReservations.length + cancelledContracts.length === 0;

  return (
    <>
      <Modal
        opened={opened && !cancelingNote}
        onClose={onClose}
        title={<Text fw={600}>Desfazer venda</Text>}
        centered
        size="lg"
        fullScreen={phone}
        closeOnClickOutside={!undo.isPending}
      >
        <Stack gap="md">
          {blocked && (
            <Alert color="orange" variant="light" title="NFS-e da venda" data-testid="undo-nfse">
              <Stack gap="xs" align="flex-start">
                <Text fz="sm">{blocked}</Text>
                {note?.status === 'authorized' &&
                  (manager ? (
                    <Button color="red" variant="light" size="xs" onClick={() => setCancelingNote(true)}>
                      Cancelar NFS-e
                    </Button>
                  ) : (
                    <Text fz="sm">Peça ao proprietário ou a um administrador da agência que cancele a nota.</Text>
                  ))}
              </Stack>
            </Alert>
          )}
          <Text fz="sm">
            O orçamento deixa de estar vendido, os valores voltam a seguir as cotações e o atendimento volta para <b>Em aberto</b> no funil.
            As tarefas do checklist da venda que não foram concluídas saem do quadro; as concluídas ficam.
          </Text>
          {activeReservations > 0 && (
            <ChoiceGroup
              label={`Reservas (${activeReservations} ativa${activeReservations === 1 ? '' : 's'})`}
              value={choice.reservations}
              onChange={(reservations) => setChoice((c) => ({ ...c, reservations }))}
              cancel="Cancelar as reservas"
              keep="Manter as reservas"
            />
          )}
          {liveContracts > 0 && (
            <ChoiceGroup
              label={`Contratos (${liveContracts} em vigor)`}
              value={choice.contracts}
              onChange={(contracts) => setChoice((c) => ({ ...c, contracts }))}
              cancel="Cancelar os contratos"
              keep="Manter os contratos"
            />
          )}
          <Alert
            color={nothing ? 'gray' : 'red'}
            variant="light"
            title={nothing ? undefined : 'O que será cancelado'}
            data-testid="undo-effects"
          >
            {nothing ? (
              'Nada será cancelado: as reservas e os contratos continuam como estão.'
            ) : (
              <Stack gap={2} component="ul" m={0} pl="md">
                {cancelledReservations.map((r) => (
                  <li key={`r${r.id}`}>
                    Reserva: {r.service_title ?? 'serviço'} ({RESERVATION_STATUS_LABELS[r.status]})
                  </li>
                ))}
                {cancelledContracts.map((c) => (
                  <li key={`c${c.id}`}>
                    Contrato{c.template_name ? `: ${c.template_name}` : ''} ({CONTRACT_STATUS_LABELS[c.status]})
                  </li>
                ))}
              </Stack>
            )}
          </Alert>
          <Textarea
            label="Motivo"
            description="Opcional; fica no histórico do atendimento"
            autosize
            minRows={2}
            maxLength={SALE_LIMITS.reason}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={undo.isPending} data-autofocus>
              Voltar
            </Button>
            <Button
              color="red"
              loading={undo.isPending}
              disabled={!!blocked}
              onClick={() =>
                undo.mutate({
                  id: budgetId,
                  version: budgetVersion,
                  reservations: choice.reservations,
                  contracts: choice.contracts,
                  reason: reason.trim() || null,
                })
              }
            >
              Desfazer venda
            </Button>
          </Group>
        </Stack>
      </Modal>
      {/* In place of the undo dialog, which comes back with the note's new state. */}
      <CancelNfseDialog note={note ?? null} opened={opened && cancelingNote} onClose={() => setCancelingNote(false)} />
    </>
  );
}
