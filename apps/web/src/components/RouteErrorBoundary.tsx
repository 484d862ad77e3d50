import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A screen that failed to render or to load (e.g. its code changed after a deploy). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  if (error) console.error(error);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} fz="h2">
          {status === 404 ? 'Página não encontrada' : 'Algo deu errado'}
        </Title>
        <Text c="dimmed">Não foi possível abrir esta tela. Recarregue a página; se o problema continuar, fale com o suporte.</Text>
        <Button onClick={() => window.location.reload()}>Recarregar</Button>
      </Stack>
    </Center>
  );
}
