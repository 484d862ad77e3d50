import { notifications } from '@mantine/notifications';

/** A short confirmation of a successful action (errors use the notification bar). */
export function toastSuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, withBorder: true });
}
