import type { User } from '@app/shared/auth';
import { ROLE_LABELS, type Role } from '@app/shared/constants';
import { createUserInput } from '@app/shared/users';
import { Alert, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { PhoneInput } from '../../components/PhoneInput';
import { useSchemaForm } from '../../lib/form';
import { assignableRoles } from '../../lib/permissions';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-session';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** Edit this user; without it, create one. */
  user?: User;
  onSaved?: (user: User) => void;
};

function UserForm({ user, onClose, onSaved }: Omit<Props, 'opened'>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const isSelf = !!user && user.id === me?.id;
  const roles: Role[] = assignableRoles(me?.role);
  // The current role stays listed even when this actor could not grant it (it can't be changed then).
  if (user && !roles.includes(user.role)) roles.push(user.role);

  const form = useSchemaForm({
    schema: createUserInput,
    initialValues: {
      user: { name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '', role: user?.role ?? 'colaborador' },
    },
    labels: { name: 'Nome', email: 'E-mail' },
  });
  const close = useUnsavedChanges(form.hasChanges());

  const done = (saved: User, message: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
    queryClient.setQueryData(trpc.users.get.queryKey({ id: saved.id }), saved);
    toastSuccess(message);
    onSaved?.(saved);
    onClose();
  };

  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: (saved) => done(saved, `Usuário cadastrado. Enviamos um e-mail para ${saved.email} confirmar o cadastro.`),
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const update = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: (saved) => done(saved, 'Usuário atualizado.'),
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const pending = create.isPending || update.isPending;

  const submit = form.submit(({ user: fields }) => {
    if (!user) {
      create.mutate({ user: fields });
      return;
    }
    // Nobody changes their own role; send the role only when it changed.
    const { role, ...rest } = fields;
    update.mutate({ id: user.id, user: isSelf || role === user.role ? rest : fields });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {!user && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            O novo usuário recebe um e-mail para confirmar o cadastro e criar a senha.
          </Alert>
        )}
        <ErrorText>{form.formError}</ErrorText>
        <TextInput label="Nome" withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('user.name')} />
        <TextInput label="E-mail" type="email" inputMode="email" withAsterisk autoComplete="off" {...form.getInputProps('user.email')} />
        <PhoneInput form={form} path="user.phone" label="Telefone" />
        <Select
          label="Perfil de acesso"
          withAsterisk
          allowDeselect={false}
          disabled={isSelf}
          description={isSelf ? 'Você não pode alterar o seu próprio perfil de acesso.' : undefined}
          data={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          {...form.getInputProps('user.role')}
        />
        <FormActions onCancel={close} pending={pending} mt="xs">
          {user ? 'Salvar alterações' : 'Cadastrar usuário'}
        </FormActions>
      </Stack>
    </form>
  );
}

export function UserFormModal({ opened, onClose, user, onSaved }: Props) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{user ? 'Editar usuário' : 'Novo usuário'}</Text>}
      centered
      size="lg"
    >
      {/* Mounted only while open, so every opening starts from fresh values. */}
      {opened && <UserForm user={user} onClose={onClose} onSaved={onSaved} />}
    </FormDialog>
  );
}
