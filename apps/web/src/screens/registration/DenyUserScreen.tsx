import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { useTRPC } from '../../lib/trpc';
import { InvalidRegistrationLink, RegistrationDone, RegistrationLoading } from './RegistrationStates';
import { useRegistrationInfo } from './use-registration-info';

export default function DenyUserScreen() {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const info = useRegistrationInfo(token);
  const deny = useMutation(trpc.auth.denyRegistration.mutationOptions());

  if (deny.isSuccess) {
    return <RegistrationDone title="Cadastro recusado" message={deny.data.message} withLogin={false} />;
  }
  if (info.isPending) return <RegistrationLoading />;
  if (info.isError) return <InvalidRegistrationLink />;

  const { name, email, company_name } = info.data;
  return (
    <AuthCard title="Recusar cadastro">
      <Stack gap="md">
        <Text>
          Olá, {name}! A agência <strong>{company_name}</strong> cadastrou o e-mail <strong>{email}</strong> no Agência CRM.
        </Text>
        <Text c="dimmed" fz="sm">
          Se você não reconhece este cadastro, recuse-o. O acesso não será criado e o link deixará de valer.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={`/registration/activate-user/${encodeURIComponent(token)}`} variant="default">
            Quero confirmar
          </Button>
          <Button color="red" loading={deny.isPending} onClick={() => deny.mutate({ token })}>
            Recusar cadastro
          </Button>
        </Group>
      </Stack>
    </AuthCard>
  );
}
