import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUCCESS_TOAST_MS, toastSuccess, toastWarning, WARNING_TOAST_MS } from './toast';

const shown = () => notificationsStore.getState().notifications.map((n) => n.message);

beforeEach(() => {
  vi.useFakeTimers();
  cleanNotifications();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('a confirmation leaves on its own time, whatever the mouse does (no hover timer of the library)', () => {
    toastSuccess('Cliente cadastrado.');
    expect(shown()).toEqual(['Cliente cadastrado.']);
    // The library's own timer, which a resting mouse pauses, is off.
    expect(notificationsStore.getState().notifications[0]?.autoClose).toBe(false);
    vi.advanceTimersByTime(SUCCESS_TOAST_MS - 1);
    expect(shown()).toEqual(['Cliente cadastrado.']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('a warning shows once at a time and leaves on its own time too', () => {
    toastWarning('Seu trial termina em 2 dias', 'trial');
    vi.advanceTimersByTime(WARNING_TOAST_MS / 2);
    toastWarning('Seu trial termina em 2 dias', 'trial');
    expect(shown()).toEqual(['Seu trial termina em 2 dias']);
    vi.advanceTimersByTime(WARNING_TOAST_MS / 2);
    expect(shown()).toEqual([]);
  });
});
