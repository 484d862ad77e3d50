// The header's bell: the agent's newest notifications with the unread count on it, updated by the
// live stream (a customer's acceptance rings it without a reload); a click opens the record and
// marks it read.

import { dateTime } from '@app/shared/format';
import type { Notification } from '@app/shared/notifications';
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { accountRestricted } from '../../lib/subscription';
import { useTRPC } from '../../lib/trpc';
import { useSubscription } from '../../lib/use-session';

const SHOWN = 20;

export function NotificationBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  // A restricted plan refuses the inbox (402), and a refused query opens the plan modal: not asked then.
  const restricted = accountRestricted(useSubscription().data);
  const list = useQuery({ ...trpc.notifications.list.queryOptions({ page: 1, per_page: SHOWN }), enabled: !restricted });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
  const read = useMutation(trpc.notifications.read.mutationOptions({ onSuccess: refresh }));
  const readAll = useMutation(trpc.notifications.readAll.mutationOptions({ onSuccess: refresh }));
  const unread = list.data?.unread_count ?? 0;
  const label = unread ? `Notificações: ${unread} não ${unread === 1 ? 'lida' : 'lidas'}` : 'Notificações';

  const open = (n: Notification) => {
    if (!n.read) read.mutate({ id: n.id });
    close();
    void navigate(n.link);
  };

  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-end" width={360} shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label="Notificações" disabled={opened}>
          <Indicator label={unread > 99 ? '99+' : unread} size={16} color="red" disabled={!unread} offset={4} data-testid="bell-count">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={toggle}
              aria-label={label}
              aria-expanded={opened}
              aria-haspopup="dialog"
            >
              <IconBell size={20} aria-hidden />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label="Notificações">
        <Group justify="space-between" px="sm" py="xs">
          <Text fw={600}>Notificações</Text>
          {unread > 0 && (
            <Button variant="subtle" size="compact-xs" onClick={() => readAll.mutate({})} loading={readAll.isPending}>
              Marcar todas como lidas
            </Button>
          )}
        </Group>
        <ScrollArea.Autosize mah={420}>
          {list.isPending ? (
            <Text px="sm" pb="sm" fz="sm" c="dimmed">
              Carregando…
            </Text>
          ) : !list.data?.notifications.length ? (
            <Text px="sm" pb="sm" fz="sm" c="dimmed">
              Nenhuma notificação por enquanto.
            </Text>
          ) : (
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {list.data.notifications.map((n) => (
                <li key={n.id}>
                  <UnstyledButton
                    onClick={() => open(n)}
                    w="100%"
                    px="sm"
                    py="xs"
                    bg={n.read ? undefined : 'var(--mantine-color-blue-light)'}
                    data-testid="notification"
                  >
                    <Text fz="sm" fw={n.read ? 400 : 600}>
                      {n.title}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {dateTime(n.created_at)}
                      {!n.read && ' · não lida'}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
