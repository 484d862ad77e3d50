import { newPasswordInput } from '@app/shared/auth';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useSchemaForm } from '../../lib/form';
import { useTRPC } from '../../lib/trpc';
import { InvalidRegistrationLink, RegistrationDone, RegistrationLoading } from './RegistrationStates';
import { useRegistrationInfo } from './use-registration-info';

export default function ActivateUserScreen() {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const info = useRegistrationInfo(token);
  const form = useSchemaForm({ schema: newPasswordInput, initialValues: { password: '', password_confirmation: '' } });
  const activate = useMutation(trpc.auth.activateRegistration.mutationOptions({ onError: (error) => form.setServerErrors(error) }));

  if (activate.isSuccess) return <RegistrationDone title="Cadastro confirmado" message={activate.data.message} />;
  if (info.isPending) return <RegistrationLoading />;
  if (info.isError) return <InvalidRegistrationLink />;

  const { name, email, company_name } = info.data;
  return (
    <AuthCard
      title="Confirmar cadastro"
      subtitle={`Olá, ${name}! Você foi cadastrado(a) na ${company_name}. Crie sua senha para confirmar o cadastro.`}
    >
      <form onSubmit={form.submit((input) => activate.mutate({ token, ...input }))} noValidate>
        <Stack gap="md">
          {form.formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {form.formError}
            </Alert>
          )}
          <TextInput label="Agência" value={company_name} readOnly variant="filled" />
          <TextInput label="E-mail" value={email} readOnly variant="filled" autoComplete="username" />
          <NewPasswordFields
            autoFocus
            password={form.getInputProps('password')}
            confirmation={form.getInputProps('password_confirmation')}
          />
          <Button type="submit" loading={activate.isPending}>
            Confirmar cadastro
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
