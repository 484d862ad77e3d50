import { canSeeCosts, type FeatureKey, type Role, withoutCosts } from '@app/shared';
import { initTRPC } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Deps } from './deps';
import { toApiErrorBody, toTRPCError } from './error-body';
import { AppError } from './errors';
import { assertNoNulBytes } from './input-guard';
import { type AccessRule, authorize, enforcePlan } from './modules/access/authorize';
import { type AccessClaims, bearerClaims } from './modules/access/tokens';
import { changesSettled } from './platform/kept-reads';

export type Context = Deps & {
  requestId: string;
  ip: string;
  log: FastifyRequest['log'];
  /**
   * The bearer token's claims, verified once per request here (null without a valid token).
   * Procedures and services use these; nothing reads the Authorization header again.
   */
  claims: AccessClaims | null;
  userAgent: string | null;
  /** The Origin header a browser sent (the page's scheme, host and port); null without one. */
  origin: string | null;
  /** Sets a header of the answer (e.g. the public pages' `X-Robots-Tag`), on both transports. */
  setHeader(name: string, value: string): void;
};

export function createContext(deps: Deps, req: FastifyRequest, reply?: FastifyReply): Context {
  const claims = bearerClaims(req.headers.authorization, deps.config.jwtSecret);
  const userAgent = req.headers['user-agent'] ?? null;
  const origin = typeof req.headers.origin === 'string' ? req.headers.origin : null;
  const setHeader = (name: string, value: string) => {
    reply?.header(name, value);
  };
  return { ...deps, requestId: req.id, ip: req.ip, log: req.log, claims, userAgent, origin, setHeader };
}

/**
 * Who may call a procedure. Each builder below sets it, so the route inventory
 * (apps/api/test/inventory.ts) classifies every procedure without a list kept by hand.
 */
export type Access = 'public' | 'authed' | 'manager' | 'owner' | 'super_admin';
/** `feature` and `allowRestricted` are the plan rules of access/authorize.ts. */
export type ProcedureMeta = OpenApiMeta & AccessRule & { access?: Access };

/**
 * Errors raised before the context exists (a malformed request) still carry their request id:
 * the transport's onError, which sees the request, records it here for the error formatter.
 */
export const errorRequestIds = new WeakMap<object, string>();

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const body = toApiErrorBody(error, ctx?.requestId ?? errorRequestIds.get(error));
      return { ...shape, message: body.message, data: body };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * The first middleware of every procedure (one layer: each copies the call's options). Services
 * throw AppError (no tRPC in them) and tRPC wraps it as an internal error, so it becomes the
 * TRPCError its code stands for. Some reads are kept per process and forgotten on a notification
 * at commit (platform/kept-reads.ts): a mutation answers once those of its own writes have arrived,
 * so its caller's next request (a deactivated user, a changed plan, an edited list row) never meets
 * the read as it was.
 */
const procedureOutcome = t.middleware(async ({ ctx, type, next }) => {
  const result = await next();
  if (type === 'mutation') await changesSettled(ctx.db);
  if (!result.ok && result.error.cause instanceof AppError) throw toTRPCError(result.error.cause);
  return result;
});

/** Input PostgreSQL cannot store is a 400 before any work (input-guard.ts), on both transports. */
const rejectNulBytes = t.middleware(async ({ getRawInput, next }) => {
  assertNoNulBytes(await getRawInput());
  return next();
});

const procedure = t.procedure.use(procedureOutcome);

export const publicProcedure = procedure.meta({ access: 'public' }).use(rejectNulBytes);

/** A signed-in, active user whose plan allows the procedure (access/authorize.ts); narrows ctx to them. */
export const authedProcedure = procedure.meta({ access: 'authed' }).use(async ({ ctx, meta, getRawInput, next }) => {
  const { claims } = ctx;
  if (!claims) throw new AppError('UNAUTHORIZED');
  // A role-level procedure checks its plan feature after the role (roleProcedure): who comes before what the plan allows.
  const rule = meta?.access && meta.access !== 'authed' ? { ...meta, feature: undefined } : meta;
  const { entitlements, ...user } = await authorize(ctx.db, claims, rule);
  // rejectNulBytes's check, in this layer and after the session: an unauthenticated call is a 401 whatever it sent.
  assertNoNulBytes(await getRawInput());
  const seesCosts = canSeeCosts(user.role, user.costsVisibility);
  const result = await next({ ctx: { claims, user, companyId: user.companyId, entitlements, seesCosts } });
  // Costs, revenue and margins leave no answer to a user the agency keeps them from, whatever the route.
  return result.ok && !seesCosts ? { ...result, data: withoutCosts(result.data) } : result;
});

/** A procedure that needs a plan feature: `requireFeature('d4sign').meta({ openapi })...`. */
export const requireFeature = (feature: FeatureKey) => authedProcedure.meta({ feature });

/** Refused 403 to other roles, then 402 when `meta.feature` is not in the plan (e.g. `ownerProcedure.meta({ feature })`). */
function roleProcedure(access: Access, roles: readonly Role[]) {
  return authedProcedure.meta({ access }).use(({ ctx, meta, next }) => {
    if (!roles.includes(ctx.user.role)) throw new AppError('FORBIDDEN');
    // The restricted plan was authorize's to refuse; only the feature is left.
    enforcePlan(ctx.entitlements, { feature: meta?.feature, allowRestricted: true });
    return next();
  });
}

/** Owners and administrators manage their agency's staff. */
export const managerProcedure = roleProcedure('manager', ['owner', 'administrador', 'super_admin']);
export const ownerProcedure = roleProcedure('owner', ['owner']);
export const superAdminProcedure = roleProcedure('super_admin', ['super_admin']);
