import { USER_STATUS_LABELS, USER_STATUSES, type UserStatus } from '@app/shared/constants';
import { Anchor, Button, Card, EmptyState, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed, LoadingRows } from '../../components/ScreenStates';
import { canManageUsers } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { RoleBadge, StatusBadge } from './badges';
import { UserFormModal } from './UserFormModal';

const PER_PAGE = 10;

const isStatus = (v: string | null): v is UserStatus => !!v && (USER_STATUSES as readonly string[]).includes(v);

export default function UsersScreen() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const role = useSession((s) => s.user?.role);
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
  const pagination = list.data?.pagination;
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
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Buscar"
            placeholder="Nome ou e-mail"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search.text}
            onChange={(e) => search.setText(e.currentTarget.value)}
            maxLength={120}
            type="search"
            style={{ flex: '1 1 260px' }}
          />
          <Select
            label="Status"
            placeholder="Todos"
            clearable
            data={USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] }))}
            value={status ?? null}
            onChange={(value) => update({ status: value ?? undefined, page: undefined })}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>

        {list.isPending ? (
          <LoadingRows label="Carregando usuários" />
        ) : list.isError && !list.data ? (
          <LoadFailed
            icon={<IconUsers size={28} aria-hidden />}
            title="Não foi possível carregar os usuários"
            onRetry={() => void list.refetch()}
          />
        ) : users.length === 0 ? (
          <EmptyState
            icon={<IconUsers size={28} aria-hidden />}
            title="Nenhum usuário encontrado"
            description={filtered ? 'Tente outra busca ou limpe os filtros.' : 'Cadastre a equipe da agência em “Novo usuário”.'}
            py="xl"
          >
            {filtered && (
              <EmptyState.Actions>
                <Button
                  variant="light"
                  onClick={() => {
                    search.setText('');
                    update({ busca: undefined, status: undefined, page: undefined });
                  }}
                >
                  Limpar filtros
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        ) : (
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
        )}

        {pagination && pagination.total_count > 0 && (
          <Group justify="space-between" mt="md" gap="sm">
            <Text fz="sm" c="dimmed" aria-live="polite">
              {pagination.total_count === 1 ? '1 usuário' : `${pagination.total_count} usuários`} · página {pagination.current_page} de{' '}
              {pagination.total_pages}
            </Text>
            <Pagination
              total={pagination.total_pages}
              value={pagination.current_page}
              onChange={setPage}
              hideWithOnePage
              aria-label="Paginação"
              getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
              getControlProps={(control) => ({
                'aria-label': { first: 'Primeira página', previous: 'Página anterior', next: 'Próxima página', last: 'Última página' }[
                  control
                ],
              })}
            />
          </Group>
        )}
      </Card>

      {canManageUsers(role) && <UserFormModal opened={createOpened} onClose={createModal.close} />}
    </Stack>
  );
}
