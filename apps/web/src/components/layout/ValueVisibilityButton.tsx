import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { setValuesVisible, useValuesVisible } from '../../lib/value-visibility';

/**
 * The header's eye: hides every amount of the back-office screens, and shows them again. A toggle
 * button (its name stays, aria-pressed says whether values are hidden); the change is announced.
 */
export function ValueVisibilityButton() {
  const visible = useValuesVisible();
  // Empty until the user toggles: a page load announces nothing.
  const [announcement, setAnnouncement] = useState('');
  const toggle = () => {
    setValuesVisible(!visible);
    setAnnouncement(visible ? 'Valores ocultos' : 'Valores visíveis');
  };
  return (
    <>
      <Tooltip label={visible ? 'Ocultar valores' : 'Mostrar valores'}>
        <ActionIcon
          variant={visible ? 'subtle' : 'light'}
          color={visible ? 'gray' : 'blue'}
          size="lg"
          onClick={toggle}
          aria-label="Ocultar valores"
          aria-pressed={!visible}
          data-testid="toggle-values"
        >
          {visible ? <IconEye size={20} aria-hidden /> : <IconEyeOff size={20} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden role="status" aria-live="polite" data-testid="values-announcement">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
