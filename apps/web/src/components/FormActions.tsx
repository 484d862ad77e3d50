import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** The end of a form: 'Cancelar' (off while saving) and the submit button, labelled by `children`. */
export function FormActions({
  onCancel,
  pending,
  mt,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  mt?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      <Button type="submit" loading={pending}>
        {children}
      </Button>
    </Group>
  );
}
