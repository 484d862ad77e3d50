import type { Db } from '@app/db';
import { type FeatureKey, type Role, restrictionMessage } from '@app/shared';
import { initTRPC } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Config } from './config';
import { AppError, toApiErrorBody } from './errors';
import { assertNoNulBytes } from './input-guard';
import { loadSession, type SessionUser } from './modules/auth/session';
import { verifyAccessToken } from './modules/auth/tokens';
import type { Entitlements } from './modules/billing/entitlements';
import type { Platform } from './platform';

export type Deps = { db: Db; config: Config; platform: Platform };

export type Context = Deps & {
  requestId: string;
  ip: string;
  authorization: string | undefined;
  log: FastifyRequest['log'];
};

export function createContext(deps: Deps, req: FastifyRequest): Context {
  return { ...deps, requestId: req.id, ip: req.ip, authorization: req.headers.authorization, log: req.log };
}

/**
 * Who may call a procedure. Each builder below sets it, so the route inventory
 * (apps/api/test/inventory.ts) classifies every procedure without a list kept by hand.
 */
export type Access = 'public' | 'authed' | 'manager' | 'owner' | 'super_admin';
export type ProcedureMeta = OpenApiMeta & {
  access?: Access;
  /** Refused (402) unless the company's current plan includes it; see requireFeature. */
  feature?: FeatureKey;
  /** Still reachable while the plan is restricted: billing, profile (section 2). */
  allowRestricted?: boolean;
};

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
/** Input PostgreSQL cannot store is a 400 before any work (input-guard.ts), on both transports. */
const rejectNulBytes = t.middleware(async ({ getRawInput, next }) => {
  assertNoNulBytes(await getRawInput());
  return next();
});

export const publicProcedure = t.procedure.meta({ access: 'public' }).use(rejectNulBytes);

/**
 * Verifies the bearer token and reloads the user: a deactivated user is out at once. Then the
 * plan is enforced (restriction, `meta.feature`) from the company's current subscription. Used
 * by authedProcedure and by the plain Fastify routes (multipart uploads, file downloads), which
 * pass no meta and so are refused while the plan is restricted.
 */
export async function authenticate(
  deps: Pick<Deps, 'db' | 'config'>,
  authorization: string | undefined,
  meta?: ProcedureMeta,
): Promise<SessionUser & { entitlements: Entitlements }> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
  if (!token) throw new AppError('UNAUTHORIZED');
  const claims = verifyAccessToken(token, deps.config.jwtSecret);
  if (!claims) throw new AppError('UNAUTHORIZED');
  const session = await loadSession(deps.db, claims.userId);
  if (!session) throw new AppError('UNAUTHORIZED');
  restrictedGuard(session.entitlements, meta);
  return session;
}

/**
 * Plan enforcement from the company's current subscription (never from the token's claims, which
 * may predate a plan change). A restricted plan answers 402, not 401/403: those log the user out
 * in the web app, and a restricted user must still reach billing, profile and logout.
 */
function restrictedGuard(entitlements: Entitlements, meta: ProcedureMeta | undefined) {
  if (!entitlements.is_valid_for_features && !meta?.allowRestricted) {
    throw new AppError('PLAN_RESTRICTED', { message: restrictionMessage(entitlements.status_plan, entitlements.days_remaining) });
  }
  if (meta?.feature && !entitlements.features[meta.feature]) {
    throw new AppError('PLAN_RESTRICTED', { message: 'Este recurso não está incluído no plano da sua agência.' });
  }
}

export const authedProcedure = t.procedure
  .meta({ access: 'authed' })
  .use(async ({ ctx, meta, next }) => {
    const { entitlements, ...user } = await authenticate(ctx, ctx.authorization, meta);
    return next({ ctx: { ...ctx, user, companyId: user.companyId, entitlements } });
  })
  .use(rejectNulBytes);

/** A procedure that needs a plan feature: `requireFeature('d4sign').meta({ openapi })...`. */
export const requireFeature = (feature: FeatureKey) => authedProcedure.meta({ feature });

function roleProcedure(access: Access, roles: readonly Role[]) {
  return authedProcedure.meta({ access }).use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) throw new AppError('FORBIDDEN');
    return next();
  });
}

/** Owners and administrators manage their agency's staff. */
export const managerProcedure = roleProcedure('manager', ['owner', 'administrador', 'super_admin']);
export const ownerProcedure = roleProcedure('owner', ['owner']);
export const superAdminProcedure = roleProcedure('super_admin', ['super_admin']);
