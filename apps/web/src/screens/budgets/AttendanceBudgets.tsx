// The budgets of one attendance, on its screen: each with its status and total, and a new one.
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Money } from '../../components/Money';
import { LoadingRows } from '../../components/ScreenStates';
import { useTRPC } from '../../lib/trpc';
import { BudgetStatusBadge } from './badges';
import { budgetEditorPath } from './labels';

/** Shown at most; the rest are a click away on /orcamentos. */
const SHOWN = 6;

export function AttendanceBudgets({ attendanceId, clientId }: { attendanceId: number; clientId: number }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.budgets.list.queryOptions({ attendance_id: attendanceId, page: 1, per_page: SHOWN }));
  const budgets = list.data?.budgets ?? [];
  const total = list.data?.pagination.total_count ?? 0;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="attendance-budgets-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} id="attendance-budgets-title" component="h2" fz="lg">
            Orçamentos
          </Text>
          <Button
            component={Link}
            to={`/novo-orcamento?attendance_id=${attendanceId}`}
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
          >
            Novo orçamento
          </Button>
        </Group>
        {list.isPending ? (
          <LoadingRows label="Carregando orçamentos" count={2} />
        ) : budgets.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {list.isError ? 'Não foi possível carregar os orçamentos.' : 'Nenhum orçamento para este atendimento.'}
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {budgets.map((b) => (
              <Group key={b.id} component="li" justify="space-between" gap="xs" wrap="nowrap" data-testid="attendance-budget">
                <Anchor component={Link} to={budgetEditorPath(b.id)} fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {b.title}
                </Anchor>
                <Group gap="xs" wrap="nowrap">
                  <BudgetStatusBadge status={b.status} />
                  <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    <Money cents={b.total_cents} currency={b.currency} />
                  </Text>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        {total > SHOWN && (
          <Anchor component={Link} to={`/orcamentos?cliente=${clientId}`} fz="sm">
            Ver todos os orçamentos do cliente
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
