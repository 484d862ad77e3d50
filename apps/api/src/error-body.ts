// How both transports answer an error: one table from the services' codes to tRPC's, the HTTP
// status from tRPC's own code -> status mapping, and one JSON body for REST, plain routes and tRPC.
import { type ApiErrorBody, statusMessage } from '@app/shared';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { AppError, type AppErrorCode, zodFieldErrors } from './errors';

const TRPC_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  PLAN_RESTRICTED: 'PAYMENT_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  UPSTREAM: 'BAD_GATEWAY',
  NOT_CONFIGURED: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<AppErrorCode, TRPC_ERROR_CODE_KEY>;

/** The tRPC error a service's AppError stands for (its code sets tRPC's HTTP status). */
export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODES[error.code], message: error.message, cause: error });
}

const httpStatus = (error: AppError) => getHTTPStatusCodeFromError(toTRPCError(error));

/**
 * 5xx codes whose catalogue message (written by a service for users, never a cause) is shown:
 * a third party failing or not configured is not an internal error, and the spec's catalogue
 * shows "server message or status text" for those statuses. Everything else above 499 gets only
 * its status message.
 */
const USER_FACING_5XX = new Set<AppError['code']>(['UPSTREAM', 'NOT_CONFIGURED']);

/**
 * Formats any error into the one body both transports return. Messages are exposed only
 * below 500 (and for USER_FACING_5XX); a 5xx carries the request id and nothing of its cause.
 */
export function toApiErrorBody(error: unknown, requestId?: string): ApiErrorBody {
  const cause = error instanceof TRPCError && error.cause ? error.cause : undefined;
  const app = error instanceof AppError ? error : cause instanceof AppError ? cause : undefined;
  if (app) {
    const status = httpStatus(app);
    const exposed = status < 500 || USER_FACING_5XX.has(app.code);
    const message = exposed && app.userMessage ? app.userMessage : statusMessage(status);
    return {
      status,
      code: app.code,
      message,
      errors: app.fieldErrors,
      request_id: requestId,
      ...(app.conflict ? { conflict: app.conflict } : {}),
    };
  }
  const zod = error instanceof ZodError ? error : cause instanceof ZodError ? cause : undefined;
  if (zod) {
    return { status: 400, code: 'VALIDATION', message: statusMessage(400), errors: zodFieldErrors(zod), request_id: requestId };
  }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    return { status, code: error.code, message: statusMessage(status, status < 500 ? error.message : undefined), request_id: requestId };
  }
  const status = (error as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, code: (error as { code?: string }).code ?? 'BAD_REQUEST', message: statusMessage(status), request_id: requestId };
  }
  return { status: 500, code: 'INTERNAL', message: statusMessage(500), request_id: requestId };
}
