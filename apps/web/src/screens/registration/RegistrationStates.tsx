import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { PageLoader } from '../../components/PageLoader';

export function RegistrationLoading() {
  return (
    <AuthCard title="Carregando cadastro">
      <PageLoader label="Carregando cadastro" />
    </AuthCard>
  );
}

export function InvalidRegistrationLink() {
  return (
    <AuthCard title="Link inválido ou expirado">
      <Stack gap="md">
        <Alert color="orange" icon={<IconLinkOff size={18} aria-hidden />} role="alert">
          Este link de cadastro não é mais válido. Ele pode ter expirado ou já ter sido usado. Peça ao responsável pela sua agência que
          envie um novo convite.
        </Alert>
        <Button component={Link} to="/login" variant="light">
          Ir para o login
        </Button>
      </Stack>
    </AuthCard>
  );
}

export function RegistrationDone({ title, message, withLogin = true }: { title: string; message: string; withLogin?: boolean }) {
  return (
    <AuthCard title={title}>
      <Stack gap="md">
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {message}
        </Alert>
        {withLogin && (
          <Button component={Link} to="/login">
            Ir para o login
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
