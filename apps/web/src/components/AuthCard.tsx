import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './Logo';

/** The centred card of the signed-out screens (login, password, registration links). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} gap="lg">
        <Center>
          <Anchor component={Link} to="/login" underline="never" aria-label="Agência CRM: ir para o login">
            <Logo size={36} />
          </Anchor>
        </Center>
        <Paper withBorder shadow="sm" p="xl" radius="lg" component="main">
          <Stack gap="xs" mb="lg">
            <Title order={1} fz="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" fz="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
