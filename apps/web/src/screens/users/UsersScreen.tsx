import { USER_STATUS_LABELS, USER_STATUSES, type UserStatus } from '@app/shared/constants';
import { Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListFilterSelect, ListPage, ListTable, NewButton } from '../../components/ListScreen';
import { canManageUsers } from '../../lib/permissions';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { useCurrentUser } from '../../lib/use-session';
import { RoleBadge, StatusBadge } from './badges';
import { UserFormModal } from './UserFormModal';

const PER_PAGE = 10;
const NOUN: [string, string] = ['usuário', 'usuários'];

const isStatus = (v: string | null): v is UserStatus => !!v && (USER_STATUSES as readonly string[]).includes(v);

export default function UsersScreen() {
  const trpc = useTRPC();
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
    <>
      <ListPage actions={canManageUsers(role) && <NewButton onClick={createModal.open}>Novo usuário</NewButton>}>
        <ListFilterBar search={search} placeholder="Nome ou e-mail" active={status ? 1 : 0}>
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
          noun={NOUN}
          empty={{
            hint: 'Cadastre a equipe da agência em “Novo usuário”.',
            filtered,
            onClear: () => search.clearFilters(['status']),
          }}
        >
          <ListTable
            query={list}
            rows={users}
            rowKey={(u) => u.id}
            rowTestId="user-row"
            minWidth={640}
            primary={{ label: 'Nome', title: (u) => u.name, to: (u) => `/usuario-view/${u.id}` }}
            columns={[
              {
                label: 'E-mail',
                cell: (u) => (
                  <Text fz="sm" c="dimmed">
                    {u.email}
                  </Text>
                ),
              },
              { label: 'Perfil', cell: (u) => <RoleBadge role={u.role} /> },
              { label: 'Status', cell: (u) => <StatusBadge status={u.status} /> },
            ]}
          />
        </ListContent>

        <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={setPage} />
      </ListPage>

      {canManageUsers(role) && <UserFormModal opened={createOpened} onClose={createModal.close} />}
    </>
  );
}
