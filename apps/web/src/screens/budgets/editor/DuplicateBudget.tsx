// /duplicate-orcamento/{id}: copies the budget (one call) and lands in the copy's editor, which says so.
import { Loader, Stack, Text } from '@mantine/core';
import { IconQuestionMark } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { BackLink, DetailNotFound } from '../../../components/ScreenStates';
import { apiError } from '../../../lib/api-error';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { budgetEditorPath } from '../labels';
import type { EditorState } from './BudgetEditor';

export function DuplicateBudget({ id }: { id: number | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const duplicate = useMutation(
    trpc.budgets.duplicate.mutationOptions({
      onSuccess: (created) => {
        void queryClient.invalidateQueries({ queryKey: trpc.budgets.list.queryKey() });
        queryClient.setQueryData(trpc.budgets.get.queryKey({ id: created.id }), created);
        toastSuccess('Cópia criada.');
        const state: EditorState = { copiedFrom: id };
        void navigate(budgetEditorPath(created.id), { replace: true, state });
      },
    }),
  );
  // One copy per visit, also when React runs the effect twice.
  const started = useRef(false);
  useEffect(() => {
    if (!id || started.current) return;
    started.current = true;
    duplicate.mutate({ id });
  }, [id]);

  const back = <BackLink to="/orcamentos">Voltar para orçamentos</BackLink>;
  if (!id || (duplicate.isError && apiError(duplicate.error).status === 404)) {
    return <DetailNotFound back={back} icon={<IconQuestionMark size={28} aria-hidden />} title="Orçamento não encontrado" />;
  }
  if (duplicate.isError) {
    return (
      <Stack gap="md">
        {back}
        <Text c="dimmed">Não foi possível duplicar o orçamento.</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" align="center" py="xl" aria-busy="true">
      <Loader aria-hidden />
      <Text>Duplicando o orçamento…</Text>
    </Stack>
  );
}
