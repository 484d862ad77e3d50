import { forgotPasswordInput } from '@app/shared/auth';
import { PASSWORD_RESET_TTL_MINUTES } from '@app/shared/constants';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { ErrorText } from '../../components/ErrorText';
import { useSchemaForm } from '../../lib/form';
import { useTRPC } from '../../lib/trpc';

export default function RecoverPasswordScreen() {
  const trpc = useTRPC();
  const form = useSchemaForm({ schema: forgotPasswordInput, initialValues: { email: '' } });
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
      <form onSubmit={form.submit((input) => forgot.mutate(input))} noValidate>
        <Stack gap="md">
          <ErrorText>{form.formError}</ErrorText>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            withAsterisk
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
