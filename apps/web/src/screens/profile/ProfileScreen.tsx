import { ROLE_LABELS } from '@app/shared/constants';
import { Button, Card, Group, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NEW_PASSWORD_RULES, NewPasswordFields } from '../../components/NewPasswordFields';
import { PageHeader } from '../../components/PageHeader';
import { applyProfile } from '../../lib/session';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';

type ProfileUser = { name: string; phone: string | null; email: string; role: keyof typeof ROLE_LABELS; company_name: string };

function PersonalDataForm({ user }: { user: ProfileUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: user.name, phone: user.phone ?? '' },
    rules: { name: 'required|minmax:2,120' },
    labels: { name: 'Nome', phone: 'Telefone' },
  });
  const update = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: (profile) => {
        applyProfile(profile);
        queryClient.setQueryData(trpc.profile.get.queryKey(), profile);
        void queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
        toastSuccess('Seus dados foram atualizados.');
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const dirty = form.values.name !== user.name || form.values.phone !== (user.phone ?? '');

  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby="dados-pessoais">
      <Title order={2} fz="h4" mb="md" id="dados-pessoais">
        Dados pessoais
      </Title>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={form.onSubmit((values) => update.mutate({ name: values.name.trim(), phone: values.phone.trim() || null }))}
      >
        <Stack gap="md">
          <TextInput label="Nome" autoComplete="name" withAsterisk maxLength={120} {...form.getInputProps('name')} />
          <TextInput
            label="Telefone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="(11) 91234-5678"
            maxLength={30}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="E-mail"
            value={user.email}
            readOnly
            variant="filled"
            description="Para trocar o e-mail, fale com o responsável pela agência."
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Perfil de acesso" value={ROLE_LABELS[user.role]} readOnly variant="filled" />
            <TextInput label="Agência" value={user.company_name} readOnly variant="filled" />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!dirty}>
              Salvar dados
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ChangePasswordForm() {
  const trpc = useTRPC();
  const form = useForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    rules: { current_password: 'required', ...NEW_PASSWORD_RULES },
    labels: { current_password: 'Senha atual', password: 'Nova senha', password_confirmation: 'Confirmação' },
  });
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: (data) => {
        form.reset();
        toastSuccess(data.message);
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby="alterar-senha">
      <Title order={2} fz="h4" mb="md" id="alterar-senha">
        Alterar senha
      </Title>
      <form ref={form.formRef} noValidate onSubmit={form.onSubmit((values) => change.mutate(values))}>
        <Stack gap="md">
          <PasswordInput
            label="Senha atual"
            autoComplete="current-password"
            withAsterisk
            maxLength={200}
            {...form.getInputProps('current_password')}
          />
          <NewPasswordFields password={form.getInputProps('password')} confirmation={form.getInputProps('password_confirmation')} />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Alterar senha
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export default function ProfileScreen() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.profile.get.queryOptions());

  return (
    <Stack maw={1100} gap={0}>
      <PageHeader />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {profile.data ? (
          // Keyed by the user so the form restarts from the saved values after a reload.
          <PersonalDataForm key={`${profile.data.user.id}-${profile.data.user.name}-${profile.data.user.phone}`} user={profile.data.user} />
        ) : (
          <Card withBorder padding="lg" radius="lg" aria-busy="true">
            {profile.isError ? (
              <Text c="dimmed">Não foi possível carregar os seus dados.</Text>
            ) : (
              <Stack>
                <Skeleton h={24} w="40%" />
                <Skeleton h={56} />
                <Skeleton h={56} />
                <Skeleton h={56} />
              </Stack>
            )}
          </Card>
        )}
        <ChangePasswordForm />
      </SimpleGrid>
    </Stack>
  );
}
