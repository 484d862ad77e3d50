// The access-log beacon: POST /api/access-logs (and the underscore spelling the web app also
// used), a form body sent with fetch keepalive when the user leaves a screen or goes idle. A plain
// route because tRPC takes JSON only; validated by the shared schema all the same. A user's beacons
// credit at most the time between them (creditedActiveTime), whatever their number.
import { ACCESS_LOG_PATHS, accessLogInput, BEACON_MIN_SECONDS } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { parseFormBody } from '../../form-body';
import { authorize } from '../access/authorize';
import { bearerClaims } from '../access/tokens';
import { accessLogWriter, creditedActiveTime } from './access-logs.service';

/** A beacon is a few short fields. */
const BEACON_BODY_LIMIT = 16 * 1024;

export async function registerAccessLogRoutes(app: FastifyInstance, deps: Deps) {
  const writer = accessLogWriter(deps.db);
  // Rows still being written when the server stops are written before the database goes.
  app.addHook('onClose', () => writer.drain());

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT },
      (_req, body, done) => done(null, parseFormBody(body as string)),
    );
    for (const path of ACCESS_LOG_PATHS) {
      scope.post(path, { bodyLimit: BEACON_BODY_LIMIT }, async (req, reply) => {
        // Still logged while the plan is restricted: those users browse billing and profile.
        const user = await authorize(deps.db, bearerClaims(req.headers.authorization, deps.config.jwtSecret), { allowRestricted: true });
        const { access_log: entry } = accessLogInput.parse(req.body);
        const activeTime = await creditedActiveTime(deps.platform.beaconClock, user.id, entry.active_time);
        // Below the web app's own minimum nothing is stored: a burst adds neither time nor visits.
        // Still 204: a beacon's sender reads no answer.
        if (activeTime < BEACON_MIN_SECONDS) return reply.code(204).send();
        // The posted user_id and ip_address are the page's word: the token and the connection decide.
        await writer.write({
          company_id: user.companyId,
          user_id: user.id,
          controller: entry.controller,
          resource_id: entry.resource_id,
          ip_address: req.ip,
          active_time: activeTime,
          created_at: new Date().toISOString(),
        });
        return reply.code(204).send();
      });
    }
  });
}
