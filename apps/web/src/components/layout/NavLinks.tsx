import type { Role } from '@app/shared/constants';
import { Divider, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { hasFeature } from '../../lib/features';
import { useFeatures } from '../../lib/use-session';
import { isActive, NAV_ITEMS } from './nav-items';

type Props = { compact?: boolean; role: Role | undefined; onNavigate?: () => void };

export function NavLinks({ compact = false, role, onNavigate }: Props) {
  const { pathname } = useLocation();
  const features = useFeatures();
  const items = NAV_ITEMS.filter(
    (item) => (!item.roles || (role && item.roles.includes(role))) && (!item.feature || hasFeature(features, item.feature)),
  );
  return (
    <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => {
        const Icon = item.icon;
        const active = isActive(item, pathname);
        const link = (
          <NavLink
            component={Link}
            to={item.to}
            label={compact ? undefined : item.label}
            aria-label={compact ? item.label : undefined}
            aria-current={active ? 'page' : undefined}
            leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
            active={active}
            onClick={onNavigate}
            styles={compact ? { root: { justifyContent: 'center' }, section: { marginInlineEnd: 0 } } : undefined}
          />
        );
        return (
          <li key={item.to}>
            {item.section &&
              (compact ? (
                <Divider my={4} aria-hidden />
              ) : (
                <Text component="div" fz="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                  {item.section}
                </Text>
              ))}
            {compact ? (
              <Tooltip label={item.label} position="right" withArrow>
                {link}
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </Stack>
  );
}
