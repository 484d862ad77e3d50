import { notifications } from '@mantine/notifications';

/** A short confirmation of a successful action (errors use the notification bar). */
export function toastSuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, withBorder: true });
}

/**
 * A warning that does not stop the user (the trial ends soon). One at a time: a
 * warning with the same id already on screen is not shown again.
 */
export function toastWarning(message: string, id: string): void {
  notifications.show({ id, color: 'yellow', message, withBorder: true, autoClose: 6000 });
}
