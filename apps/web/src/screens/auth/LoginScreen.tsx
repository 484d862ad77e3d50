import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { apiError, errorText } from '../../lib/api-error';
import { startSession } from '../../lib/auth-actions';
import { useSchemaForm } from '../../lib/form';
import { useTRPC } from '../../lib/trpc';

/**
 * A failed login reads the server's text (a network failure in the bar's words); field errors
 * show on their fields instead (or above them, as the form's error).
 */
function loginErrorText(error: unknown): string | null {
  const err = apiError(error);
  if (Object.keys(err.errors).length > 0) return null;
  return err.code === 'NETWORK' ? errorText(err) : err.message;
}

/** The first screen's schema loads, and zod with it, when its form first validates. */
const loadLoginForm = () => import('@app/shared/login').then((module) => module.loginForm);

export default function LoginScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const flash = (location.state as { flash?: string } | null)?.flash;
  const form = useSchemaForm({ schema: loadLoginForm, initialValues: { email: '', password: '' } });

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      // The screen shows the server's text itself.
      meta: { silent: true },
      onSuccess: (data) => {
        startSession({ queryClient, trpc }, data);
        void navigate('/', { replace: true });
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const loginError = login.error && (loginErrorText(login.error) ?? form.formError);

  return (
    <AuthCard title="Entrar" subtitle="Acesse a sua conta da agência.">
      <form onSubmit={form.submit((input) => login.mutate(input))} noValidate>
        <Stack gap="md">
          {flash && !loginError && (
            <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
              {flash}
            </Alert>
          )}
          {loginError && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="login-error">
              {loginError}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="voce@agencia.com.br"
            withAsterisk
            data-autofocus
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput label="Senha" autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
          <Group justify="space-between" align="center">
            <Anchor component={Link} to="/recuperar-senha" fz="sm">
              Esqueci minha senha
            </Anchor>
            <Button type="submit" loading={login.isPending}>
              Entrar
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
