import { useSyncExternalStore } from 'react';

/** A tiny observable store: the access token, the notification bar, the plan modals and the values' visibility. */
export type Store<T> = {
  get: () => T;
  set: (patch: Partial<T> | ((state: T) => Partial<T>)) => void;
  subscribe: (listener: () => void) => () => void;
};

/** `initial` may be a function: then the state is read on first use, never when a module loads. */
export function createStore<T extends object>(initial: T | (() => T)): Store<T> {
  let state: T | undefined = typeof initial === 'function' ? undefined : initial;
  const listeners = new Set<() => void>();
  const get = (): T => {
    state ??= (initial as () => T)();
    return state;
  };
  return {
    get,
    set(patch) {
      const next = typeof patch === 'function' ? patch(get()) : patch;
      state = { ...get(), ...next };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes a component to a slice of a store. The selector must return a stable value. */
export function useStore<T extends object, S>(store: Store<T>, selector: (state: T) => S): S {
  return useSyncExternalStore(store.subscribe, () => selector(store.get()));
}
