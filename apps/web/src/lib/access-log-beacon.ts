// The access-log beacon: how long the user was active on a screen, sent when the tab is hidden,
// the window loses focus, the route changes, or after INACTIVITY_BEACON_DELAY_MS without input.
// Free of React and of the browser globals (the caller hands them in), so the timing rules are
// unit-tested with fake timers.
import { accessLogController } from '@app/shared/access-log-rules';
import { BEACON_MIN_SECONDS, INACTIVITY_BEACON_DELAY_MS, INACTIVITY_RESET_THROTTLE_MS, RECORD_ID_PATTERN } from '@app/shared/constants';

/** A screen: its path and its route's `id` parameter. */
export type BeaconPage = { pathname: string; id?: string | undefined };

type Events = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export type BeaconEnvironment = {
  window: Events;
  document: Events & { readonly visibilityState: DocumentVisibilityState };
  now(): number;
  /** Posts the form body (access_log[...] fields). */
  send(body: URLSearchParams): void;
};

export type AccessLogBeacon = {
  /** The route's path changed: the previous screen's time is sent. */
  routeChanged(page: BeaconPage): void;
  stop(): void;
};

/** What resets the inactivity timer (at most once per INACTIVITY_RESET_THROTTLE_MS). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'touchstart', 'touchmove', 'click', 'keydown'] as const;

/** The beacon's form fields for a screen: controller is its first path segment, resource_id its numeric id or empty (null). */
export function beaconBody(userId: number, page: BeaconPage, activeSeconds: number): URLSearchParams {
  return new URLSearchParams({
    'access_log[user_id]': String(userId),
    'access_log[controller]': accessLogController(page.pathname),
    // The server records the connection's address.
    'access_log[ip_address]': '',
    'access_log[active_time]': String(activeSeconds),
    'access_log[resource_id]': page.id && RECORD_ID_PATTERN.test(page.id) ? page.id : '',
  });
}

/**
 * Starts measuring on `page` (the inactivity timer starts as on load). The time on a screen runs
 * from the moment it was opened, or activity resumed, to the moment one of the send triggers
 * fires; then the count pauses until the user is back (input, focus, tab shown). A stretch under
 * BEACON_MIN_SECONDS, or without a known user, is dropped.
 */
export function startAccessLogBeacon(
  env: BeaconEnvironment,
  opts: { userId: () => number | null | undefined; page: BeaconPage },
): AccessLogBeacon {
  let page = opts.page;
  let startedAt: number | null = env.now();
  let lastReset = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function resetTimer(force: boolean) {
    const now = env.now();
    if (!force && now - lastReset < INACTIVITY_RESET_THROTTLE_MS) return;
    lastReset = now;
    clearTimeout(timer);
    timer = setTimeout(idle, INACTIVITY_BEACON_DELAY_MS);
  }

  /** Sends the stretch on the current screen (if long enough) and pauses the count. */
  function flush() {
    if (startedAt === null) return;
    const elapsedMs = env.now() - startedAt;
    startedAt = null;
    const userId = opts.userId();
    if (!userId || elapsedMs < BEACON_MIN_SECONDS * 1000) return;
    env.send(beaconBody(userId, page, Math.round(elapsedMs / 1000)));
  }

  function resume() {
    if (startedAt === null) startedAt = env.now();
    resetTimer(true);
  }

  function idle() {
    timer = undefined;
    flush();
  }

  function pause() {
    flush();
    clearTimeout(timer);
    timer = undefined;
  }

  const onActivity = () => (startedAt === null ? resume() : resetTimer(false));
  const onVisibility = () => (env.document.visibilityState === 'hidden' ? pause() : resume());

  for (const name of ACTIVITY_EVENTS) env.window.addEventListener(name, onActivity, { passive: true } as AddEventListenerOptions);
  env.window.addEventListener('blur', pause);
  env.window.addEventListener('focus', resume);
  env.document.addEventListener('visibilitychange', onVisibility);
  resetTimer(true);

  return {
    routeChanged(next) {
      if (next.pathname === page.pathname) return;
      flush();
      page = next;
      resume();
    },
    stop() {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) env.window.removeEventListener(name, onActivity);
      env.window.removeEventListener('blur', pause);
      env.window.removeEventListener('focus', resume);
      env.document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
