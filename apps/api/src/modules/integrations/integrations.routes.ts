// The plain route of the integrations: Pipedrive's webhook deliveries (not a procedure: the caller
// is Pipedrive, authenticated by the secret path and the HTTP basic auth given on connect).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { WEBHOOK_PATH_PREFIX } from './integrations.service';
import { receivePipedriveWebhook } from './pipedrive.webhook';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function registerIntegrationRoutes(app: FastifyInstance, deps: Deps) {
  app.post(`${WEBHOOK_PATH_PREFIX}/:secret`, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (req) => {
    const { secret } = req.params as { secret: string };
    const outcome = await receivePipedriveWebhook(deps, secret, req.headers.authorization, req.body);
    return { received: true, outcome };
  });
}
