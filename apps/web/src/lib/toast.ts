import { notifications } from '@mantine/notifications';

/** The toast's close button is an icon: it needs a name of its own. */
const closeButtonProps = { 'aria-label': 'Fechar aviso' };

/** A short confirmation of a successful action (errors use the notification bar). */
export function toastSuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, withBorder: true, closeButtonProps });
}

/**
 * A warning that does not stop the user (the trial ends soon). One at a time: a
 * warning with the same id already on screen is not shown again.
 */
export function toastWarning(message: string, id: string): void {
  notifications.show({ id, color: 'yellow', message, withBorder: true, autoClose: 6000, closeButtonProps });
}
