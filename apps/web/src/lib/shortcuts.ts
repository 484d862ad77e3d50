// A screen's keyboard shortcuts, on Mantine's useHotkeys: never while typing (it leaves alone the
// keys of inputs, textareas, selects and editable text), nor in an open dialog or menu (they hold
// the focus while open), whose keys are their own.
import { type HotkeyItem, useHotkeys } from '@mantine/hooks';

const OWN_KEYS = '[role="dialog"], [role="menu"], [role="listbox"]';

const blocked = (event: KeyboardEvent) => event.target instanceof Element && !!event.target.closest(OWN_KEYS);

/** Each `[hotkey, handler]` (Mantine's notation: 'n', ']', 'shift+?'), off while `enabled` is false. */
export function useShortcuts(shortcuts: [string, () => void][], enabled = true) {
  useHotkeys(
    shortcuts.map(
      ([hotkey, handler]): HotkeyItem => [
        hotkey,
        (event) => {
          if (!enabled || blocked(event)) return;
          event.preventDefault();
          handler();
        },
        { preventDefault: false },
      ],
    ),
  );
}
