import { newPasswordInput } from '@app/shared/auth';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useSchemaForm } from '../../lib/form';
import { useTRPC } from '../../lib/trpc';

export default function SetPasswordScreen() {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const form = useSchemaForm({ schema: newPasswordInput, initialValues: { password: '', password_confirmation: '' } });
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: (data) => void navigate('/login', { replace: true, state: { flash: data.message } }),
      onError: (error) => form.setServerErrors(error),
    }),
  );

  return (
    <AuthCard title="Definir nova senha" subtitle="Escolha a nova senha da sua conta.">
      <form onSubmit={form.submit((input) => reset.mutate({ token, ...input }))} noValidate>
        <Stack gap="md">
          {form.formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {form.formError}{' '}
              <Anchor component={Link} to="/recuperar-senha" fz="sm">
                Pedir um novo link
              </Anchor>
            </Alert>
          )}
          <NewPasswordFields
            autoFocus
            password={form.getInputProps('password')}
            confirmation={form.getInputProps('password_confirmation')}
          />
          <Button type="submit" loading={reset.isPending}>
            Salvar nova senha
          </Button>
          <Anchor component={Link} to="/login" fz="sm" ta="center">
            Voltar para o login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
