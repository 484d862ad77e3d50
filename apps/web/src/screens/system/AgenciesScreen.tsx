// The system company's list of agencies: search, plan and status filters, and each agency's
// details (its staff, the support action on its subscription) in a drawer.
import type { AdminCompany } from '@app/shared/billing';
import { PLAN_STATUSES, type PlanStatus } from '@app/shared/plan-status';
import { Text } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListFilterSelect, ListPage, ListTable } from '../../components/ListScreen';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { AgencyDrawer } from './AgencyDrawer';
import { PlanStatusBadge } from './badges';
import { periodText, statusOption } from './labels';

const PER_PAGE = 10;
const NOUN: [string, string] = ['agência', 'agências'];

const isStatus = (v: string | null): v is PlanStatus => !!v && (PLAN_STATUSES as readonly string[]).includes(v);

export default function AgenciesScreen() {
  const trpc = useTRPC();
  const { params, page, update, setPage } = useListParams();
  const statusParam = params.get('situacao');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const planParam = Number(params.get('plano'));
  const planId = Number.isInteger(planParam) && planParam > 0 ? planParam : undefined;
  const search = useSearchParam('busca', update);
  const searchParam = search.applied;
  const [selected, setSelected] = useState<AdminCompany | null>(null);

  const list = useQuery(
    trpc.companies.list.queryOptions(
      { search: searchParam || undefined, status, plan_id: planId, page, per_page: PER_PAGE },
      { placeholderData: keepPreviousData },
    ),
  );
  const plans = useQuery(trpc.billing.admin.plans.queryOptions({ page: 1, per_page: 100 }));
  const agencies = list.data?.companies ?? [];
  // The row as the list shows it now; one a filter no longer shows stays as last seen.
  const opened = selected && (agencies.find((a) => a.id === selected.id) ?? selected);

  return (
    <>
      <ListPage>
        <ListFilterBar search={search} placeholder="Nome ou subdomínio" active={[status, planId].filter(Boolean).length}>
          <ListFilterSelect
            label="Situação"
            param="situacao"
            value={status}
            update={update}
            data={PLAN_STATUSES.map(statusOption)}
            w={{ base: '100%', xs: 260 }}
          />
          <ListFilterSelect
            label="Plano"
            param="plano"
            value={planId ? String(planId) : undefined}
            update={update}
            data={(plans.data?.plans ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            w={{ base: '100%', xs: 220 }}
          />
        </ListFilterBar>

        <ListContent
          query={list}
          isEmpty={agencies.length === 0}
          icon={<IconBuildingSkyscraper size={28} aria-hidden />}
          noun={NOUN}
          feminine
          empty={{
            hint: 'As agências aparecem aqui assim que são criadas.',
            filtered: !!searchParam || !!status || !!planId,
            onClear: () => search.clearFilters(['situacao', 'plano']),
          }}
        >
          <ListTable
            query={list}
            rows={agencies}
            rowKey={(a) => a.id}
            rowTestId="agency-row"
            minWidth={760}
            primary={{ label: 'Agência', title: (a) => a.name, subtitle: (a) => a.subdomain, onOpen: setSelected }}
            columns={[
              { label: 'Plano', cell: (a) => a.plan_name ?? '—' },
              { label: 'Situação', cell: (a) => <PlanStatusBadge agency={a} /> },
              {
                label: 'Período',
                cell: (a) => (
                  <Text fz="sm" data-testid="agency-period">
                    {periodText(a)}
                  </Text>
                ),
              },
              {
                label: 'Proprietário',
                cell: (a) => (
                  <Text fz="sm" c="dimmed">
                    {a.owner_email ?? '—'}
                  </Text>
                ),
              },
            ]}
          />
        </ListContent>

        <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={setPage} />
      </ListPage>

      <AgencyDrawer agency={opened} onClose={() => setSelected(null)} onSaved={setSelected} />
    </>
  );
}
