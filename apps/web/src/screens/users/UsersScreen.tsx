import { USER_STATUS_LABELS, USER_STATUSES, type UserStatus } from '@app/shared/constants';
import { Anchor, Button, Card, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListFilterSelect, ListSearchInput } from '../../components/ListScreen';
import { PageHeader } from '../../components/PageHeader';
import { canManageUsers } from '../../lib/permissions';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { useCurrentUser } from '../../lib/use-session';
import { RoleBadge, StatusBadge } from './badges';
import { UserFormModal } from './UserFormModal';

const PER_PAGE = 10;

const isStatus = (v: string | null): v is UserStatus => !!v && (USER_STATUSES as readonly string[]).includes(v);

export default function UsersScreen() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const role = useCurrentUser()?.role;
  const [createOpened, createModal] = useDisclosure(false);
  const { params, page, update, setPage } = useListParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const search = useSearchParam('busca', update);
  const searchParam = search.applied;

  const list = useQuery(
    trpc.users.list.queryOptions(
      { search: searchParam || undefined, status, page, per_page: PER_PAGE },
      { placeholderData: keepPreviousData },
    ),
  );
  const users = list.data?.users ?? [];
  const filtered = !!searchParam || !!status;

  return (
    <Stack gap={0}>
      <PageHeader
        actions={
          canManageUsers(role) && (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={createModal.open}>
              Novo usuário
            </Button>
          )
        }
      />

      <Card withBorder radius="lg" padding="md">
        <ListFilterBar>
          <ListSearchInput search={search} placeholder="Nome ou e-mail" />
          <ListFilterSelect
            label="Status"
            param="status"
            value={status}
            update={update}
            data={USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] }))}
            w={{ base: '100%', xs: 220 }}
          />
        </ListFilterBar>

        <ListContent
          query={list}
          isEmpty={users.length === 0}
          icon={<IconUsers size={28} aria-hidden />}
          loadingLabel="Carregando usuários"
          failedTitle="Não foi possível carregar os usuários"
          empty={{
            title: 'Nenhum usuário encontrado',
            hint: 'Cadastre a equipe da agência em “Novo usuário”.',
            filtered,
            onClear: () => {
              search.setText('');
              update({ busca: undefined, status: undefined, page: undefined });
            },
          }}
        >
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm" aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Perfil</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((u) => (
                  <Table.Tr
                    key={u.id}
                    className="clickable-row"
                    onClick={() => void navigate(`/usuario-view/${u.id}`)}
                    data-testid="user-row"
                  >
                    <Table.Td>
                      <Anchor component={Link} to={`/usuario-view/${u.id}`} fw={500} onClick={(e) => e.stopPropagation()}>
                        {u.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" c="dimmed">
                        {u.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RoleBadge role={u.role} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={u.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ListContent>

        <ListPagination pagination={list.data?.pagination} noun={['usuário', 'usuários']} onChange={setPage} />
      </Card>

      {canManageUsers(role) && <UserFormModal opened={createOpened} onClose={createModal.close} />}
    </Stack>
  );
}
