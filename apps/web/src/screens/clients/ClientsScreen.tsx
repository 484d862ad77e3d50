import type { ClientKind } from '@app/shared/clients';
import { parseRecordId } from '@app/shared/constants';
import { ActionIcon, Anchor, Button, Card, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListFilterSelect, ListSearchInput } from '../../components/ListScreen';
import { PageHeader } from '../../components/PageHeader';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { ClientActiveBadge, ClientKindBadge } from './badges';
import { ClientFormModal } from './ClientFormModal';
import { clientDocument, KIND_LABELS } from './labels';

const PER_PAGE = 10;

const STATUS_PARAM = { ativos: 'true', inativos: 'false' } as const;
type StatusParam = keyof typeof STATUS_PARAM;
const isStatusParam = (v: string | null): v is StatusParam => v === 'ativos' || v === 'inativos';
const isKind = (v: string | null): v is ClientKind => v === 'person' || v === 'organization';

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
  const { id: idParam } = useParams();
  const editId = parseRecordId(idParam);
  const { params, page, update, setPage } = useListParams();
  const search = useSearchParam('busca', update);
  const [createOpened, createModal] = useDisclosure(false);

  const statusParam = params.get('status');
  const status = isStatusParam(statusParam) ? statusParam : undefined;
  const kindParam = params.get('tipo');
  const kind = isKind(kindParam) ? kindParam : undefined;

  const list = useQuery(
    trpc.clients.list.queryOptions(
      { search: search.applied || undefined, is_active: status ? STATUS_PARAM[status] : undefined, kind, page, per_page: PER_PAGE },
      { placeholderData: keepPreviousData },
    ),
  );
  const clients = list.data?.clients ?? [];
  const filtered = !!search.applied || !!status || !!kind;
  const closeEdit = () => void navigate({ pathname: '/clientes', search: query }, { replace: true });

  return (
    <Stack gap={0}>
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={createModal.open}>
            Novo cliente
          </Button>
        }
      />
      <Card withBorder radius="lg" padding="md">
        <ListFilterBar>
          <ListSearchInput search={search} placeholder="Nome, e-mail, CPF ou CNPJ" />
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
          loadingLabel="Carregando clientes"
          failedTitle="Não foi possível carregar os clientes"
          empty={{
            title: 'Nenhum cliente encontrado',
            hint: 'Cadastre pessoas e empresas em “Novo cliente”.',
            filtered,
            onClear: () => {
              search.setText('');
              update({ busca: undefined, status: undefined, tipo: undefined, page: undefined });
            },
          }}
        >
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing="sm" aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Tipo</Table.Th>
                  <Table.Th>CPF/CNPJ</Table.Th>
                  <Table.Th>Contato</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {clients.map((c) => (
                  <Table.Tr
                    key={c.id}
                    className="clickable-row"
                    onClick={() => void navigate(`/clientes-pessoa-interna/${c.id}`)}
                    data-testid="client-row"
                  >
                    <Table.Td>
                      <Anchor component={Link} to={`/clientes-pessoa-interna/${c.id}`} fw={500} onClick={(e) => e.stopPropagation()}>
                        {c.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <ClientKindBadge kind={c.kind} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{clientDocument(c) || <Text c="dimmed">—</Text>}</Table.Td>
                    <Table.Td>
                      <Text fz="sm">{c.email}</Text>
                      <Text fz="xs" c="dimmed">
                        {c.phone}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ClientActiveBadge active={c.is_active} />
                    </Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ListContent>
        <ListPagination pagination={list.data?.pagination} noun={['cliente', 'clientes']} onChange={setPage} />
      </Card>

      <ClientFormModal
        opened={createOpened}
        onClose={createModal.close}
        onSaved={(c) => void navigate(`/clientes-pessoa-interna/${c.id}`)}
      />
      {editId && <EditClient key={editId} id={editId} onClose={closeEdit} />}
    </Stack>
  );
}
