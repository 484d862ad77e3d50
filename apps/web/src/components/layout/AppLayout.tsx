import { ActionIcon, Anchor, AppShell, Burger, Drawer, Group, ScrollArea, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { readBoolean, STORAGE_KEYS, writeItem } from '../../lib/storage';
import { useAccessLogBeacon } from '../../lib/use-access-log-beacon';
import { useLiveEvents } from '../../lib/use-live-events';
import { useCurrentUser } from '../../lib/use-session';
import { Logo } from '../Logo';
import { NavLinks } from './NavLinks';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';
import { ValueVisibilityButton } from './ValueVisibilityButton';

const NAV_WIDTH = 240;
/** How long a screen may take to show its heading after a navigation (lazy code, first data). */
const HEADING_WAIT_MS = 5000;

/**
 * After a navigation (not the first load) the new screen's heading takes the focus, as a page load
 * would reset it: a keyboard or screen-reader user starts on the screen, not on the sidebar link.
 */
function useFocusHeadingOnNavigation(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    const focusHeading = () => {
      const heading = root.querySelector<HTMLElement>('[data-screen-heading]');
      if (!heading) return false;
      // Only while nothing else took the focus meanwhile (a field the screen focuses itself).
      if (document.activeElement === document.body || root.contains(document.activeElement) === false) heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, main]);
}
const NAV_WIDTH_COMPACT = 72;

/** Signed-in layout: sidebar on desktop (collapsible, navExpand persisted), burger drawer on a phone. */
export default function AppLayout() {
  const [navExpand, setNavExpand] = useState(() => readBoolean(STORAGE_KEYS.navExpand, true));
  const [drawerOpened, drawer] = useDisclosure(false);
  const role = useCurrentUser()?.role;
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const main = useRef<HTMLElement>(null);
  useAccessLogBeacon();
  useLiveEvents();
  useFocusHeadingOnNavigation(main);

  useEffect(() => {
    writeItem(STORAGE_KEYS.navExpand, String(navExpand));
  }, [navExpand]);

  // The drawer closes on navigation and when the screen grows to desktop size.
  useEffect(() => drawer.close(), [pathname]);
  useEffect(() => {
    if (isDesktop) drawer.close();
  }, [isDesktop, drawer]);

  return (
    <>
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: navExpand ? NAV_WIDTH : NAV_WIDTH_COMPACT, breakpoint: 'sm', collapsed: { mobile: true } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                hiddenFrom="sm"
                opened={drawerOpened}
                onClick={drawer.toggle}
                size="sm"
                aria-label={drawerOpened ? 'Fechar menu' : 'Abrir menu'}
              />
              <Tooltip label={navExpand ? 'Recolher menu' : 'Expandir menu'}>
                <ActionIcon
                  visibleFrom="sm"
                  variant="subtle"
                  color="gray"
                  size="lg"
                  onClick={() => setNavExpand((v) => !v)}
                  aria-label={navExpand ? 'Recolher menu' : 'Expandir menu'}
                  aria-expanded={navExpand}
                >
                  {navExpand ? (
                    <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
                  ) : (
                    <IconLayoutSidebarLeftExpand size={20} aria-hidden />
                  )}
                </ActionIcon>
              </Tooltip>
              <Anchor component={Link} to="/" underline="never" aria-label="Agência CRM: início">
                <Logo />
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <ValueVisibilityButton />
              <NotificationBell />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="xs" aria-label="Menu principal">
          <AppShell.Section grow component={ScrollArea}>
            <NavLinks compact={!navExpand} role={role} />
          </AppShell.Section>
        </AppShell.Navbar>

        <Drawer opened={drawerOpened} onClose={drawer.close} size={280} title={<Logo />} padding="sm">
          <nav aria-label="Menu principal">
            <NavLinks role={role} onNavigate={drawer.close} />
          </nav>
        </Drawer>

        <AppShell.Main id="conteudo" ref={main} tabIndex={-1}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}
