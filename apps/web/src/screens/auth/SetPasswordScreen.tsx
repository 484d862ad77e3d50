import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { NEW_PASSWORD_RULES, NewPasswordFields } from '../../components/NewPasswordFields';
import { useTRPC } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';

export default function SetPasswordScreen() {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { password: '', password_confirmation: '' },
    rules: NEW_PASSWORD_RULES,
    labels: { password: 'Nova senha', password_confirmation: 'Confirmação' },
  });
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: (data) => void navigate('/login', { replace: true, state: { flash: data.message } }),
      onError: (error) => form.setServerErrors(error),
    }),
  );

  return (
    <AuthCard title="Definir nova senha" subtitle="Escolha a nova senha da sua conta.">
      <form ref={form.formRef} onSubmit={form.onSubmit((values) => reset.mutate({ token, ...values }))} noValidate>
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
