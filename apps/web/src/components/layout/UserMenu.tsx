import { ROLE_LABELS } from '@app/shared/constants';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLogout } from '../../lib/auth-actions';
import { useCurrentUser } from '../../lib/use-session';

export function initials(name: string | undefined): string {
  if (!name) return '?';
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

export function UserMenu() {
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={user ? `Menu do usuário ${user.name}, ${ROLE_LABELS[user.role]}` : 'Menu do usuário'}
          data-testid="user-menu"
        >
          <Group gap="xs" wrap="nowrap">
            {/* The initials repeat the name: drawn by CSS (app.css), they stay out of the button's text,
                which its name holds whole (WCAG 2.5.3, label in name). */}
            <Avatar color="blue" radius="xl" size={34} aria-hidden>
              <span className="user-menu-initials" data-initials={initials(user?.name)} />
            </Avatar>
            <div className="user-menu-text">
              <Text fz="sm" fw={600} lh={1.2} truncate="end" maw={180} data-testid="user-name">
                {user?.name ?? ''}
              </Text>
              {/* A space between the lines: the text reads 'Ana Souza Proprietário', as the name holds it. */}
              {user && ' '}
              {user && (
                <Text fz="xs" c="dimmed" lh={1.2}>
                  {ROLE_LABELS[user.role]}
                </Text>
              )}
            </div>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user && <Menu.Label>{user.email}</Menu.Label>}
        <Menu.Item component={Link} to="/perfil" leftSection={<IconUser size={16} aria-hidden />}>
          Meu perfil
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={logout}>
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
