// The status moves of an attendance (won, lost, sale canceled, reopened) with the questions asked
// before them: one set of dialogs for the attendance screen and the funnel board.
import { type Attendance, markLostInput } from '@app/shared/attendances';
import { maxLengthOf } from '@app/shared/form';
import type { AttendanceTransition } from '@app/shared/funnel';
import { Stack, Text, Textarea } from '@mantine/core';
import { IconBan, IconMoodSad, IconTrophy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CurrencyInput } from '../../components/CurrencyInput';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

/** Every change to an attendance also moves the list, the funnel, its numbers and the history. */
export function useAttendanceSaved() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (saved: Attendance, message: string) => {
    queryClient.setQueryData(trpc.attendances.get.queryKey({ id: saved.id }), saved);
    void queryClient.invalidateQueries({ queryKey: trpc.attendances.pathKey() });
    toastSuccess(message);
  };
}

type Move = Exclude<AttendanceTransition, 'reopened'>;

/** The moves asked about first: the button, its dialog's title and the confirm button say the same. */
export const MOVES: Record<Move, { label: string; icon: ReactNode; color: string; variant?: 'light' }> = {
  won: { label: 'Marcar como ganho', icon: <IconTrophy size={16} aria-hidden />, color: 'teal' },
  lost: { label: 'Marcar como perdido', icon: <IconMoodSad size={16} aria-hidden />, color: 'red', variant: 'light' },
  canceled: { label: 'Cancelar venda', icon: <IconBan size={16} aria-hidden />, color: 'red', variant: 'light' },
};
export const MOVE_ORDER = Object.keys(MOVES) as Move[];
export const REOPEN_LABEL = 'Reabrir';

/** What a move needs to know of the attendance (a funnel card's `price` is its value). */
export type MoveSubject = Pick<Attendance, 'id' | 'title' | 'value_cents' | 'version'>;

/**
 * Starts a move: won, lost and canceled open their dialog (the final value, the reason of the
 * loss); reopening happens at once. `dialogs` is rendered once by the caller; `busyId` is the
 * attendance whose move is on its way.
 */
export function useStatusMoves() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useAttendanceSaved();
  const [dialog, setDialog] = useState<Move | null>(null);
  const [subject, setSubject] = useState<MoveSubject | null>(null);
  const [lostReason, setLostReason] = useState('');
  const [wonValue, setWonValue] = useState<number | null>(null);
  const close = () => setDialog(null);
  // A refused move (someone else moved or edited it first: 409) reloads the card where the attendance really is.
  const onError = () => void queryClient.invalidateQueries({ queryKey: trpc.attendances.pathKey() });

  const won = useMutation(
    trpc.attendances.won.mutationOptions({ onSuccess: (a) => saved(a, 'Atendimento marcado como ganho.'), onError, onSettled: close }),
  );
  const lost = useMutation(
    trpc.attendances.lost.mutationOptions({ onSuccess: (a) => saved(a, 'Atendimento marcado como perdido.'), onError, onSettled: close }),
  );
  const cancel = useMutation(
    trpc.attendances.cancel.mutationOptions({ onSuccess: (a) => saved(a, 'Venda cancelada.'), onError, onSettled: close }),
  );
  const reopen = useMutation(trpc.attendances.reopen.mutationOptions({ onSuccess: (a) => saved(a, 'Atendimento reaberto.'), onError }));

  const start = (move: AttendanceTransition, target: MoveSubject) => {
    if (move === 'reopened') {
      reopen.mutate({ id: target.id, version: target.version });
      return;
    }
    setSubject(target);
    setLostReason('');
    setWonValue(target.value_cents);
    setDialog(move);
  };

  const pending = [won, lost, cancel, reopen].find((m) => m.isPending);
  /** What every move's dialog shares. */
  const dialogOf = (move: Move, isPending: boolean) => ({
    opened: dialog === move,
    title: MOVES[move].label,
    confirmLabel: MOVES[move].label,
    loading: isPending,
    onClose: close,
  });

  const dialogs = subject && (
    <>
      <ConfirmDialog
        {...dialogOf('won', won.isPending)}
        color="teal"
        onConfirm={() => won.mutate({ id: subject.id, version: subject.version, ...(wonValue === null ? {} : { value_cents: wonValue }) })}
      >
        <Stack gap="sm">
          <Text>
            Confirma a venda de <strong>{subject.title}</strong>?
          </Text>
          <CurrencyInput label="Valor final da venda" value={wonValue} onChange={setWonValue} />
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        {...dialogOf('lost', lost.isPending)}
        onConfirm={() => lost.mutate({ id: subject.id, version: subject.version, lost_reason: lostReason.trim() || null })}
      >
        <Stack gap="sm">
          <Text>
            Deseja marcar <strong>{subject.title}</strong> como perdido? Ele sai de “Em aberto” e pode ser reaberto depois.
          </Text>
          <Textarea
            label="Motivo da perda"
            description="Opcional"
            autosize
            minRows={2}
            maxLength={maxLengthOf(markLostInput, 'lost_reason')}
            value={lostReason}
            onChange={(e) => setLostReason(e.currentTarget.value)}
          />
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        {...dialogOf('canceled', cancel.isPending)}
        cancelLabel="Voltar"
        onConfirm={() => cancel.mutate({ id: subject.id, version: subject.version })}
      >
        <Text>
          Deseja cancelar a venda de <strong>{subject.title}</strong>? Ela continua listada entre as vendas canceladas.
        </Text>
      </ConfirmDialog>
    </>
  );

  return { start, dialogs, busyId: pending?.variables ? Number(pending.variables.id) : null, reopening: reopen.isPending };
}
