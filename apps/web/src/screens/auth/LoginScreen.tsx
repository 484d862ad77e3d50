import { isTrialExpired, TRIAL_END_TEXT } from '@app/shared/plan-status';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { apiError, errorText } from '../../lib/api-error';
import { canSeeStatusModal, canSeeUpgradeModal, openStatusModal, openUpgradeModal } from '../../lib/plan-modals';
import { setLoginError, startSession, useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';

export default function LoginScreen() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const location = useLocation();
  const flash = (location.state as { flash?: string } | null)?.flash;
  const loginError = useSession((s) => s.loginError);
  const form = useForm({
    initialValues: { email: '', password: '' },
    rules: { email: 'required|email', password: 'required' },
    labels: { email: 'E-mail', password: 'Senha' },
  });

  // The stored error belongs to this visit of the screen.
  useEffect(() => () => setLoginError(null), []);

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      // The screen shows the server's text itself (section 8: a failed login stores it).
      meta: { silent: true },
      onMutate: () => setLoginError(null),
      onSuccess: (data) => {
        startSession(data);
        void navigate('/', { replace: true });
        // Section 2: after login with trialing and 0 days left, the end-of-trial modal opens.
        if (isTrialExpired(data.status_plan, data.days_remaining)) {
          if (canSeeUpgradeModal(data.user.role)) openUpgradeModal({ status: data.status_plan, daysRemaining: 0, feature: TRIAL_END_TEXT });
          else if (canSeeStatusModal(data.user.role)) openStatusModal(TRIAL_END_TEXT);
        }
      },
      onError: (error) => {
        const err = apiError(error);
        const hasFieldErrors = Object.keys(err.errors).length > 0;
        setLoginError(hasFieldErrors || err.code === 'NETWORK' ? errorText(err) : err.message);
        form.setServerErrors(error);
      },
    }),
  );

  return (
    <AuthCard title="Entrar" subtitle="Acesse a sua conta da agência.">
      <form ref={form.formRef} onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
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
            maxLength={254}
            data-autofocus
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput label="Senha" autoComplete="current-password" withAsterisk maxLength={200} {...form.getInputProps('password')} />
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
