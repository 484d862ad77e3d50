// The app's dialog: Mantine's Modal, giving the focus back to what opened it once it closes.
// Mantine's own return aims at the element focused when the dialog opened; a menu's item (Editar,
// Excluir, a service type) leaves with its menu, and the focus fell to the page's start.
import { Modal, type ModalProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';

/** What opened a dialog: the focused element, or the button of the menu whose item it is. */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (!menu) return active;
  const button = menu.getAttribute('aria-labelledby');
  return button ? document.getElementById(button) : null;
}

function useReturnFocus(opened: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const shown = useRef(opened);
  // Before the dialog's focus trap moves the focus in.
  useLayoutEffect(() => {
    if (opened === shown.current) return;
    shown.current = opened;
    if (opened) {
      opener.current = openerOf(document.activeElement);
      return;
    }
    const target = opener.current;
    opener.current = null;
    const atClose = document.activeElement;
    // Once the dialog let go of it, unless the closing put it somewhere on purpose. Not cancelled
    // on unmount: a dialog keyed by its record goes at once as it closes.
    window.setTimeout(() => {
      const now = document.activeElement;
      if (target?.isConnected && (!now || now === document.body || now === atClose || !now.isConnected))
        target.focus({ preventScroll: true });
    }, 10);
  }, [opened]);
}

export type DialogProps = ModalProps;

export function Dialog({ opened, ...props }: DialogProps) {
  useReturnFocus(opened);
  return <Modal opened={opened} returnFocus={false} {...props} />;
}
