// A dialog holding a form. Closing it (Esc, ×, a click outside, the form's Cancelar) while the form
// holds unsaved changes asks first: 'Descartar' drops them, 'Continuar editando' goes back to them.
// Unchanged, it closes at once. A save closes it through the caller's own onClose, without asking.
import { Text } from '@mantine/core';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog, type DialogProps } from './Dialog';

type Guard = {
  /** The form's say: unsaved changes or not, and what discarding them also drops (a stored draft). */
  report: (dirty: boolean, onDiscard?: () => void) => void;
  /** Closes, asking first when there are unsaved changes. */
  close: () => void;
};

const GuardContext = createContext<Guard | null>(null);

/** The question's words, for the one dialog that must ask it with its own keys (PasteReservation). */
export const DISCARD_QUESTION = {
  title: 'Descartar alterações?',
  text: 'As alterações feitas ainda não foram salvas e serão perdidas.',
  discard: 'Descartar',
  keep: 'Continuar editando',
} as const;

export function FormDialog({ opened, onClose, closeOnEscape = true, children, ...props }: DialogProps) {
  const dirty = useRef(false);
  const discard = useRef<(() => void) | undefined>(undefined);
  const close = useRef(onClose);
  close.current = onClose;
  const [asking, setAsking] = useState(false);
  const [guard] = useState<Guard>(() => ({
    report: (changed, onDiscard) => {
      dirty.current = changed;
      discard.current = onDiscard;
    },
    close: () => {
      if (!dirty.current) close.current();
      // Every dialog hears an Esc (Mantine listens on the window, the question as well): asked at
      // once, the question would take the very press that asked it as its answer, and close.
      else window.setTimeout(() => setAsking(true));
    },
  }));
  return (
    <GuardContext.Provider value={guard}>
      {/* While the question is open, Esc is its own. */}
      <Dialog opened={opened} onClose={guard.close} closeOnEscape={closeOnEscape && !asking} {...props}>
        {children}
      </Dialog>
      <ConfirmDialog
        opened={asking}
        title={DISCARD_QUESTION.title}
        confirmLabel={DISCARD_QUESTION.discard}
        cancelLabel={DISCARD_QUESTION.keep}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          discard.current?.();
          dirty.current = false;
          onClose();
        }}
      >
        <Text>{DISCARD_QUESTION.text}</Text>
      </ConfirmDialog>
    </GuardContext.Provider>
  );
}

/**
 * Inside a FormDialog: tells it whether the form holds unsaved changes, and what discarding them
 * also drops. Returns the dialog's close for the form's Cancelar (it asks first when they do).
 */
export function useUnsavedChanges(dirty: boolean, onDiscard?: () => void): () => void {
  const guard = useContext(GuardContext);
  if (!guard) throw new Error('useUnsavedChanges outside FormDialog');
  useEffect(() => guard.report(dirty, onDiscard));
  // A form that goes (saved, or its dialog closed) leaves nothing to ask about.
  useEffect(() => () => guard.report(false), [guard]);
  return guard.close;
}
