import { Anchor, Button, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** 'Voltar para …' above a detail screen. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

/**
 * A detail screen whose id is invalid, missing or another agency's (the API answers 404). Its title
 * is the screen's heading (h1, focused after a navigation like every screen's).
 */
export function DetailNotFound({ back, icon, title }: { back: ReactNode; icon: ReactNode; title: string }) {
  return (
    <Stack gap="md">
      {back}
      <EmptyState icon={icon}>
        <EmptyState.Title order={1} tabIndex={-1} data-screen-heading className="screen-heading">
          {title}
        </EmptyState.Title>
        <EmptyState.Description>Ele pode ter sido removido ou o endereço está incorreto.</EmptyState.Description>
      </EmptyState>
    </Stack>
  );
}

/**
 * A detail screen before its record shows: skeletons while it loads, a note if it could not be
 * loaded. `noun` follows 'o' in their texts ('o cliente').
 */
export function DetailPending({ failed, noun }: { failed: boolean; noun: string }) {
  if (failed) return <Text c="dimmed">Não foi possível carregar o {noun}.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" aria-busy="true" aria-label={`Carregando ${noun}`}>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} h={44} />
      ))}
    </SimpleGrid>
  );
}

/** Skeleton rows while a list loads. */
export function LoadingRows({ label, count = 5 }: { label: string; count?: number }) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={40} />
      ))}
    </Stack>
  );
}

/** A list that could not be loaded, with a retry. */
export function LoadFailed({ icon, title, onRetry }: { icon: ReactNode; title: string; onRetry: () => void }) {
  return (
    <EmptyState icon={icon} title={title} description="Verifique a sua conexão e tente de novo.">
      <EmptyState.Actions>
        <Button variant="light" onClick={onRetry}>
          Tentar de novo
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
