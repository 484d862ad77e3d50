// A worker process (APP_ROLE=worker): the job queue with every module's jobs and schedules. Over
// HTTP it serves only the probes, for an orchestrator.
import type { Db } from '@app/db';
import Fastify from 'fastify';
import { createAppPlatform } from './app-platform';
import type { Config } from './config';
import { logOptions } from './logging';
import { CLOSING, registerHealthRoutes } from './modules/health/health.routes';

export async function buildWorker(config: Config, db: Db) {
  const app = Fastify({ ...(await logOptions(config)), ...CLOSING });
  const platform = createAppPlatform(config, db, app.log);
  registerHealthRoutes(app, { db });
  app.addHook('onClose', async () => {
    await platform.close();
  });
  return { app, platform };
}
