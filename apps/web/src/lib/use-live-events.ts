// The live screens in the signed-in layout: one stream per signed-in tab (lib/live-events.ts),
// opened again with each new token.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { connectLiveEvents, liveInvalidator, tellPresence, tellReady } from './live-events';
import { handleApiError } from './query-client';
import { getToken, useToken } from './session';
import { useTRPC } from './trpc';

export function useLiveEvents(): void {
  const token = useToken();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  // Where the stream left off, so a new token's stream resumes there.
  const position = useRef<{ id?: string }>({});

  useEffect(() => {
    if (!token) return;
    const invalidator = liveInvalidator(queryClient, (router) => trpc[router].pathKey());
    const connection = connectLiveEvents(
      {
        token: getToken,
        onChange: (change) => invalidator.changed(change),
        onReset: () => invalidator.resetAll(),
        onPresence: tellPresence,
        onReady: tellReady,
        onUnauthorized: (response) =>
          handleApiError(Object.assign(new Error(`live events answered ${response.status}`), { meta: { response } })),
      },
      { position: position.current },
    );
    return () => {
      connection.stop();
      tellReady(false);
      invalidator.stop();
    };
  }, [token, queryClient, trpc]);
}
