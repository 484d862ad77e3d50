import { MODAL_MAX_WIDTH, PRODUCT_NAME, PRODUCT_WEBSITE } from '@app/shared/constants';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLogout } from '../../lib/auth-actions';
import { Dialog } from '../Dialog';
import { Logo } from '../Logo';

type Props = {
  title: string;
  onClose?: () => void;
  /** Buttons beside 'Sair' (payment, free-plan migration: billing issue). */
  actions?: ReactNode;
  children?: ReactNode;
};

/**
 * Every plan modal has the product logo linking to the website, a 'Sair' button that
 * logs out to /login, and a maximum width of 600 px.
 */
export function PlanModalFrame({ title, onClose, actions, children }: Props) {
  const closable = !!onClose;
  const logout = useLogout();
  return (
    <Dialog
      opened
      onClose={onClose ?? (() => undefined)}
      size={MODAL_MAX_WIDTH}
      centered
      withCloseButton={closable}
      closeOnClickOutside={closable}
      closeOnEscape={closable}
      title={
        <Anchor href={PRODUCT_WEBSITE} target="_blank" rel="noopener noreferrer" aria-label={`${PRODUCT_NAME} (site)`} underline="never">
          <Logo />
        </Anchor>
      }
      styles={{ content: { maxWidth: MODAL_MAX_WIDTH } }}
    >
      <Stack gap="md">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {children}
        <Group justify="flex-end" gap="sm">
          {actions}
          <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={logout}>
            Sair
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
