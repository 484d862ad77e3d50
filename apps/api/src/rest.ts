import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { generateOpenApiDocument, type OpenApiMeta } from 'trpc-to-openapi';
import { toApiErrorBody } from './errors';
import { createCallerFactory, createContext, type Deps } from './trpc';

export const API_PREFIX = '/api';

type RestProcedure = {
  path: string;
  method: string;
  url: string;
  openapi: NonNullable<OpenApiMeta['openapi']>;
  /** The input is an object: a request without query or body still sends `{}` (defaults apply). */
  objectInput: boolean;
};

/** Every procedure that declares `meta.openapi`, with its Fastify URL (`{id}` -> `:id`). */
export function restProcedures(appRouter: AnyRouter): RestProcedure[] {
  const procedures = appRouter._def.procedures as Record<string, AnyProcedure>;
  return Object.entries(procedures).flatMap(([path, proc]) => {
    const openapi = (proc._def.meta as OpenApiMeta | undefined)?.openapi;
    if (!openapi || openapi.enabled === false) return [];
    const input = (proc._def as { inputs?: { _zod?: { def?: { type?: string } } }[] }).inputs?.[0];
    const objectInput = input?._zod?.def?.type === 'object';
    return [{ path, method: openapi.method, url: API_PREFIX + openapi.path.replace(/\{(\w+)\}/g, ':$1'), openapi, objectInput }];
  });
}

/**
 * Serves each procedure at its documented REST route as a real Fastify route (so it shows in
 * the route table, body limits and hooks apply), calling the very same procedure as /trpc.
 * Input is the query (GET/DELETE) or JSON body, plus the path parameters.
 */
export function registerRestRoutes(app: FastifyInstance, appRouter: AnyRouter, deps: Deps) {
  const createCaller = createCallerFactory(appRouter);
  for (const route of restProcedures(appRouter)) {
    const segments = route.path.split('.');
    app.route({
      method: route.method,
      url: route.url,
      handler: async (req, reply) => {
        const params = req.params as Record<string, string>;
        const source = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : req.query;
        const hasInput = Object.keys(params).length > 0 || (source && Object.keys(source).length > 0);
        const input = hasInput || route.objectInput ? { ...(source as object), ...params } : undefined;
        try {
          let fn: unknown = createCaller(createContext(deps, req));
          for (const s of segments) fn = (fn as Record<string, unknown>)[s];
          const data = await (fn as (i: unknown) => Promise<unknown>)(input);
          return reply.code(200).send(data ?? null);
        } catch (error) {
          const body = toApiErrorBody(error, req.id);
          if (body.status >= 500) req.log.error({ err: error }, 'procedure failed');
          return reply.code(body.status).send(body);
        }
      },
    });
  }
}

export function openApiDocument(appRouter: AnyRouter, baseUrl: string) {
  return generateOpenApiDocument(appRouter, {
    title: 'Agência CRM API',
    version: '1.0.0',
    baseUrl: baseUrl + API_PREFIX,
    description: 'API REST do Agência CRM. Os mesmos procedimentos são servidos em /trpc.',
    securitySchemes: { Authorization: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  });
}
