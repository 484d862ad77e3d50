import type { FeatureKey } from '@app/shared';
import type { AnyProcedure } from '@trpc/server';
import type { ZodType } from 'zod';
import type { ServedRoute } from '../src/app';
import { restProcedures } from '../src/rest';
import { appRouter } from '../src/router';
import type { Access, ProcedureMeta } from '../src/trpc';
import { fieldPaths, isIdField } from './guard/inputs';
import { PLAIN_ROUTES, type PlainAccess, type PlainRoute, PUBLIC_PROCEDURES } from './route-classification';

/**
 * Every route the API serves, classified. Procedures come from the router (served twice: at
 * /trpc/<path> and, when they declare `meta.openapi`, as a REST route); plain Fastify routes
 * come from Fastify's own route table and are classified in route-classification.ts.
 */
export type InventoryRoute = {
  /** 'REST PATCH /api/users/:id', 'tRPC mutation users.update', 'plain GET /healthz'. */
  name: string;
  transport: 'rest' | 'trpc' | 'plain';
  method: string;
  /** Fastify pattern (REST, plain) or the tRPC URL without input. */
  url: string;
  access: Access | PlainAccess;
  feature?: FeatureKey;
  procedure?: string;
  /** Changes state (a mutation, or a REST/plain method other than GET). */
  write: boolean;
  input?: ZodType;
  /** REST and plain path parameters, e.g. ['id']. */
  pathParams: string[];
  /** Plain multipart routes: the file they accept. */
  upload?: PlainRoute['upload'];
  /** Path parameters named like ids that are not record ids (see PlainRoute.textParams). */
  textParams?: string[];
  /** A server-sent events stream (see PlainRoute.stream). */
  stream?: true;
};

export type Inventory = { routes: InventoryRoute[]; problems: string[] };

const TRPC_ROUTE = '/trpc/:path';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

type ProcedureInfo = { path: string; type: string; meta: ProcedureMeta; input?: ZodType };

export function procedures(): ProcedureInfo[] {
  const all = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  return Object.entries(all).map(([path, proc]) => {
    const def = proc._def as unknown as { type: string; meta?: ProcedureMeta; inputs: ZodType[] };
    if (def.inputs.length > 1) throw new Error(`${path}: several .input() calls; the inventory reads one input schema`);
    return { path, type: def.type, meta: def.meta ?? {}, input: def.inputs[0] };
  });
}

function plainMatch(route: ServedRoute) {
  return PLAIN_ROUTES.find((p) => p.method === route.method && (typeof p.url === 'string' ? p.url === route.url : p.url.test(route.url)));
}

/**
 * Builds the inventory from the served routes (Fastify's table, see BuiltApp.routes) and the
 * OpenAPI document the app publishes; `problems` lists every route that is served but not
 * classified, and every disagreement between the router, Fastify and the document.
 */
export function buildInventory(served: ServedRoute[], openapi: { paths: Record<string, Record<string, unknown>> }): Inventory {
  const problems: string[] = [];
  const routes: InventoryRoute[] = [];
  const rest = restProcedures(appRouter);
  const servedKeys = new Set(served.map((r) => `${r.method} ${r.url}`));

  for (const p of procedures()) {
    const access = p.meta.access;
    if (!access) {
      problems.push(
        `procedure ${p.path} has no access level: build it from publicProcedure, authedProcedure, managerProcedure, ownerProcedure or superAdminProcedure`,
      );
      continue;
    }
    if (access === 'public' && !PUBLIC_PROCEDURES[p.path]) {
      problems.push(`procedure ${p.path} is public but not listed in PUBLIC_PROCEDURES (route-classification.ts)`);
    }
    const base = { access, feature: p.meta.feature, procedure: p.path, input: p.input, write: p.type === 'mutation' };
    routes.push({
      ...base,
      name: `tRPC ${p.type} ${p.path}`,
      transport: 'trpc',
      method: p.type === 'query' ? 'GET' : 'POST',
      url: `/trpc/${p.path}`,
      pathParams: [],
    });
    const r = rest.find((x) => x.path === p.path);
    if (r) {
      routes.push({
        ...base,
        name: `REST ${r.method} ${r.url}`,
        transport: 'rest',
        method: r.method,
        url: r.url,
        write: !READ_METHODS.has(r.method),
        pathParams: pathParams(r.url),
      });
      if (!servedKeys.has(`${r.method} ${r.url}`))
        problems.push(`REST ${r.method} ${r.url} (${p.path}) is declared but Fastify does not serve it`);
      const documented = openapi.paths[r.openapi.path]?.[r.method.toLowerCase()];
      if (!documented) problems.push(`REST ${r.method} ${r.url} (${p.path}) is missing from /api/openapi.json`);
      for (const field of ['summary', 'description'] as const) {
        if (!r.openapi[field]?.trim()) problems.push(`REST ${r.method} ${r.url} (${p.path}) has no pt-BR ${field} in meta.openapi`);
      }
    }
  }
  for (const name of Object.keys(PUBLIC_PROCEDURES)) {
    if (!routes.some((r) => r.procedure === name && r.access === 'public'))
      problems.push(`PUBLIC_PROCEDURES lists ${name}, which is not a public procedure`);
  }
  for (const [path, methods] of Object.entries(openapi.paths)) {
    for (const method of Object.keys(methods)) {
      if (!rest.some((r) => r.openapi.path === path && r.method.toLowerCase() === method)) {
        problems.push(`/api/openapi.json documents ${method.toUpperCase()} ${path}, which no procedure serves`);
      }
    }
  }

  const restKeys = new Set(rest.map((r) => `${r.method} ${r.url}`));
  for (const route of served) {
    const key = `${route.method} ${route.url}`;
    if (restKeys.has(key) || route.url === TRPC_ROUTE) continue;
    // Fastify adds a HEAD twin to every GET route.
    if (route.method === 'HEAD' && servedKeys.has(`GET ${route.url}`)) continue;
    const plain = plainMatch(route);
    if (!plain) {
      problems.push(`${key} is served but not classified: add it to PLAIN_ROUTES in apps/api/test/route-classification.ts`);
      continue;
    }
    routes.push({
      name: `plain ${key}`,
      transport: 'plain',
      method: route.method,
      url: route.url,
      access: plain.access,
      write: !READ_METHODS.has(route.method),
      input: plain.input,
      upload: plain.upload,
      textParams: plain.textParams,
      stream: plain.stream,
      pathParams: pathParams(route.url),
    });
    // The id matrices find a route's ids through its declared schema: an undeclared one would go untested.
    const declared = new Set(fieldPaths(plain.input).map((p) => p.join('.')));
    for (const param of pathParams(route.url).filter(isIdField)) {
      if (!declared.has(param) && !plain.textParams?.includes(param))
        problems.push(
          `${key}: path parameter :${param} is neither in the route's input schema nor in textParams (route-classification.ts)`,
        );
    }
  }
  return { routes, problems };
}

export function summarize(inv: Inventory): string {
  const count = (f: (r: InventoryRoute) => boolean) => inv.routes.filter(f).length;
  const byAccess = [...new Set(inv.routes.map((r) => r.access))].map((a) => `${a} ${count((r) => r.access === a)}`).join(', ');
  return `${inv.routes.length} routes (REST ${count((r) => r.transport === 'rest')}, tRPC ${count((r) => r.transport === 'trpc')}, plain ${count((r) => r.transport === 'plain')}); by access: ${byAccess}; needing a feature: ${count((r) => !!r.feature)}`;
}
