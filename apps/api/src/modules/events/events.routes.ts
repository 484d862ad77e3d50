import { LIVE_EVENTS_PATH } from '@app/shared/events';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { changeSource, type EmbeddedNotifications } from '../../platform/record-changes';
import { requestSession } from '../access/authorize';
import { LIVE_CHANNELS, LIVE_LIMITS, LiveHub } from './live-hub';

/**
 * GET /api/events: the signed-in user's server-sent events stream (live-hub.ts), authenticated by
 * the same bearer token as every call (a browser reads it with fetch, not EventSource, which sends
 * no header), resumed from the Last-Event-ID header. A plain route: a stream, not a procedure.
 * `embedded`: the embedded database, which tells this process its commits (else the listening
 * connection of kept-reads does).
 */
export async function registerEventRoutes(app: FastifyInstance, deps: Deps, embedded?: EmbeddedNotifications) {
  const hub = new LiveHub(LIVE_LIMITS, (stream) =>
    app.log.warn({ userId: stream.userId }, 'live events: dropped a client that did not read what it was sent'),
  );
  const stop = await changeSource(deps.db, LIVE_CHANNELS, embedded).subscribe({
    onMessage: (channel, payload) => hub.handle(channel, payload),
    onReset: () => hub.reset(),
  });
  // Before the server waits for the requests in flight to finish: open streams never would.
  app.addHook('preClose', async () => {
    stop();
    hub.close();
  });

  app.get(LIVE_EVENTS_PATH, async (req, reply) => {
    const user = await requestSession(deps, req);
    const lastEventId = req.headers['last-event-id'];
    // The stream is written as the hub goes, past Fastify's reply: the headers set so far (request
    // id, security, CORS) go with it.
    reply.hijack();
    const res = reply.raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies (nginx) pass each message on at once.
      'x-accel-buffering': 'no',
      // Once the stream ends its connection goes too: a server stopping never waits on it.
      connection: 'close',
    });
    const detach = hub.attach(
      {
        companyId: user.companyId,
        userId: user.id,
        buffered: () => res.writableLength,
        write: (text) => res.write(text),
        end: () => res.end(),
        destroy: () => res.destroy(),
      },
      typeof lastEventId === 'string' ? lastEventId : undefined,
    );
    res.on('close', detach);
    // A connection cut mid-write: the stream is gone, nothing more (no listener would crash the process).
    res.on('error', detach);
    // Gone already (the client left while its session was read): no close is coming.
    if (req.raw.socket?.destroyed) detach();
  });
}
