import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRouteTitle } from '../lib/use-route-title';

/** The heading of a signed-in screen: its route title (or an override) and its actions. */
export function PageHeader({ title, actions, children }: { title?: string; actions?: ReactNode; children?: ReactNode }) {
  const routeTitle = useRouteTitle();
  return (
    <Group justify="space-between" align="center" mb="lg" gap="sm">
      <Group gap="sm">
        {/* Focused after a navigation (AppLayout), so a keyboard user starts on the new screen. */}
        <Title order={1} fz="h2" tabIndex={-1} data-screen-heading className="screen-heading">
          {title ?? routeTitle}
        </Title>
        {children}
      </Group>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
