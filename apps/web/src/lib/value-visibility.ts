// Whether money shows on the back-office screens: the header's eye button hides it (an agent with a
// customer beside them, a screen shared in a call). Kept under the spec's valueDisplayVisibility key
// across sessions (logout leaves it); the other open tabs follow through the storage event.
import { maskedCurrency, toCurrency } from '@app/shared/format';
import { useCallback, useSyncExternalStore } from 'react';
import { readBoolean, STORAGE_KEYS, writeItem } from './storage';
import { createStore } from './store';

const KEY = STORAGE_KEYS.valueDisplayVisibility;
const readVisible = () => readBoolean(KEY, true);
const store = createStore<{ visible: boolean }>(() => ({ visible: readVisible() }));

let followingOtherTabs = false;
function subscribe(listener: () => void): () => void {
  if (!followingOtherTabs) {
    followingOtherTabs = true;
    window.addEventListener('storage', (event) => {
      // A null key is localStorage.clear(): back to the default, shown.
      if (event.key === KEY || event.key === null) store.set({ visible: readVisible() });
    });
  }
  return store.subscribe(listener);
}

export const useValuesVisible = (): boolean => useSyncExternalStore(subscribe, () => store.get().visible);

export function setValuesVisible(visible: boolean): void {
  writeItem(KEY, String(visible));
  store.set({ visible });
}

/** An amount as text where only a string fits (a select's option, a field's description): masked while hidden. */
export function useMoneyText(): (cents: number | null | undefined, currency?: string) => string {
  const visible = useValuesVisible();
  return useCallback((cents, currency = 'BRL') => (visible ? toCurrency(cents, currency) : maskedCurrency(currency)), [visible]);
}
