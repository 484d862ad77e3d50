import { PRODUCT_NAME } from '@app/shared/constants';
import { Group, Text } from '@mantine/core';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-blue-6)" />
      <path d="M14 40l36-16-10 22-6-8-8 6 2-9z" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 28, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      {withName && (
        <Text fw={700} fz="lg" c="var(--mantine-color-text)">
          {PRODUCT_NAME}
        </Text>
      )}
    </Group>
  );
}
