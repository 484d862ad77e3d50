// The system company's plan catalogue: every plan (public or not), the agencies on each, and the
// form that creates or edits one with its features.
import type { AdminPlan } from '@app/shared/billing';
import { toCurrency } from '@app/shared/format';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListPage, ListTable, NewButton } from '../../components/ListScreen';
import { useTRPC } from '../../lib/trpc';
import { useListParams } from '../../lib/use-list-params';
import { FEATURE_LABELS } from '../billing/labels';
import { PLAN_FEATURES, PlanFormModal } from './PlanFormModal';

const PER_PAGE = 10;
const NOUN: [string, string] = ['plano', 'planos'];

/** The plan being edited, 'new' for a new one, null with the form closed. */
type Editing = AdminPlan | 'new' | null;

export default function PlansScreen() {
  const trpc = useTRPC();
  const { page, setPage } = useListParams();
  const [editing, setEditing] = useState<Editing>(null);
  const list = useQuery(trpc.billing.admin.plans.queryOptions({ page, per_page: PER_PAGE }, { placeholderData: keepPreviousData }));
  const plans = list.data?.plans ?? [];

  return (
    <>
      <ListPage actions={<NewButton onClick={() => setEditing('new')}>Novo plano</NewButton>}>
        <ListContent
          query={list}
          isEmpty={plans.length === 0}
          icon={<IconPackages size={28} aria-hidden />}
          noun={NOUN}
          empty={{ hint: 'Crie o primeiro plano em “Novo plano”.' }}
        >
          <ListTable
            query={list}
            minWidth={820}
            head={
              <>
                <Table.Th>Plano</Table.Th>
                <Table.Th>Preço mensal</Table.Th>
                <Table.Th>Teste</Table.Th>
                <Table.Th>Agências</Table.Th>
                <Table.Th>Recursos</Table.Th>
              </>
            }
          >
            {plans.map((p) => (
              <Table.Tr key={p.id} className="clickable-row" onClick={() => setEditing(p)} data-testid="plan-row">
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    fw={500}
                    ta="left"
                    aria-label={`Editar ${p.name}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      setEditing(p);
                    }}
                  >
                    {p.name}
                  </Anchor>
                  {!p.is_public && (
                    <Text fz="xs" c="dimmed">
                      Fora do catálogo
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{p.amount_cents === 0 ? 'Grátis' : toCurrency(p.amount_cents)}</Table.Td>
                <Table.Td>{p.trial_days > 0 ? `${p.trial_days} ${p.trial_days === 1 ? 'dia' : 'dias'}` : '—'}</Table.Td>
                <Table.Td>{p.subscriptions_count}</Table.Td>
                <Table.Td>
                  <Group gap={4} data-testid="plan-features">
                    {PLAN_FEATURES.filter((k) => p.features[k]).map((k) => (
                      <Badge key={k} variant="light" color="gray" tt="none">
                        {FEATURE_LABELS[k]}
                      </Badge>
                    ))}
                    {!PLAN_FEATURES.some((k) => p.features[k]) && (
                      <Text fz="sm" c="dimmed">
                        Nenhum
                      </Text>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </ListContent>
        <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={setPage} />
      </ListPage>

      <PlanFormModal
        opened={editing !== null}
        plan={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
