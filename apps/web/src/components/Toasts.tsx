import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Confirmation toasts of successful actions (errors go to the notification bar). Bottom right, away
 * from the header's and the page header's actions; each leaves on its own time (lib/toast.ts).
 */
export default function Toasts() {
  return <Notifications position="bottom-right" zIndex={400} />;
}
