import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Confirmation toasts of successful actions (errors go to the notification bar). */
export default function Toasts() {
  return <Notifications position="top-right" autoClose={4000} zIndex={400} />;
}
