import { changePasswordInput, profileFormInput } from '@app/shared/auth';
import { ROLE_LABELS } from '@app/shared/constants';
import { Button, Card, Group, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { Feature } from '../../components/Feature';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PageHeader } from '../../components/PageHeader';
import { PhoneInput } from '../../components/PhoneInput';
import { useSchemaForm } from '../../lib/form';
import { isOwner } from '../../lib/permissions';
import { adoptFreshToken } from '../../lib/session';
import { profileQuery } from '../../lib/session-queries';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { PipedriveCard } from '../integrations/PipedriveCard';
import { NfseSettingsCard } from '../nfse/NfseSettingsCard';
import { AccountClosureCard } from './AccountClosureCard';
import { AgencyDataCard } from './AgencyDataCard';
import { AgencyExportCard } from './AgencyExportCard';
import { NotificationEmailsCard } from './NotificationEmailsCard';

type ProfileUser = { name: string; phone: string | null; email: string; role: keyof typeof ROLE_LABELS; company_name: string };

/** One of the screen's two forms: a titled card whose valid values `mutation` sends. */
function FormCard<Input>({
  title,
  form,
  mutation,
  submitLabel,
  disabled,
  children,
}: {
  title: string;
  form: { formError: string | null; submit: (handler: (input: Input) => void) => (event?: FormEvent<HTMLFormElement>) => void };
  mutation: { mutate: (input: Input) => void; isPending: boolean };
  submitLabel: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" mb="md" id={titleId}>
        {title}
      </Title>
      <form noValidate onSubmit={form.submit((input) => mutation.mutate(input))}>
        <Stack gap="md">
          <ErrorText>{form.formError}</ErrorText>
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} disabled={disabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PersonalDataForm({ user }: { user: ProfileUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: profileFormInput,
    initialValues: { name: user.name, phone: user.phone ?? '' },
    labels: { name: 'Nome' },
  });
  const update = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: (profile) => {
        // The session's profile: the stored user and a fresh token follow from it.
        queryClient.setQueryData(profileQuery(trpc).queryKey, profile);
        void queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
        toastSuccess('Seus dados foram atualizados.');
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );

  return (
    <FormCard title="Dados pessoais" form={form} mutation={update} submitLabel="Salvar dados" disabled={!form.isDirty()}>
      <TextInput label="Nome" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
      <PhoneInput form={form} path="phone" label="Telefone" autoComplete="tel" />
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
    </FormCard>
  );
}

function ChangePasswordForm() {
  const trpc = useTRPC();
  const form = useSchemaForm({
    schema: changePasswordInput,
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    labels: { current_password: 'Senha atual' },
  });
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: (data) => {
        // The change ended every earlier token: this device goes on with the reply's.
        adoptFreshToken(data.token);
        form.reset();
        toastSuccess(data.message);
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  return (
    <FormCard title="Alterar senha" form={form} mutation={change} submitLabel="Alterar senha">
      <PasswordInput label="Senha atual" autoComplete="current-password" withAsterisk {...form.getInputProps('current_password')} />
      <NewPasswordFields password={form.getInputProps('password')} confirmation={form.getInputProps('password_confirmation')} />
    </FormCard>
  );
}

export default function ProfileScreen() {
  const trpc = useTRPC();
  const profile = useQuery(profileQuery(trpc));

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
        <NotificationEmailsCard />
      </SimpleGrid>
      {profile.data && isOwner(profile.data.user.role) && (
        <Stack mt="lg">
          <AgencyDataCard companyId={profile.data.user.company_id} />
          <AgencyExportCard />
          <Feature name="pipedrive_deals">
            <PipedriveCard />
          </Feature>
          <Feature name="nfse">
            <NfseSettingsCard />
          </Feature>
          <AccountClosureCard companyName={profile.data.user.company_name} />
        </Stack>
      )}
    </Stack>
  );
}
