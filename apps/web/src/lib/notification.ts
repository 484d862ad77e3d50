// The transient notification bar ('Erro {code} - {message}').
import { GENERIC_ERROR_MESSAGE } from '@app/shared/errors';
import { createStore, useStore } from './store';

export type NotificationState = {
  /** Status code (or a string code) shown after 'Erro'. */
  error: number | string | null;
  message: string;
  /** Whether 'Tentar novamente' is offered. */
  retryable: boolean;
  state: boolean;
  /** Changes with every notification, so the bar restarts its timers. */
  id: number;
};

export const notificationStore = createStore<NotificationState>({ error: null, message: '', retryable: false, state: false, id: 0 });

/** `retryable` defaults to what the status says; a caller that knows more (a service this server lacks) says no. */
export function notify(error: number | string, message?: string | null, retryable = canRetry(error)): void {
  notificationStore.set((s) => ({
    error,
    message: message?.trim() ? message : GENERIC_ERROR_MESSAGE,
    retryable,
    state: true,
    id: s.id + 1,
  }));
}

/**
 * Whether 'Tentar novamente' can help: a failed connection (reported as 500), a server error, a
 * timeout or a rate limit. Not a refusal (403), a missing page or a rejected input or file (4xx).
 */
export function canRetry(code: number | string | null): boolean {
  return typeof code === 'number' && (code >= 500 || code === 408 || code === 429);
}

export function hideNotification(): void {
  notificationStore.set({ state: false });
}

/**
 * Errors are cleared on the next navigation. Called when a navigation starts (idle ->
 * loading); the redirects of that same navigation (guards, unknown paths) do not clear again, so
 * what a guard reports stays visible.
 */
export function onNavigationStart(): void {
  if (notificationStore.get().state) hideNotification();
}

export const useNotification = () => useStore(notificationStore, (s) => s);
