import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';

export const SUCCESS_TOAST_MS = 4000;
export const WARNING_TOAST_MS = 6000;

/**
 * A toast that leaves after `ms`, hovered or not: Mantine holds a toast while the mouse is on it,
 * so one that appears under a resting mouse would stay for good. No close button: clicks pass
 * through toasts (Toasts.tsx).
 */
function showFor(ms: number, data: NotificationData): void {
  const id = notifications.show({ ...data, autoClose: false, withBorder: true, withCloseButton: false });
  setTimeout(() => notifications.hide(id), ms);
}

/** A short confirmation of a successful action (errors use the notification bar). */
export function toastSuccess(message: string, title?: string): void {
  showFor(SUCCESS_TOAST_MS, { color: 'teal', title, message });
}

/**
 * A warning that does not stop the user (the trial ends soon). One at a time: a
 * warning with the same id already on screen is not shown again.
 */
export function toastWarning(message: string, id: string): void {
  if (notificationsStore.getState().notifications.some((n) => n.id === id)) return;
  showFor(WARNING_TOAST_MS, { id, color: 'yellow', message });
}
