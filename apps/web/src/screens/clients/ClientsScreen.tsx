import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconUsersGroup } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListFilterSelect, ListPage, ListTable, NewButton } from '../../components/ListScreen';
import { useRecordId } from '../../lib/record-route';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { ImportButton } from '../imports/ImportButton';
import { ClientActiveBadge, ClientKindBadge } from './badges';
import { ClientFormModal } from './ClientFormModal';
import { clientDocument, KIND_LABELS } from './labels';
import { clientListInput, readClientFilters } from './list-params';

const NOUN: [string, string] = ['cliente', 'clientes'];

/** /clientes/{id}: the list with the edit form of that client open over it. */
function EditClient({ id, onClose }: { id: number; onClose: () => void }) {
  const trpc = useTRPC();
  const client = useQuery(trpc.clients.get.queryOptions({ id }));
  // A missing client (or another agency's) was already told in the bar: back to the list.
  useEffect(() => {
    if (client.isError) onClose();
  }, [client.isError]);
  return <ClientFormModal opened={!!client.data} client={client.data} onClose={onClose} />;
}

export default function ClientsScreen() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { search: query } = useLocation();
  const editId = useRecordId();
  const { params, page, update, setPage } = useListParams();
  const search = useSearchParam('busca', update);
  const [createOpened, createModal] = useDisclosure(false);

  const filters = readClientFilters(params);
  const { status, kind } = filters;

  const list = useQuery(trpc.clients.list.queryOptions(clientListInput(filters, page), { placeholderData: keepPreviousData }));
  const clients = list.data?.clients ?? [];
  const filtered = !!search.applied || !!status || !!kind;
  const closeEdit = () => void navigate({ pathname: '/clientes', search: query }, { replace: true });

  return (
    <>
      <ListPage
        actions={
          <>
            <ImportButton to="/clientes/import" />
            <NewButton onClick={createModal.open}>Novo cliente</NewButton>
          </>
        }
      >
        <ListFilterBar search={search} placeholder="Nome, e-mail, CPF ou CNPJ" active={[kind, status].filter(Boolean).length}>
          <ListFilterSelect
            label="Tipo"
            param="tipo"
            value={kind}
            update={update}
            data={(['person', 'organization'] as const).map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            w={{ base: '100%', xs: 180 }}
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
            w={{ base: '100%', xs: 160 }}
          />
        </ListFilterBar>

        <ListContent
          query={list}
          isEmpty={clients.length === 0}
          icon={<IconUsersGroup size={28} aria-hidden />}
          noun={NOUN}
          empty={{
            hint: 'Cadastre pessoas e empresas em “Novo cliente”.',
            filtered,
            onClear: () => search.clearFilters(['status', 'tipo']),
          }}
        >
          <ListTable
            query={list}
            rows={clients}
            rowKey={(c) => c.id}
            rowTestId="client-row"
            minWidth={720}
            primary={{ label: 'Nome', title: (c) => c.name, to: (c) => `/clientes-pessoa-interna/${c.id}` }}
            columns={[
              { label: 'Tipo', cell: (c) => <ClientKindBadge kind={c.kind} /> },
              { label: 'CPF/CNPJ', nowrap: true, cell: (c) => clientDocument(c) || <Text c="dimmed">—</Text> },
              {
                label: 'Contato',
                cell: (c) =>
                  (c.email || c.phone) && (
                    <>
                      <Text fz="sm">{c.email}</Text>
                      <Text fz="xs" c="dimmed">
                        {c.phone}
                      </Text>
                    </>
                  ),
              },
              { label: 'Status', cell: (c) => <ClientActiveBadge active={c.is_active} /> },
              {
                label: 'Ações',
                actions: true,
                w: 48,
                cell: (c) => (
                  <Tooltip label="Editar">
                    <ActionIcon
                      component={Link}
                      to={{ pathname: `/clientes/${c.id}`, search: query }}
                      variant="subtle"
                      color="gray"
                      aria-label={`Editar ${c.name}`}
                      onClick={(e) => e.stopPropagation()}
                    >
                      <IconEdit size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ),
              },
            ]}
          />
        </ListContent>
        <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={setPage} />
      </ListPage>

      <ClientFormModal
        opened={createOpened}
        onClose={createModal.close}
        onSaved={(c) => void navigate(`/clientes-pessoa-interna/${c.id}`)}
      />
      {editId && <EditClient key={editId} id={editId} onClose={closeEdit} />}
    </>
  );
}
