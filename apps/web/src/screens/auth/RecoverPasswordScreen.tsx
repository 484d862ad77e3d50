import { PASSWORD_RESET_TTL_MINUTES } from '@app/shared/constants';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { useTRPC } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';

export default function RecoverPasswordScreen() {
  const trpc = useTRPC();
  const form = useForm({ initialValues: { email: '' }, rules: { email: 'required|email' }, labels: { email: 'E-mail' } });
  const forgot = useMutation(trpc.auth.forgotPassword.mutationOptions({ onError: (error) => form.setServerErrors(error) }));

  if (forgot.isSuccess) {
    return (
      <AuthCard title="Verifique seu e-mail">
        <Stack gap="md">
          <Alert color="teal" icon={<IconMailCheck size={18} aria-hidden />} role="status">
            {forgot.data.message}
          </Alert>
          <Text fz="sm" c="dimmed">
            O link vale por {PASSWORD_RESET_TTL_MINUTES} minutos. Não encontrou o e-mail? Confira a caixa de spam.
          </Text>
          <Button component={Link} to="/login" variant="light">
            Voltar para o login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Recuperar senha" subtitle="Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.">
      <form ref={form.formRef} onSubmit={form.onSubmit((values) => forgot.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            withAsterisk
            maxLength={254}
            autoFocus
            {...form.getInputProps('email')}
          />
          <Group justify="space-between" align="center">
            <Anchor component={Link} to="/login" fz="sm">
              Voltar para o login
            </Anchor>
            <Button type="submit" loading={forgot.isPending}>
              Enviar link
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
