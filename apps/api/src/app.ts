import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Db } from '@app/db';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createAppPlatform } from './app-platform';
import type { Config } from './config';
import type { Deps } from './deps';
import { toApiErrorBody } from './error-body';
import { AppError } from './errors';
import { corsOriginCheck, indexHtmlWithHosts } from './hosts';
import { assertNoNulBytes } from './input-guard';
import { type LogStream, logOptions } from './logging';
import { SESSION_CHANNEL } from './modules/access/session';
import { registerAccessLogRoutes } from './modules/access-logs/access-logs.routes';
import { registerAgencyExportRoutes } from './modules/agency-exports/agency-exports.routes';
import { registerAttendanceRoutes } from './modules/attendances/attendances.routes';
import { registerBillingRoutes } from './modules/billing/billing.routes';
import { registerBudgetDocumentRoutes } from './modules/budget-documents/budget-documents.routes';
import { registerClientRoutes } from './modules/clients/clients.routes';
import { registerContractRoutes } from './modules/contracts/contracts.routes';
import { registerDataSubjectRoutes } from './modules/data-subjects/data-subjects.routes';
import { registerEventRoutes } from './modules/events/events.routes';
import { PRESENCE_CHANNEL, RECORD_CHANNEL } from './modules/events/live-hub';
import { registerFinanceExportRoutes } from './modules/finance/finance-export.routes';
import { registerDevRoutes } from './modules/health/dev.routes';
import { CLOSING, registerHealthRoutes } from './modules/health/health.routes';
import { registerImportRoutes } from './modules/imports/imports.routes';
import { registerIntegrationRoutes } from './modules/integrations/integrations.routes';
import { landingHtmlPage } from './modules/landing-pages/landing-html';
import { registerNfseRoutes } from './modules/nfse/nfse.routes';
import { REFERENCE_CHANNEL } from './modules/reference-lists/reference-lists.service';
import { registerUploadRoutes } from './modules/uploads/uploads.routes';
import { registerVoucherRoutes } from './modules/vouchers/vouchers.routes';
import type { Platform } from './platform';
import { startKeptReads } from './platform/kept-reads';
import type { EmbeddedNotifications } from './platform/record-changes';
import { API_PREFIX, documentYaml, openApiDocument, registerRestRoutes } from './rest';
import { type AppRouter, appRouter } from './router';
import { securityHeaders } from './security-headers';
import { createContext, errorRequestIds } from './trpc';

export const BODY_LIMIT_BYTES = 1024 * 1024;
const REQUEST_ID = /^[\w.-]{8,64}$/;

export type ServedRoute = { method: string; url: string };
/** `routes` is Fastify's own route table, read by the route inventory test. */
export type BuiltApp = { app: FastifyInstance; deps: Deps; platform: Platform; routes: ServedRoute[] };

/** External plugins -> app plugins -> routes. `embedded`: the embedded database main.ts started, if any. */
export async function buildApp(
  config: Config,
  db: Db,
  opts: { queueName?: string; logStream?: LogStream; embedded?: EmbeddedNotifications } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    ...(await logOptions(config, opts.logStream)),
    ...CLOSING,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: /^\d+$/.test(config.TRUST_PROXY) ? (_address: string, hop: number) => hop < Number(config.TRUST_PROXY) : config.TRUST_PROXY,
    // A load balancer's id is kept when it looks like one; anything else a client sends is replaced.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    // Malformed URLs and over-long path parameters never reach a route: same error body, no echo of the URL.
    frameworkErrors: (error, req, reply) => {
      const body = toApiErrorBody(error, req.id);
      return (reply as FastifyReply).code(body.status).header('x-request-id', req.id).header('cache-control', 'no-store').send(body);
    },
  });
  const routes: ServedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  const platform = createAppPlatform(config, db, app.log, { queueName: opts.queueName });
  const deps: Deps = { db, config, platform };
  if (config.DATABASE_URL) {
    const kept = startKeptReads(db, config.DATABASE_URL, [SESSION_CHANNEL, REFERENCE_CHANNEL, RECORD_CHANNEL, PRESENCE_CHANNEL], (error) =>
      app.log.warn({ err: error }, 'kept reads: the listening connection failed; reads go to the database until it is back'),
    );
    app.addHook('onClose', () => kept.stop());
  }

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // API answers depend on the caller's token: no browser or proxy may keep them. Routes that set
  // their own policy keep it (built web files, public images, private downloads).
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  // Procedures check their own input (trpc.ts); this covers the plain routes' params, query and JSON body.
  app.addHook('preValidation', async (req) => {
    assertNoNulBytes(req.params, req.query, req.body);
  });

  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Every reply, API or web app, error or not; a route may still set its own (Swagger UI's CSP).
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cors, { origin: corsOriginCheck(config), credentials: false });
  // Each upload route sets its own file size limit; these are the outer bounds of any multipart body.
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 11 } });

  app.setErrorHandler((error, req, reply) => {
    const body = toApiErrorBody(error, req.id);
    if (body.status >= 500) req.log.error({ err: error }, 'request failed');
    return reply.code(body.status).send(body);
  });

  // No procedure takes form data: the tRPC plugin would hand such bodies to tRPC raw, past
  // bodyLimit (and fail with a 500). Refused before the body is read.
  app.addHook('onRequest', async (req) => {
    const type = req.headers['content-type'];
    if (req.url.startsWith('/trpc/') && type && !/^application\/json\b/i.test(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createContext(deps, req, res),
      // The web client sends one call per request; a batch would run N logins (N password hashes) for one.
      allowBatching: false,
      onError: ({ error, ctx, req }) => {
        errorRequestIds.set(error, req.id);
        if (toApiErrorBody(error).status >= 500) ctx?.log.error({ err: error }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  // The documentation pages read `app.swagger()` (the document, or its YAML): both made on the
  // first request for the document or its pages, a piece at a time (rest.ts).
  let built: Promise<{ document: object; yaml: string }> | undefined;
  const buildDocument = () => {
    built ??= openApiDocument(appRouter).then(async (document) => ({ document, yaml: await documentYaml(document) }));
    return built;
  };
  let served: { document: object; yaml: string } | undefined;
  // The documentation pages need the swagger plugin registered; they read our decorator, so its own
  // goes under another name (static.js reads `decorator`, which its types do not list).
  await app.register(swagger, { mode: 'static', decorator: 'unusedSwagger', specification: { document: {} } } as never);
  app.decorate('swagger', ((opts?: { yaml?: boolean }) => (opts?.yaml ? served?.yaml : served?.document)) as never);
  app.get(`${API_PREFIX}/openapi.json`, async () => (await buildDocument()).document);
  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    staticCSP: true,
    uiHooks: {
      onRequest: async () => {
        served = await buildDocument();
      },
    },
  });

  // Multipart uploads and binary downloads are plain routes, registered before the REST ones.
  registerUploadRoutes(app, deps);
  registerClientRoutes(app, deps);
  registerAttendanceRoutes(app, deps);
  registerBudgetDocumentRoutes(app, deps);
  registerContractRoutes(app, deps);
  registerIntegrationRoutes(app, deps);
  registerNfseRoutes(app, deps);
  registerVoucherRoutes(app, deps);
  registerAgencyExportRoutes(app, deps);
  registerDataSubjectRoutes(app, deps);
  registerImportRoutes(app, deps);
  registerFinanceExportRoutes(app, deps);
  await registerEventRoutes(app, deps, opts.embedded);
  await registerBillingRoutes(app, deps);
  await registerAccessLogRoutes(app, deps);
  registerRestRoutes(app, appRouter, deps);
  registerHealthRoutes(app, deps);
  if (platform.mailer.kind === 'outbox') registerDevRoutes(app, deps);

  const webDist = config.WEB_DIST;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    const hashedAssets = join(resolve(webDist), 'assets') + sep;
    // preCompressed: the build's .br and .gz twins go to browsers that accept them. Files under
    // assets/ carry a content hash in their name, so a browser may keep them for good; the rest
    // (icons, the manifest) are checked again after an hour.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
      preCompressed: true,
      setHeaders(reply, path) {
        if (path.startsWith(hashedAssets)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isApi =
      path.startsWith(API_PREFIX) ||
      path.startsWith('/trpc') ||
      path.startsWith('/healthz') ||
      path.startsWith('/readyz') ||
      path.startsWith('/dev');
    // A missing file (an asset from an older build) is a 404, never the page: a browser would
    // otherwise try to run HTML as a script.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (!isApi && !isFile && hasWeb && (req.method === 'GET' || req.method === 'HEAD') && path.startsWith('/landing-page/')) {
      // The customer's page is its own small entry; its data call and cover start with the HTML
      // (preloads) and its hero is rendered in.
      const id = /^\/landing-page\/([^/]+)\/?$/.exec(path)?.[1] ?? null;
      const page = await landingHtmlPage(deps, req.ip, webDist, id);
      if (page.retryAfterSeconds !== null) reply.header('retry-after', String(page.retryAfterSeconds));
      return reply
        .code(page.status)
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(page.html);
    }
    if (!isApi && !isFile && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      // History-mode SPA: every screen path serves index.html; the router decides. With agency
      // subdomains the page carries the hosts the router's redirects need.
      const withHosts = await indexHtmlWithHosts(config, webDist);
      if (withHosts !== null) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withHosts);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(toApiErrorBody(Object.assign(new Error('not found'), { statusCode: 404, code: 'NOT_FOUND' }), req.id));
  });

  app.addHook('onClose', async () => {
    await platform.close();
  });
  return { app, deps, platform, routes };
}
