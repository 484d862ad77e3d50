import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `sm` breakpoint (48em, 768 px): lists show cards and filters fold behind a button.
 * Read on the first render, so a phone never draws the desktop table first.
 */
export function usePhone(): boolean {
  return !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
}
