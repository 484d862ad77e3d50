import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Confirmation toasts of successful actions (errors go to the notification bar). Top centre, where
 * the header holds nothing (below the header on narrower screens, whose header is all controls:
 * app.css), and never in the way: clicks pass through a toast to what lies under it (a row's action
 * menu, a modal's button), and each leaves on its own time (lib/toast.ts).
 */
const passThrough = { root: { pointerEvents: 'none' }, notification: { pointerEvents: 'none' } } as const;

export default function Toasts() {
  return <Notifications position="top-center" zIndex={400} styles={passThrough} />;
}
