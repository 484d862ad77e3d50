import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A message in red, read out as soon as it shows (role="alert"); nothing when there is none. */
export function ErrorText({ children, testId }: { children: ReactNode; testId?: string }) {
  if (!children) return null;
  return (
    <Text fz="sm" c="red" role="alert" data-testid={testId}>
      {children}
    </Text>
  );
}
