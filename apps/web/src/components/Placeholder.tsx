import { Badge, Center, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { useRouteTitle } from '../lib/use-route-title';

/** A screen of a later issue: says it is being built and what it will do. */
export function Placeholder({ description, standalone = false }: { description: string; standalone?: boolean }) {
  const title = useRouteTitle();
  const body = (
    <Paper withBorder p="xl" radius="lg" data-testid="placeholder">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="yellow">
          <IconBarrierBlock size={30} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Badge color="yellow" variant="light" size="lg">
          Em construção
        </Badge>
        <Text c="dimmed" maw={520}>
          Esta tela está em construção. {description}
        </Text>
      </Stack>
    </Paper>
  );
  if (!standalone) return body;
  return (
    <Center mih="100dvh" p="md">
      <Container size="sm" w="100%">
        {body}
      </Container>
    </Center>
  );
}
