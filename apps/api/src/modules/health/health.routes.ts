import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process starts shutting down: /readyz answers 503 so a load balancer sends nothing new. */
    draining: boolean;
  }
}

/**
 * How the HTTP server closes on app.close(): it stops accepting connections and closes the idle
 * kept-alive ones; requests in flight finish; a new request on a connection still open gets 503 and
 * Connection: close. Fastify 5's defaults, stated here because graceful shutdown relies on them.
 */
export const CLOSING = { forceCloseConnections: 'idle', return503OnClosing: true } as const;

/**
 * /healthz, liveness: the process answers and reaches its database. /readyz, readiness: the same,
 * and the process is not shutting down.
 */
export function registerHealthRoutes(app: FastifyInstance, { db }: Pick<Deps, 'db'>) {
  app.decorate('draining', false);
  // While shutting down every answer closes its connection: keep-alive clients reconnect to another
  // process, and no connection left idle holds the server's close.
  app.addHook('onSend', async (_req, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });
  const databaseUp = async (log: FastifyInstance['log']) => {
    try {
      await db.$queryRaw`SELECT 1`;
      return true;
    } catch (err) {
      log.error({ err }, 'health check failed');
      return false;
    }
  };
  app.get('/healthz', async (req, reply) => {
    if (await databaseUp(req.log)) return { status: 'ok', database: 'ok' };
    return reply.code(503).send({ status: 'error', database: 'unreachable' });
  });
  app.get('/readyz', async (req, reply) => {
    if (app.draining) return reply.code(503).send({ status: 'draining' });
    if (await databaseUp(req.log)) return { status: 'ok', database: 'ok' };
    return reply.code(503).send({ status: 'error', database: 'unreachable' });
  });
}
