import type { User } from '@app/shared/auth';
import { dateTime } from '@app/shared/format';
import { Anchor, Button, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconUserCheck, IconUserOff, IconUserQuestion } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DetailField } from '../../components/DetailFields';
import { PageHeader } from '../../components/PageHeader';
import { BackLink as BackTo, DetailNotFound } from '../../components/ScreenStates';
import { canManageUser } from '../../lib/permissions';
import { recordNotFound, useRecordId } from '../../lib/record-route';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-session';
import { RoleBadge, StatusBadge } from './badges';
import { UserFormModal } from './UserFormModal';

function BackLink() {
  return <BackTo to="/usuarios">Voltar para usuários</BackTo>;
}

function UserActions({ user }: { user: User }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const [editOpened, edit] = useDisclosure(false);
  const [confirmOpened, confirm] = useDisclosure(false);

  const saved = (u: User, message: string) => {
    queryClient.setQueryData(trpc.users.get.queryKey({ id: u.id }), u);
    void queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() });
    toastSuccess(message);
  };
  const deactivate = useMutation(
    trpc.users.deactivate.mutationOptions({
      onSuccess: (u) => {
        confirm.close();
        saved(u, 'Usuário desativado.');
      },
      onError: () => confirm.close(),
    }),
  );
  const reopen = useMutation(trpc.users.reopen.mutationOptions({ onSuccess: (u) => saved(u, 'Usuário reativado.') }));

  if (!canManageUser(me, user)) return null;
  const isSelf = me?.id === user.id;
  const canDeactivate = !isSelf && (user.status === 'active' || user.status === 'pending');
  const canReopen = !isSelf && user.status === 'inactive';

  return (
    <>
      <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={edit.open}>
        Editar
      </Button>
      {canDeactivate && (
        <Button color="red" variant="light" leftSection={<IconUserOff size={16} aria-hidden />} onClick={confirm.open}>
          Desativar
        </Button>
      )}
      {canReopen && (
        <Button
          color="teal"
          leftSection={<IconUserCheck size={16} aria-hidden />}
          loading={reopen.isPending}
          onClick={() => reopen.mutate({ id: user.id })}
        >
          Reativar
        </Button>
      )}
      <UserFormModal opened={editOpened} onClose={edit.close} user={user} />
      <ConfirmDialog
        opened={confirmOpened}
        title="Desativar usuário"
        confirmLabel="Desativar"
        loading={deactivate.isPending}
        onClose={confirm.close}
        onConfirm={() => deactivate.mutate({ id: user.id })}
      >
        <Text>
          Deseja desativar <strong>{user.name}</strong>? O acesso ao sistema fica bloqueado até que o usuário seja reativado.
        </Text>
      </ConfirmDialog>
    </>
  );
}

export default function UserViewScreen() {
  const id = useRecordId();
  const trpc = useTRPC();
  const query = useQuery(trpc.users.get.queryOptions(id ? { id } : skipToken));

  if (recordNotFound(id, query)) {
    return <DetailNotFound back={<BackLink />} icon={<IconUserQuestion size={28} aria-hidden />} title="Usuário não encontrado" />;
  }

  const user = query.data;
  return (
    <Stack gap="md" maw={960}>
      <BackLink />
      <PageHeader title={user?.name ?? 'Usuário'} actions={user && <UserActions user={user} />}>
        {user && <StatusBadge status={user.status} />}
      </PageHeader>
      <Card withBorder radius="lg" padding="lg" aria-busy={query.isPending}>
        {user ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
            <DetailField label="Nome">
              <Text>{user.name}</Text>
            </DetailField>
            <DetailField label="E-mail">
              <Anchor href={`mailto:${user.email}`}>{user.email}</Anchor>
            </DetailField>
            <DetailField label="Telefone">
              <Text c={user.phone ? undefined : 'dimmed'}>{user.phone || 'Não informado'}</Text>
            </DetailField>
            <DetailField label="Perfil de acesso">
              <RoleBadge role={user.role} />
            </DetailField>
            <DetailField label="Status">
              <StatusBadge status={user.status} />
            </DetailField>
            <DetailField label="Agência">
              <Text>{user.company_name}</Text>
            </DetailField>
            <DetailField label="Cadastrado em">
              <Text>{dateTime(user.created_at)}</Text>
            </DetailField>
          </SimpleGrid>
        ) : query.isError ? (
          <Text c="dimmed">Não foi possível carregar o usuário.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} h={44} />
            ))}
          </SimpleGrid>
        )}
      </Card>
    </Stack>
  );
}
