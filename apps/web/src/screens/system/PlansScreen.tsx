// The system company's plan catalogue: every plan (public or not), the agencies on each, and the
// form that creates or edits one with its features.
import type { AdminPlan } from '@app/shared/billing';
import { toCurrency } from '@app/shared/format';
import { Badge, Group, Text } from '@mantine/core';
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
            rows={plans}
            rowKey={(p) => p.id}
            rowTestId="plan-row"
            minWidth={820}
            primary={{
              label: 'Plano',
              title: (p) => p.name,
              subtitle: (p) => !p.is_public && 'Fora do catálogo',
              onOpen: setEditing,
              openLabel: (p) => `Editar ${p.name}`,
            }}
            columns={[
              { label: 'Preço mensal', cell: (p) => (p.amount_cents === 0 ? 'Grátis' : toCurrency(p.amount_cents)) },
              { label: 'Teste', cell: (p) => (p.trial_days > 0 ? `${p.trial_days} ${p.trial_days === 1 ? 'dia' : 'dias'}` : '—') },
              { label: 'Agências', cell: (p) => p.subscriptions_count },
              {
                label: 'Recursos',
                cell: (p) => (
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
                ),
              },
            ]}
          />
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
