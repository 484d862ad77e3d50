// The agents' comments on the lines of the total-value table (plan feature financial_table_comments):
// a button per line with how many there are, opening the line's conversation (who, when) and a box
// to add one. Without the feature nothing here renders and the comments are never asked for (the
// API refuses them with 403, which would end the session).
import { FINANCIAL_COMMENT_MAX_LENGTH, type FinancialComment } from '@app/shared/budgets';
import { dateTime } from '@app/shared/format';
import { ActionIcon, Button, Group, Indicator, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { hasFeature } from '../../../lib/features';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useFeatures } from '../../../lib/use-session';

type CommentsState = { budgetId: number; comments: FinancialComment[] } | null;
const CommentsContext = createContext<CommentsState>(null);

/** The budget's comments, read once for every line (only with the feature); null without it. */
export function useFinancialComments(budgetId: number | undefined): CommentsState {
  const trpc = useTRPC();
  const allowed = hasFeature(useFeatures(), 'financial_table_comments');
  const query = useQuery(trpc.budgets.financialComments.queryOptions(allowed && budgetId ? { id: budgetId } : skipToken));
  if (!allowed || !budgetId) return null;
  return { budgetId, comments: query.data?.comments ?? [] };
}

export const FinancialCommentsProvider = CommentsContext.Provider;

/**
 * The comment button of one line (`line`: 'sale', 'cost', 'service:12'...) of one proposal; `label`
 * names the line in its dialog. Renders nothing without the feature.
 */
export function CommentButton({ proposalId, line, label }: { proposalId: number; line: string; label: string }) {
  const state = useContext(CommentsContext);
  const [opened, setOpened] = useState(false);
  if (!state) return null;
  const comments = state.comments.filter((c) => c.proposal_id === proposalId && c.line === line);
  const name = `Comentários: ${label}`;
  return (
    <>
      <Tooltip label={comments.length ? `${name} (${comments.length})` : name} withinPortal>
        <Indicator label={comments.length} size={16} disabled={comments.length === 0} offset={4}>
          <ActionIcon
            variant={comments.length ? 'light' : 'subtle'}
            color="gray"
            aria-label={comments.length ? `${name} (${comments.length})` : name}
            onClick={() => setOpened(true)}
            data-testid={`comments-${line}`}
          >
            <IconMessage size={16} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <FormDialog opened={opened} onClose={() => setOpened(false)} title={<Text fw={600}>{name}</Text>} size="md">
        <CommentThread budgetId={state.budgetId} proposalId={proposalId} line={line} comments={comments} />
      </FormDialog>
    </>
  );
}

function CommentThread({
  budgetId,
  proposalId,
  line,
  comments,
}: {
  budgetId: number;
  proposalId: number;
  line: string;
  comments: FinancialComment[];
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  useUnsavedChanges(body !== '');
  const add = useMutation(
    trpc.budgets.addFinancialComment.mutationOptions({
      onSuccess: () => {
        setBody('');
        void queryClient.invalidateQueries({ queryKey: trpc.budgets.financialComments.queryKey({ id: budgetId }) });
        toastSuccess('Comentário adicionado.');
      },
    }),
  );
  const text = body.trim();
  return (
    <Stack gap="md">
      <Text fz="xs" c="dimmed">
        Visível só para a agência: o cliente nunca vê estes comentários.
      </Text>
      {comments.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Nenhum comentário nesta linha.
        </Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Comentários">
          {comments.map((c) => (
            <li key={c.id} data-testid="financial-comment">
              <Text fz="xs" c="dimmed">
                <Text span fw={600} c="var(--mantine-color-text)" fz="xs">
                  {c.user?.name ?? 'Usuário removido'}
                </Text>{' '}
                · {dateTime(c.created_at)}
              </Text>
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.body}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text) add.mutate({ id: budgetId, proposal_id: proposalId, line, body: text });
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Novo comentário"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={FINANCIAL_COMMENT_MAX_LENGTH}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending} disabled={!text}>
              Comentar
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
