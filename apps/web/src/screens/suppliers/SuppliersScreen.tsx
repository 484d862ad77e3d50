import type { ClientKind } from '@app/shared/crm-labels';
import { serviceTypeOfSlug } from '@app/shared/service-types';
import { Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListFilterSelect, ListPage, ListTable, NewButton } from '../../components/ListScreen';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { ImportButton } from '../imports/ImportButton';
import { ServiceTypeBadges, SupplierActiveBadge, SupplierKindBadge } from './badges';
import { KIND_LABELS, SERVICE_TYPE_OPTIONS, supplierDocument, supplierPath } from './labels';
import { SupplierFormModal } from './SupplierFormModal';

const PER_PAGE = 10;
const NOUN: [string, string] = ['fornecedor', 'fornecedores'];

const STATUS_PARAM = { ativos: 'true', inativos: 'false' } as const;
type StatusParam = keyof typeof STATUS_PARAM;
const isStatusParam = (v: string | null): v is StatusParam => v === 'ativos' || v === 'inativos';
const isKind = (v: string | null): v is ClientKind => v === 'person' || v === 'organization';

/** /fornecedores: the agency's suppliers, searched and filtered from the address (busca, servico, tipo, status). */
export default function SuppliersScreen() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { params, page, update, setPage } = useListParams();
  const search = useSearchParam('busca', update);
  const [createOpened, createModal] = useDisclosure(false);

  const statusParam = params.get('status');
  const status = isStatusParam(statusParam) ? statusParam : undefined;
  const kindParam = params.get('tipo');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const serviceParam = params.get('servico') ?? undefined;
  const serviceType = serviceTypeOfSlug(serviceParam);

  const list = useQuery(
    trpc.suppliers.list.queryOptions(
      {
        search: search.applied || undefined,
        is_active: status ? STATUS_PARAM[status] : undefined,
        kind,
        service_type: serviceType,
        page,
        per_page: PER_PAGE,
      },
      { placeholderData: keepPreviousData },
    ),
  );
  const suppliers = list.data?.suppliers ?? [];
  const filtered = !!search.applied || !!status || !!kind || !!serviceType;

  return (
    <>
      <ListPage
        actions={
          <>
            <ImportButton to="/fornecedores/import" />
            <NewButton onClick={createModal.open}>Novo fornecedor</NewButton>
          </>
        }
      >
        <ListFilterBar
          search={search}
          placeholder="Nome, nome fantasia, e-mail, CPF ou CNPJ"
          active={[serviceType, kind, status].filter(Boolean).length}
        >
          <ListFilterSelect
            label="Serviço"
            param="servico"
            value={serviceType ? serviceParam : undefined}
            update={update}
            data={SERVICE_TYPE_OPTIONS}
            w={{ base: '100%', xs: 170 }}
          />
          <ListFilterSelect
            label="Tipo"
            param="tipo"
            value={kind}
            update={update}
            data={(['organization', 'person'] as const).map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            w={{ base: '100%', xs: 170 }}
          />
          <ListFilterSelect
            label="Status"
            param="status"
            value={status}
            update={update}
            data={[
              { value: 'ativos', label: 'Ativos' },
              { value: 'inativos', label: 'Inativos' },
            ]}
            w={{ base: '100%', xs: 150 }}
          />
        </ListFilterBar>

        <ListContent
          query={list}
          isEmpty={suppliers.length === 0}
          icon={<IconBuildingStore size={28} aria-hidden />}
          noun={NOUN}
          empty={{
            hint: 'Cadastre hotéis, companhias aéreas, operadoras e outros parceiros em “Novo fornecedor”.',
            filtered,
            onClear: () => search.clearFilters(['servico', 'tipo', 'status']),
          }}
        >
          <ListTable
            query={list}
            rows={suppliers}
            rowKey={(s) => s.id}
            rowTestId="supplier-row"
            minWidth={760}
            primary={{
              label: 'Nome',
              title: (s) => s.name,
              subtitle: (s) => s.trade_name,
              // Filtered by a service type, the detail opens on that type's tab.
              to: (s) => supplierPath(s, serviceType),
            }}
            columns={[
              { label: 'Serviços', cell: (s) => <ServiceTypeBadges types={s.service_types} /> },
              { label: 'Tipo', cell: (s) => <SupplierKindBadge kind={s.kind} /> },
              { label: 'CPF/CNPJ', nowrap: true, cell: (s) => supplierDocument(s) || <Text c="dimmed">—</Text> },
              {
                label: 'Contato',
                cell: (s) =>
                  (s.email || s.phone) && (
                    <>
                      <Text fz="sm">{s.email}</Text>
                      <Text fz="xs" c="dimmed">
                        {s.phone}
                      </Text>
                    </>
                  ),
              },
              { label: 'Status', cell: (s) => <SupplierActiveBadge active={s.is_active} /> },
            ]}
          />
        </ListContent>
        <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={setPage} />
      </ListPage>

      <SupplierFormModal opened={createOpened} onClose={createModal.close} onSaved={(s) => void navigate(supplierPath(s))} />
    </>
  );
}
