// The access-log beacon in the signed-in layout: started once, told of each route change, posted
// with fetch keepalive so the last one still goes out while the tab closes.
import { ACCESS_LOG_PATHS } from '@app/shared/access-log-rules';
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { type AccessLogBeacon, startAccessLogBeacon } from './access-log-beacon';
import { handleApiError } from './query-client';
import { getToken } from './session';
import { useCurrentUser } from './use-session';

/** A 401/403 ends the session like any other call; any other failure of a beacon is dropped. */
function postAccessLog(body: URLSearchParams): void {
  const token = getToken();
  if (!token) return;
  fetch(ACCESS_LOG_PATHS[0], { method: 'POST', keepalive: true, headers: { Authorization: `Bearer ${token}` }, body })
    .then((res) => {
      if (res.status === 401 || res.status === 403)
        handleApiError(Object.assign(new Error(`access log answered ${res.status}`), { meta: { response: res } }));
    })
    .catch(() => undefined);
}

export function useAccessLogBeacon(): void {
  const userId = useCurrentUser()?.id;
  const { pathname } = useLocation();
  const id = useMatches().at(-1)?.params.id;
  const user = useRef(userId);
  user.current = userId;
  const beacon = useRef<AccessLogBeacon | null>(null);
  const page = useRef({ pathname, id });
  page.current = { pathname, id };

  useEffect(() => {
    const started = startAccessLogBeacon(
      { window, document, now: () => Date.now(), send: postAccessLog },
      { userId: () => user.current, page: page.current },
    );
    beacon.current = started;
    return () => started.stop();
  }, []);

  useEffect(() => {
    beacon.current?.routeChanged({ pathname, id });
  }, [pathname, id]);
}
