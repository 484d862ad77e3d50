import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export function registerHealthRoutes(app: FastifyInstance, { db }: Deps) {
  app.get('/healthz', async (req, reply) => {
    try {
      await db.$queryRaw`SELECT 1`;
      return { status: 'ok', database: 'ok' };
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    }
  });
}
