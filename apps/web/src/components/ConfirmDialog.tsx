import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

type Props = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A yes/no question before a consequential action. 'Cancelar' has the initial focus. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancelar',
  color = 'red',
  loading,
  onConfirm,
  onClose,
}: Props) {
  return (
    <Dialog opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>} centered size="md" closeOnClickOutside={!loading}>
      <Stack gap="lg">
        <div>{children}</div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
